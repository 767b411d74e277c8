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

/**
 * `start`: the offset the list begins at — 0, or a later page opened by its own address (a
 * server-rendered "Load More" link, `?offset=`), which is a list of its own.
 */
export const productsQueryOptions = (filter: ProductFilter, start = 0) =>
  infiniteQueryOptions({
    queryKey: start ? ['products', 'list', filter, start] : ['products', 'list', filter],
    queryFn: ({ pageParam, signal }) =>
      api<PagedProducts>('/api/products/', {
        auth: false,
        signal,
        query: { offset: pageParam, limit: PRODUCTS_PAGE_SIZE, ...filter },
      }),
    initialPageParam: start,
    getNextPageParam: (last) => last.next ?? undefined,
  });

/** GET /api/products/?offset=&limit=12; Load More asks for `offset={next}` (spec §2 Home). */
export function useProducts(filter: ProductFilter, start = 0) {
  return useInfiniteQuery(productsQueryOptions(filter, start));
}
