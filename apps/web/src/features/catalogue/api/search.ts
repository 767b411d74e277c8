import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Paged, Product } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';
import { SEARCH_MIN_CHARS } from '../../../components/use-debounced-value';
import type { ListOptions } from '../components/list-options';
import { PRODUCTS_PAGE_SIZE } from '../lib/limits';

/**
 * The home search (spec §7 `type=all`: products by name, brand or seller), a grid page at a
 * time: `next` is the offset of the next page, null after the last. Public searches go
 * without credentials (spec §6).
 */
/** The search's query key; a list opened at a later page (`/search?q=…&offset=12`) is a list of its own. */
export function productSearchQueryKey(term: string, options: ListOptions, start = 0) {
  const q = term.trim();
  return start > 0 ? ['search', 'all', q, options, start] : ['search', 'all', q, options];
}

export function useProductSearch(term: string, options: ListOptions = {}, start = 0) {
  const q = term.trim();
  return useInfiniteQuery({
    queryKey: productSearchQueryKey(q, options, start),
    queryFn: ({ pageParam, signal }) =>
      api<Paged<Product>>('/api/search/', {
        auth: false,
        signal,
        query: { type: 'all', search_string: q, offset: pageParam, limit: PRODUCTS_PAGE_SIZE, ...options },
      }),
    initialPageParam: start,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: q.length >= SEARCH_MIN_CHARS,
    placeholderData: keepPreviousData,
  });
}

export function useSellerProductSearch(sellerId: number, term: string, options: ListOptions = {}) {
  const q = term.trim();
  return useQuery({
    queryKey: ['search', 'products_by_seller', sellerId, q, options],
    queryFn: ({ signal }) =>
      api<Product[]>('/api/search/', {
        auth: false,
        signal,
        query: { type: 'products_by_seller', seller_id: sellerId, search_string: q, ...options },
      }),
    enabled: q.length >= SEARCH_MIN_CHARS,
    placeholderData: keepPreviousData,
  });
}
