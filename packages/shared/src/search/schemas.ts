import { z } from 'zod';
import { sellerSummarySchema } from '../accounts/schemas.ts';
import { productSchema } from '../catalogue/schemas.ts';
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

export const searchQuerySchema = z.object({
  type: z.enum(SEARCH_TYPES, { message: `type must be one of ${SEARCH_TYPES.join(', ')}.` }),
  search_string: z.string().max(200, 'A search has at most 200 characters.').optional().default(''),
  store_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  seller_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  store_name: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** One stock row of a store with the full product (types products_in_store, products_in_my_store). */
export const productInStoreSchema = z.object({
  /** The stock row's id (for PUT /api/stocks/{id}/). */
  id: z.number().int(),
  number: z.number().int(),
  store: z.number().int(),
  product: productSchema,
});
export type ProductInStore = z.infer<typeof productInStoreSchema>;

export const searchAllSchema = z.object({
  products: z.array(productSchema),
  stores: z.array(storeSchema),
  profiles: z.array(sellerSummarySchema),
});
export type SearchAll = z.infer<typeof searchAllSchema>;

/**
 * The answer by type: stores, my_stores → Store[]; map → MapStore[]; products, my_products,
 * products_by_seller → Product[]; profiles → SellerSummary[]; all → {products, stores,
 * profiles}; products_in_store, products_in_my_store → [{id, number, store, product}].
 */
const storesAnswer = z.array(storeSchema);
const productsAnswer = z.array(productSchema);
const productsInStoreAnswer = z.array(productInStoreSchema);

/** The exact answer schema of each search type, built once. */
const ANSWER_BY_TYPE = {
  stores: storesAnswer,
  my_stores: storesAnswer,
  map: z.array(mapStoreSchema),
  products: productsAnswer,
  my_products: productsAnswer,
  products_by_seller: productsAnswer,
  profiles: z.array(sellerSummarySchema),
  products_in_store: productsInStoreAnswer,
  products_in_my_store: productsInStoreAnswer,
  all: searchAllSchema,
} satisfies Record<SearchType, z.ZodType>;

export const searchResponseSchema = z.union([
  storesAnswer.describe('stores, my_stores'),
  ANSWER_BY_TYPE.map.describe('map'),
  productsAnswer.describe('products, my_products, products_by_seller'),
  ANSWER_BY_TYPE.profiles.describe('profiles'),
  productsInStoreAnswer.describe('products_in_store, products_in_my_store'),
  searchAllSchema.describe('all'),
]);

/** The exact answer schema of one search type (the union above covers them all). */
export function searchResponseSchemaFor(type: SearchType): z.ZodType {
  return ANSWER_BY_TYPE[type];
}
