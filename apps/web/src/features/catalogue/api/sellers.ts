import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { PagedProducts, Profile, SellerSummary, StoreSummary } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';
import { PREFETCH_STALE_MS } from '../../../lib/query-client';
import type { ListOptions } from '../components/list-options';
import { SELLER_PRODUCTS_PAGE } from '../lib/limits';

/** GET /api/profiles/sellers/ (optionally ?category=NAME), prefetched and cached 5 minutes. */
export const sellersQueryOptions = (category?: string) =>
  queryOptions({
    queryKey: ['profiles', 'sellers', category ?? ''],
    queryFn: () =>
      api<SellerSummary[]>('/api/profiles/sellers/', {
        auth: false,
        query: { category: category || undefined },
      }),
    staleTime: PREFETCH_STALE_MS,
  });

/** GET /api/profiles/ (all profiles; the sellers page's Back reloads it), cached 5 minutes. */
export const profilesQueryOptions = () =>
  queryOptions({
    queryKey: ['profiles', 'all'],
    queryFn: () => api<Profile[]>('/api/profiles/', { auth: false }),
    staleTime: PREFETCH_STALE_MS,
  });

export function useProfile(id: number) {
  return useQuery({
    queryKey: ['profiles', 'detail', id],
    queryFn: () => api<Profile>(`/api/profiles/${id}/`, { auth: false }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/**
 * GET /api/products/user/{id}?offset=&limit=24 with the list's sort and filters (newest first
 * without them); Load More asks for `offset={next}`.
 */
export function useSellerProducts(id: number, options: ListOptions = {}, storeId: number | null = null) {
  // One store's: the server pages and counts those with units there (decision 314). Without a
  // store the key is the one the server-rendered page seeds.
  const asked: ListOptions & { store_id?: string } =
    storeId === null ? options : { ...options, store_id: String(storeId) };
  return useInfiniteQuery({
    queryKey: ['products', 'user', id, asked],
    queryFn: ({ pageParam, signal }) =>
      api<PagedProducts>(`/api/products/user/${id}`, {
        auth: false,
        signal,
        query: { offset: pageParam, limit: SELLER_PRODUCTS_PAGE, ...asked },
      }),
    // While another sort or filter loads, the list it replaces stays; never another seller's or
    // another store's list under this one's heading.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === id &&
      (previousQuery.queryKey[3] as typeof asked).store_id === asked.store_id
        ? previous
        : undefined,
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** A seller's stores by name, without their stock rows (decision 311). */
export function useSellerStores(id: number) {
  return useQuery({
    queryKey: ['stores', 'user', id, 'summaries'],
    queryFn: () => api<StoreSummary[]>(`/api/stores/user/${id}/summaries/`, { auth: false }),
    enabled: Number.isInteger(id) && id > 0,
  });
}
