import { z } from 'zod';
import { moneySchema, priceInputSchema } from '../money/schemas.ts';
import { pagedSchema, pagingQuerySchema } from '../http/paging.ts';

export const PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;
export const PRODUCT_LIMITS = { brand: 120, name: 120, description: 5000 } as const;
export const REVIEW_COMMENT_MAX = 2000;

/** A product's VAT rate category (decision 225): standard 8.1 %, reduced 2.6 %, exempt. */
export const VAT_RATES = ['standard', 'reduced', 'exempt'] as const;
export const vatRateSchema = z.enum(VAT_RATES, {
  message: 'Choose a VAT rate: standard, reduced or exempt.',
});
export type VatRate = z.infer<typeof vatRateSchema>;

export const subcategorySchema = z.object({ id: z.number().int(), name: z.string() });
export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subcategory: z.array(subcategorySchema),
});
export type Category = z.infer<typeof categorySchema>;

/** Stock of a product in one store, as the product page shows it. */
export const productStockSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  store: z.number().int(),
  storeName: z.string(),
  city: z.string(),
});
export type ProductStock = z.infer<typeof productStockSchema>;

export const productSchema = z.object({
  id: z.number().int(),
  brand: z.string(),
  name: z.string(),
  price: moneySchema,
  description: z.string(),
  image: z.string(),
  thumbnail: z.string(),
  category: z.number().int(),
  categoryName: z.string(),
  subcategory: z.number().int(),
  subcategoryName: z.string(),
  /** The VAT rate category the platform charges on this product (Art. 20a MWSTG). */
  vatRate: vatRateSchema,
  seller: z.number().int(),
  sellerDetails: z.object({ id: z.number().int(), name: z.string(), image: z.string() }),
  /** Product cards carry these two as well (spec §3). */
  seller_id: z.number().int(),
  username: z.string(),
  rating: z.number(),
  numReviews: z.number().int(),
  /** Sum of stock numbers over all stores. */
  countInStock: z.number().int(),
  stocks: z.array(productStockSchema),
  createdAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/** `next` is the offset of the next page or null; `count` every match (decision 118). */
export const pagedProductsSchema = pagedSchema(productSchema);
export type PagedProducts = z.infer<typeof pagedProductsSchema>;

/**
 * A seller's products (GET /api/products/user/{id}): the seller page loads 24 at a time; a
 * plain call (no offset, no limit) answers at most the newest 48 (decision 118).
 */
export const SELLER_PRODUCTS_PAGE_SIZE = 24;
export const SELLER_PRODUCTS_MAX_PAGE_SIZE = 48;
const sellerPaging = pagingQuerySchema(SELLER_PRODUCTS_PAGE_SIZE, SELLER_PRODUCTS_MAX_PAGE_SIZE);
/** offset and limit, each left undefined when not sent (a plain call). */
export const sellerProductsQuerySchema = z.object({
  offset: sellerPaging.shape.offset.unwrap().optional(),
  limit: sellerPaging.shape.limit.unwrap().optional(),
});

export const productListQuerySchema = pagingQuerySchema(PAGE_SIZE, MAX_PAGE_SIZE).extend({
  category: z.string().trim().max(120).optional(),
  subcategory: z.string().trim().max(120).optional(),
});

const STOCK_AT_CREATION_MESSAGE = 'The stock number must be a whole number from 0 to 1,000,000.';

const idField = (what: string) =>
  z.coerce
    .number({ message: `Choose a ${what}.` })
    .int(`Choose a ${what}.`)
    .positive(`Choose a ${what}.`)
    .max(2_147_483_647, `Choose a ${what}.`);

/** Product creation (multipart or JSON). `seller` may be sent but is ignored: a product belongs to its creator. */
export const productCreateSchema = z.object({
  brand: z
    .string()
    .trim()
    .min(1, 'Enter a brand.')
    .max(PRODUCT_LIMITS.brand, `A brand has at most ${PRODUCT_LIMITS.brand} characters.`),
  name: z
    .string()
    .trim()
    .min(1, 'Enter a name.')
    .max(PRODUCT_LIMITS.name, `A name has at most ${PRODUCT_LIMITS.name} characters.`),
  price: priceInputSchema,
  description: z
    .string()
    .trim()
    .max(PRODUCT_LIMITS.description, `A description has at most ${PRODUCT_LIMITS.description} characters.`)
    .optional()
    .default(''),
  category: idField('category'),
  subcategory: idField('subcategory'),
  vatRate: vatRateSchema.optional().default('standard'),
});
export type ProductCreateInput = z.input<typeof productCreateSchema>;

/**
 * `initialStocks`: stock per own store set in the same request as a product's creation
 * (optional): a JSON list of {store, number}, or that list as a JSON string in a multipart
 * field. One entry per store. (Named apart from the product's read-only `stocks`.)
 */
export const productStocksInputSchema = z
  .preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      if (v.trim() === '') return [];
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return v;
      }
    },
    z
      .array(
        z.object({
          store: idField('store'),
          number: z.coerce
            .number({ message: STOCK_AT_CREATION_MESSAGE })
            .int(STOCK_AT_CREATION_MESSAGE)
            .min(0, STOCK_AT_CREATION_MESSAGE)
            .max(1_000_000, STOCK_AT_CREATION_MESSAGE),
        }),
        { message: 'initialStocks must be a list of {store, number}.' },
      )
      .max(200, 'At most 200 stores per product.')
      .refine((list) => new Set(list.map((s) => s.store)).size === list.length, {
        message: 'Each store may appear once in initialStocks.',
      }),
  )
  .optional();

/**
 * A product edit (PATCH, multipart or JSON): any of the creation fields, each validated as at
 * creation; fields left out keep their value. The image travels as a file.
 */
export const productUpdateSchema = z
  .object({
    brand: productCreateSchema.shape.brand,
    name: productCreateSchema.shape.name,
    price: priceInputSchema,
    description: z
      .string()
      .trim()
      .max(PRODUCT_LIMITS.description, `A description has at most ${PRODUCT_LIMITS.description} characters.`),
    category: idField('category'),
    subcategory: idField('subcategory'),
    vatRate: vatRateSchema,
  })
  .partial();
export type ProductUpdateInput = z.input<typeof productUpdateSchema>;

export const RATING_LABELS = { 1: 'Poor', 2: 'Fair', 3: 'Good', 4: 'Very Good', 5: 'Excellent' } as const;

export const reviewCreateSchema = z.object({
  rating: z.coerce
    .number()
    .int('Choose a rating from 1 to 5.')
    .min(1, 'Choose a rating from 1 to 5.')
    .max(5, 'Choose a rating from 1 to 5.'),
  comment: z
    .string()
    .trim()
    .max(REVIEW_COMMENT_MAX, `A comment has at most ${REVIEW_COMMENT_MAX} characters.`)
    .optional()
    .default(''),
});

export const reviewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  user: z.number().int(),
  rating: z.number().int(),
  comment: z.string(),
  createdAt: z.string(),
  verified: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

export const latestReviewSchema = reviewSchema.extend({
  product_id: z.number().int(),
  image: z.string(),
  thumbnail: z.string(),
  product_brand: z.string(),
  product_name: z.string(),
});
export type LatestReview = z.infer<typeof latestReviewSchema>;
