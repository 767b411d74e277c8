import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Store } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';

/** The seller's stores, or those matching a search of 2+ characters (type=my_stores). */
export const myStoresQuery = (term = '') =>
  queryOptions({
    queryKey: ['my-stores', term],
    queryFn: ({ signal }) =>
      term
        ? api<Store[]>('/api/search/', { query: { type: 'my_stores', search_string: term }, signal })
        : api<Store[]>('/api/stores/mystores/', { signal }),
    placeholderData: (previous) => previous,
  });

export const useMyStores = (term = '') => useQuery(myStoresQuery(term));

function invalidateStoreData(client: ReturnType<typeof useQueryClient>) {
  for (const key of ['my-stores', 'stocks', 'search', 'stores', 'product', 'products'])
    void client.invalidateQueries({ queryKey: [key] });
}

export function useCreateStore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => api<Store>('/api/stores/new/', { method: 'POST', body: form }),
    onSuccess: () => invalidateStoreData(client),
  });
}

export function useDeleteStore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/stores/${id}/`, { method: 'DELETE' }),
    onSuccess: () => invalidateStoreData(client),
  });
}

/** One store as its owner edits it. */
export const editedStoreQuery = (id: number) =>
  queryOptions({
    queryKey: ['stores', 'detail', id],
    queryFn: ({ signal }) => api<Store>(`/api/stores/${id}/`, { signal }),
  });

export function useUpdateStore(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => api<Store>(`/api/stores/${id}/`, { method: 'PATCH', body: form }),
    onSuccess: () => invalidateStoreData(client),
  });
}
