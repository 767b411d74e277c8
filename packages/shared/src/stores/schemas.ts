import { z } from 'zod';
import { offsetParam, pagedSchema, pagingQuerySchema } from '../http/paging.ts';
import { digits } from '../http/params.ts';
import { moneySchema } from '../money/schemas.ts';

export const STORE_LIMITS = {
  name: 120,
  address: 200,
  city: 100,
  country: 100,
  description: 2000,
  phone: 40,
} as const;
export const MAX_STOCK = 1_000_000;

/** Rounds a coordinate to the 6 decimals that stores keep. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

export const storeStockSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  store: z.number().int(),
  storeName: z.string(),
  product: z.object({
    id: z.number().int(),
    brand: z.string(),
    name: z.string(),
    price: moneySchema,
    category: z.number().int(),
    image: z.string(),
  }),
});
export type Stock = z.infer<typeof storeStockSchema>;

export const storeSchema = z.object({
  id: z.number().int(),
  owner: z.number().int(),
  name: z.string(),
  address: z.string(),
  country: z.string(),
  city: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  description: z.string(),
  phone: z.string(),
  image: z.string(),
  thumbnail: z.string(),
  category: z.array(z.number().int()),
  categoryDetails: z.array(z.object({ id: z.number().int(), name: z.string() })),
  stocks: z.array(storeStockSchema),
  /** Map results carry the owner's name and picture. */
  owner_name: z.string(),
  owner_id: z.number().int(),
  profile_image: z.string(),
});
export type Store = z.infer<typeof storeSchema>;

/**
 * A store without its stock rows (GET /api/stores/user/{id}/summaries/): what a seller's page
 * lists and marks up. A seller's stores with every stock row came to 320 KB of JSON for a seller
 * of 300 products, carried by every rendered seller page (decision 311). The products a seller's
 * page lists carry their own stock per store.
 */
export const storeSummarySchema = storeSchema.omit({ stocks: true });
export type StoreSummary = z.infer<typeof storeSummarySchema>;

/**
 * A store as the map draws it (GET /api/search/?type=map): a marker, its popup and the list
 * beside the map. The full Store, with description, phone, pictures and stock, is at
 * GET /api/stores/{id}/ (docs/decisions/112).
 */
export const mapStoreSchema = storeSchema
  .pick({
    id: true,
    owner: true,
    name: true,
    address: true,
    city: true,
    latitude: true,
    longitude: true,
    category: true,
    owner_name: true,
    owner_id: true,
    profile_image: true,
  })
  .extend({
    /** A product word on the map: the units of matching products this store holds (0 when it matched by name). */
    units: z.number().int().min(0).optional(),
    /** …and those products, most units first (at most MAP_MATCHING_PRODUCTS). */
    matching_products: z
      .array(z.object({ id: z.number().int(), name: z.string(), units: z.number().int().min(0) }))
      .optional(),
  });
/** How many matching products a map store lists. */
export const MAP_MATCHING_PRODUCTS = 3;
export type MapStore = z.infer<typeof mapStoreSchema>;

const latitude = z.coerce
  .number({ message: 'Enter a latitude.' })
  .min(-90, 'Latitude lies between -90 and 90.')
  .max(90, 'Latitude lies between -90 and 90.')
  .transform(roundCoordinate);
const longitude = z.coerce
  .number({ message: 'Enter a longitude.' })
  .min(-180, 'Longitude lies between -180 and 180.')
  .max(180, 'Longitude lies between -180 and 180.')
  .transform(roundCoordinate);

export const MAX_CATEGORY_NAME = 100;

/**
 * One category of a new store: its id (a number, or digits as a form sends them), or its name
 * as the category bar spells it (spec §3 says only "category (list)"); ids and names may be
 * mixed. The stores service resolves names, case and accents aside (decision 166).
 */
export const storeCategoryRef = z.union([
  z.number().int().positive().max(2_147_483_647),
  z
    .string()
    .trim()
    .min(1, 'Choose a category.')
    .max(MAX_CATEGORY_NAME, `A category name has at most ${MAX_CATEGORY_NAME} characters.`)
    .transform((v) => (/^\d{1,10}$/.test(v) ? Number(v) : v))
    .refine((v) => typeof v === 'string' || (v > 0 && v <= 2_147_483_647), 'Choose a category.'),
]);

/** Store creation (multipart or JSON). `owner` may be sent but is ignored: a store belongs to its creator. */
export const storeCreateSchema = z.object({
  name: z.string().trim().min(1, 'Enter the store name.').max(STORE_LIMITS.name),
  address: z.string().trim().max(STORE_LIMITS.address).optional().default(''),
  country: z.string().trim().max(STORE_LIMITS.country).optional().default(''),
  city: z.string().trim().max(STORE_LIMITS.city).optional().default(''),
  latitude,
  longitude,
  description: z.string().trim().max(STORE_LIMITS.description).optional().default(''),
  phone: z
    .string()
    .trim()
    .max(STORE_LIMITS.phone)
    .regex(/^[+\d\s()/.-]*$/, 'A phone number has digits, spaces and + ( ) / . - only.')
    .optional()
    .default(''),
  category: z
    .union([z.array(storeCategoryRef), storeCategoryRef])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional()
    .default([]),
});
export type StoreCreateInput = z.input<typeof storeCreateSchema>;

/**
 * A store edit (PATCH, multipart or JSON): any field of creation, validated alike; fields left
 * out keep their value. A new address normally comes with its moved pin (latitude, longitude).
 */
export const storeUpdateSchema = z
  .object({
    name: storeCreateSchema.shape.name,
    address: z.string().trim().max(STORE_LIMITS.address),
    country: z.string().trim().max(STORE_LIMITS.country),
    city: z.string().trim().max(STORE_LIMITS.city),
    latitude,
    longitude,
    description: z.string().trim().max(STORE_LIMITS.description),
    phone: z
      .string()
      .trim()
      .max(STORE_LIMITS.phone)
      .regex(/^[+\d\s()/.-]*$/, 'A phone number has digits, spaces and + ( ) / . - only.'),
    category: z
      .union([z.array(storeCategoryRef), storeCategoryRef])
      .transform((v) => (Array.isArray(v) ? v : [v])),
  })
  .partial();
export type StoreUpdateInput = z.input<typeof storeUpdateSchema>;

const STOCK_MESSAGE = 'The stock number must be a whole number from 0 to 1,000,000.';
/** Form inputs send "12": a numeric string is read as its number; "1.5", "-1" and "" stay invalid. */
const numericString = (v: unknown) =>
  typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v;

const stockNumber = z.preprocess(
  numericString,
  z.number({ message: STOCK_MESSAGE }).int(STOCK_MESSAGE).min(0, STOCK_MESSAGE).max(MAX_STOCK, STOCK_MESSAGE),
);
const idInput = (what: string) =>
  z.preprocess(
    numericString,
    z
      .number({ message: `Choose a ${what}.` })
      .int(`Choose a ${what}.`)
      .positive(`Choose a ${what}.`)
      .max(2_147_483_647, `Choose a ${what}.`),
  );

export const stockCreateSchema = z.object({
  number: stockNumber,
  store: idInput('store'),
  product: idInput('product'),
});
export const stockUpdateSchema = z.object({ number: stockNumber });

/**
 * The same two bodies as the routes declare them, for the OpenAPI document (a preprocess has
 * no JSON Schema): numbers or numeric strings; the service applies the schemas above.
 */
const stockNumberBody = z
  .union([z.number(), z.string()], { message: STOCK_MESSAGE })
  .describe('Whole number from 0 to 1,000,000');
const idBody = (what: string) =>
  z.union([z.number(), z.string()], { message: `Choose a ${what}.` }).describe(`${what} id`);
export const stockCreateBody = z.object({
  number: stockNumberBody,
  store: idBody('store'),
  product: idBody('product'),
});
export const stockUpdateBody = z.object({ number: stockNumberBody });

/**
 * GET /api/stocks/: a seller (authenticated) gets all their own rows; anyone else a page of
 * the newest rows of live stores and products.
 */
/**
 * A store's stock rows (GET /api/stocks/store/{id}): a plain call answers at most 500 (a
 * store's stock table on one screen); with offset or limit, pages of 100 by default (decision 118).
 */
export const STORE_STOCKS_PAGE_SIZE = 100;
export const STORE_STOCKS_MAX_PAGE_SIZE = 500;
const storeStockPaging = pagingQuerySchema(STORE_STOCKS_PAGE_SIZE, STORE_STOCKS_MAX_PAGE_SIZE);
export const storeStocksQuerySchema = z.object({
  offset: storeStockPaging.shape.offset.unwrap().optional(),
  limit: storeStockPaging.shape.limit.unwrap().optional(),
});
export const pagedStoreStocksSchema = pagedSchema(storeStockSchema);

export const stockListQuerySchema = z.object({
  offset: offsetParam.default(0),
  limit: digits(
    z
      .number({ message: 'limit must be a whole number.' })
      .int('limit must be a whole number.')
      .min(1, 'limit must be between 1 and 100.')
      .max(100, 'limit must be between 1 and 100.'),
  ).default(100),
});
