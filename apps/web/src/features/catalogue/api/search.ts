import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Product } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';
import { SEARCH_MIN_CHARS } from '../../../components/use-debounced-value';

/** Public searches go without credentials (spec §6). */
export function useProductSearch(term: string) {
  const q = term.trim();
  return useQuery({
    queryKey: ['search', 'products', q],
    queryFn: ({ signal }) =>
      api<Product[]>('/api/search/', {
        auth: false,
        signal,
        query: { type: 'products', search_string: q },
      }),
    enabled: q.length >= SEARCH_MIN_CHARS,
    placeholderData: keepPreviousData,
  });
}

export function useSellerProductSearch(sellerId: number, term: string) {
  const q = term.trim();
  return useQuery({
    queryKey: ['search', 'products_by_seller', sellerId, q],
    queryFn: ({ signal }) =>
      api<Product[]>('/api/search/', {
        auth: false,
        signal,
        query: { type: 'products_by_seller', seller_id: sellerId, search_string: q },
      }),
    enabled: q.length >= SEARCH_MIN_CHARS,
    placeholderData: keepPreviousData,
  });
}
