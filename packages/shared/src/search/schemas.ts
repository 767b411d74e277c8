import { z } from 'zod';
import { sellerSummarySchema } from '../accounts/schemas.ts';
import { productListQuerySchema, productSchema, sellerProductsQuerySchema } from '../catalogue/schemas.ts';
import { parseRappen } from '../money/money.ts';
import { limitParam, offsetParam, pagedSchema } from '../http/paging.ts';
import { digits } from '../http/params.ts';
import { mapStoreSchema, storeSchema } from '../stores/schemas.ts';

export const SEARCH_TYPES = [
  'stores',
  'map',
  'products',
  'profiles',
  'all',
  'products_in_store',
  'my_products',
  'my_stores',
  'products_in_my_store',
  'products_by_seller',
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Types whose answer is products (or a store's stock rows with their products): sort and filters apply. */
export const PRODUCT_SEARCH_TYPES = [
  'products',
  'all',
  'products_by_seller',
  'my_products',
  'products_in_store',
  'products_in_my_store',
] as const satisfies readonly SearchType[];

export const isProductSearch = (type: SearchType): boolean =>
  (PRODUCT_SEARCH_TYPES as readonly SearchType[]).includes(type);

/**
 * `relevance` (the default of a search; newest first when there is no search text), `newest`,
 * `price_asc` (cheapest first), `price_desc`, `rating` (best average first, then most reviews).
 */
export const SEARCH_SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'rating'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/** What a store or seller search may sort by. */
const UNPRICED_SORTS: readonly SearchSort[] = ['relevance', 'newest'];

/**
 * Page sizes per type (docs/decisions/118, 129): a call without offset and limit answers a
 * plain list of at most `max` (the best first, X-Total-Count and a Link header say what is
 * left); a call with either answers `{results, count, next}` pages of `limit` (default
 * `default`, at most `max`). Product searches fill a grid page of 12 (spec §9; every item is
 * a full product with its stock, so an answer costs its length); a seller manages up to 100
 * rows at a time; the map draws every store as a marker.
 */
export const SEARCH_PAGE_SIZES: Record<SearchType, { default: number; max: number }> = {
  products: { default: 12, max: 12 },
  all: { default: 12, max: 12 },
  products_by_seller: { default: 12, max: 12 },
  products_in_store: { default: 12, max: 12 },
  my_products: { default: 12, max: 100 },
  products_in_my_store: { default: 12, max: 100 },
  stores: { default: 12, max: 100 },
  my_stores: { default: 12, max: 100 },
  profiles: { default: 12, max: 100 },
  map: { default: 1000, max: 1000 },
};

const ID_MESSAGE = 'An id is a whole number above 0.';
const idParam = digits(
  z.number({ message: ID_MESSAGE }).int(ID_MESSAGE).positive(ID_MESSAGE).max(2_147_483_647, ID_MESSAGE),
);
const price = (name: string) => {
  const formatMessage = `${name} is an amount in CHF such as 49.90.`;
  return z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, formatMessage)
    .optional();
};

/** sort and the filters, the same on every product list and product search (docs/decisions/130, 181). */
const listOptionShape = {
  sort: z.enum(SEARCH_SORTS, { message: `sort must be one of ${SEARCH_SORTS.join(', ')}.` }).optional(),
  min_price: price('min_price'),
  max_price: price('max_price'),
  in_stock: z.enum(['true', 'false'], { message: 'in_stock is true or false.' }).optional(),
  pickup_city: z.string().trim().min(1, 'Name a city for pickup_city.').max(100).optional(),
};
type ListOptions = z.infer<z.ZodObject<typeof listOptionShape>>;

function checkPriceRange(q: ListOptions, ctx: z.RefinementCtx): void {
  const min = q.min_price === undefined ? undefined : parseRappen(q.min_price);
  const top = q.max_price === undefined ? undefined : parseRappen(q.max_price);
  if (min != null && top != null && min > top) {
    const rangeMessage = 'min_price must not be above max_price.';
    ctx.addIssue({ code: 'custom', path: ['min_price'], message: rangeMessage });
  }
}

/** Whether a list was asked with a sort or a filter (otherwise it is the list as the spec has it). */
export const hasListOptions = (q: ListOptions): boolean =>
  Object.keys(listOptionShape).some((name) => q[name as keyof ListOptions] !== undefined);

/** GET /api/products/: the spec's paging and category names, and sort and filters (docs/decisions/181). */
export const productListOptionsQuerySchema = productListQuerySchema
  .extend(listOptionShape)
  .superRefine(checkPriceRange);
export type ProductListOptionsQuery = z.infer<typeof productListOptionsQuerySchema>;

/**
 * GET /api/products/user/{id}: paging (decision 118), sort and filters of a seller's products, and
 * `store_id`: only those with units in that store (decision 314).
 */
export const sellerProductsOptionsQuerySchema = sellerProductsQuerySchema
  .extend({ ...listOptionShape, store_id: idParam.optional() })
  .superRefine(checkPriceRange);
export type SellerProductsQuery = z.infer<typeof sellerProductsOptionsQuerySchema>;

export const searchQuerySchema = z
  .object({
    type: z.enum(SEARCH_TYPES, { message: `type must be one of ${SEARCH_TYPES.join(', ')}.` }),
    search_string: z.string().max(200, 'A search has at most 200 characters.').optional().default(''),
    store_id: idParam.optional(),
    seller_id: idParam.optional(),
    // The spec's original client sends `store_name=undefined` when no store is chosen (issue 31):
    // like an empty one, it means no store filter.
    store_name: z
      .string()
      .max(200)
      .optional()
      .transform((name) => (name === undefined || name.trim() === 'undefined' ? undefined : name)),
    offset: offsetParam.optional(),
    /** At most SEARCH_PAGE_SIZES[type].max (checked below, the maximum depends on the type). */
    limit: limitParam.optional(),
    ...listOptionShape,
  })
  .superRefine((q, ctx) => {
    const max = SEARCH_PAGE_SIZES[q.type].max;
    if (q.limit !== undefined && (q.limit < 1 || q.limit > max)) {
      const limitMessage = `limit must be between 1 and ${max}.`;
      ctx.addIssue({ code: 'custom', path: ['limit'], message: limitMessage });
    }
    checkPriceRange(q, ctx);
    if (!isProductSearch(q.type)) {
      for (const name of ['min_price', 'max_price', 'in_stock', 'pickup_city'] as const) {
        if (q[name] === undefined) continue;
        const productsOnlyMessage = `${name} applies to product searches only.`;
        ctx.addIssue({ code: 'custom', path: [name], message: productsOnlyMessage });
      }
      if (q.sort !== undefined && !UNPRICED_SORTS.includes(q.sort)) {
        const sortMessage = `Stores and sellers sort by ${UNPRICED_SORTS.join(' or ')}.`;
        ctx.addIssue({ code: 'custom', path: ['sort'], message: sortMessage });
      }
    }
  });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** The filters of a product search, in Rappen, as the server applies them. */
export interface ProductFilters {
  minPriceRappen?: number;
  maxPriceRappen?: number;
  inStock?: boolean;
  /** Only products with units in a live store of this city (compared as search text). */
  pickupCity?: string;
}

/** The filters of a validated query (prices in Rappen; in_stock=false means no filter). */
export function productFiltersOf(q: ListOptions): ProductFilters {
  const filters: ProductFilters = {};
  const min = q.min_price === undefined ? null : parseRappen(q.min_price);
  const max = q.max_price === undefined ? null : parseRappen(q.max_price);
  if (min !== null) filters.minPriceRappen = min;
  if (max !== null) filters.maxPriceRappen = max;
  if (q.in_stock === 'true') filters.inStock = true;
  if (q.pickup_city) filters.pickupCity = q.pickup_city;
  return filters;
}

/** One stock row of a store with the full product (types products_in_store, products_in_my_store). */
export const productInStoreSchema = z.object({
  /** The stock row's id (for PUT /api/stocks/{id}/). */
  id: z.number().int(),
  number: z.number().int(),
  store: z.number().int(),
  product: productSchema,
});
export type ProductInStore = z.infer<typeof productInStoreSchema>;

const ITEM_BY_TYPE = {
  stores: storeSchema,
  my_stores: storeSchema,
  map: mapStoreSchema,
  products: productSchema,
  all: productSchema,
  my_products: productSchema,
  products_by_seller: productSchema,
  profiles: sellerSummarySchema,
  products_in_store: productInStoreSchema,
  products_in_my_store: productInStoreSchema,
} satisfies Record<SearchType, z.ZodType>;

/** The types that answer each item shape, for the OpenAPI document. */
const SHAPES: { types: SearchType[]; item: z.ZodType; name: string }[] = [
  { types: ['products', 'all', 'products_by_seller', 'my_products'], item: productSchema, name: 'Product' },
  { types: ['products_in_store', 'products_in_my_store'], item: productInStoreSchema, name: 'stock row' },
  { types: ['stores', 'my_stores'], item: storeSchema, name: 'Store' },
  { types: ['map'], item: mapStoreSchema, name: 'MapStore' },
  { types: ['profiles'], item: sellerSummarySchema, name: 'SellerSummary' },
];

const plainAnswers = new Map<SearchType, z.ZodType>();
const pagedAnswers = new Map<SearchType, z.ZodType>();
for (const type of SEARCH_TYPES) {
  plainAnswers.set(type, z.array(ITEM_BY_TYPE[type]));
  pagedAnswers.set(type, pagedSchema(ITEM_BY_TYPE[type]));
}

/** The exact answer schema of one search type: the plain list, or the page when offset or limit was sent. */
export function searchResponseSchemaFor(type: SearchType, paged: boolean): z.ZodType {
  return (paged ? pagedAnswers : plainAnswers).get(type)!;
}

/** Every answer shape, each described with the types that give it (the route's documented 200). */
export const searchResponseSchema = z.union(
  SHAPES.flatMap(({ types, item, name }) => [
    z.array(item).describe(`${types.join(', ')}: a list of ${name} (called without offset and limit)`),
    pagedSchema(item).describe(`${types.join(', ')}: a page of ${name} (called with offset or limit)`),
  ]) as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]],
);
