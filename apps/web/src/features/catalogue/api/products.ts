import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PagedProducts } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';
import type { ListOptions } from '../components/list-options';
import { PRODUCTS_PAGE_SIZE } from '../lib/limits';

/** A category or subcategory by name, and the sort and filters of the list (docs/decisions/181). */
export interface ProductFilter extends ListOptions {
  category?: string | undefined;
  subcategory?: string | undefined;
}

export const productsQueryOptions = (filter: ProductFilter) =>
  infiniteQueryOptions({
    queryKey: ['products', 'list', filter],
    queryFn: ({ pageParam, signal }) =>
      api<PagedProducts>('/api/products/', {
        auth: false,
        signal,
        query: { offset: pageParam, limit: PRODUCTS_PAGE_SIZE, ...filter },
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
  });

/** GET /api/products/?offset=&limit=12; Load More asks for `offset={next}` (spec §2 Home). */
export function useProducts(filter: ProductFilter) {
  return useInfiniteQuery(productsQueryOptions(filter));
}
