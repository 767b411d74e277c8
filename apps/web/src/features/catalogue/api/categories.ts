import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';
import { PREFETCH_STALE_MS } from '../../../lib/query-client';

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: () => api<Category[]>('/api/products/categories/', { auth: false }),
    staleTime: PREFETCH_STALE_MS,
  });

/** GET /api/products/categories/: categories with their subcategories. */
export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
