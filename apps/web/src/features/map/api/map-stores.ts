import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Store } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';

/** Stores for the map: every store, or those matching a search (public, sent without credentials). */
export const mapStoresQuery = (term: string) =>
  queryOptions({
    queryKey: ['search', 'map', term],
    queryFn: ({ signal }) =>
      api<Store[]>('/api/search/', { query: { type: 'map', search_string: term }, auth: false, signal }),
    placeholderData: (previous) => previous,
  });

export const useMapStores = (term: string) => useQuery(mapStoresQuery(term));
