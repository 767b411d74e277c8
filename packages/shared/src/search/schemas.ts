import { z } from 'zod';

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
  store_id: z.coerce.number().int().positive().optional(),
  seller_id: z.coerce.number().int().positive().optional(),
  store_name: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;
