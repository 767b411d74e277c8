import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { PagedProducts, Product } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';
import type { ListOptions } from '../components/list-options';
import { PRODUCTS_PAGE_SIZE } from '../lib/limits';

/** A category or subcategory by name, and the sort and filters of the list (docs/decisions/181). */
export interface ProductFilter extends ListOptions {
  category?: string | undefined;
  subcategory?: string | undefined;
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
              ...filter,
            },
          }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next ?? undefined,
  });

/** GET /api/products/?offset=&limit=12 with Load More following `next` (spec §2 Home). */
export function useProducts(filter: ProductFilter) {
  return useInfiniteQuery(productsQueryOptions(filter));
}

/** GET /api/products/user/{id} with sort and filters: a seller's matching products (one list). */
export function useSellerListed(id: number, options: ListOptions) {
  return useQuery({
    queryKey: ['products', 'user', id, options],
    queryFn: ({ signal }) =>
      api<Product[]>(`/api/products/user/${id}`, { auth: false, signal, query: { ...options } }),
    enabled: Number.isInteger(id) && id > 0 && Object.keys(options).length > 0,
    placeholderData: keepPreviousData,
  });
}
