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
export const searchResponseSchema = z.union([
  z.array(storeSchema).describe('stores, my_stores'),
  z.array(mapStoreSchema).describe('map'),
  z.array(productSchema).describe('products, my_products, products_by_seller'),
  z.array(sellerSummarySchema).describe('profiles'),
  z.array(productInStoreSchema).describe('products_in_store, products_in_my_store'),
  searchAllSchema.describe('all'),
]);

/** The exact answer schema of one search type (the union above covers them all). */
export function searchResponseSchemaFor(type: SearchType) {
  switch (type) {
    case 'stores':
    case 'my_stores':
      return z.array(storeSchema);
    case 'map':
      return z.array(mapStoreSchema);
    case 'products':
    case 'my_products':
    case 'products_by_seller':
      return z.array(productSchema);
    case 'profiles':
      return z.array(sellerSummarySchema);
    case 'products_in_store':
    case 'products_in_my_store':
      return z.array(productInStoreSchema);
    case 'all':
      return searchAllSchema;
  }
}
