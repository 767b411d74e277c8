import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PagedProducts } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';
import { PRODUCTS_PAGE_SIZE } from '../lib/limits';

export interface ProductFilter {
  category?: string;
  subcategory?: string;
}

/** The server's `next` may be an absolute URL; the client always calls its own origin. */
export function toApiPath(next: string): string {
  const url = new URL(next, window.location.origin);
  return `${url.pathname}${url.search}`;
}

export const productsQueryOptions = (filter: ProductFilter) =>
  infiniteQueryOptions({
    queryKey: ['products', 'list', filter],
    queryFn: ({ pageParam, signal }) =>
      pageParam
        ? api<PagedProducts>(toApiPath(pageParam), { auth: false, signal })
        : api<PagedProducts>('/api/products/', {
            auth: false,
            signal,
            query: {
              offset: 0,
              limit: PRODUCTS_PAGE_SIZE,
              category: filter.category,
              subcategory: filter.subcategory,
            },
          }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next ?? undefined,
  });

/** GET /api/products/?offset=&limit=12 with Load More following `next` (spec §2 Home). */
export function useProducts(filter: ProductFilter) {
  return useInfiniteQuery(productsQueryOptions(filter));
}
