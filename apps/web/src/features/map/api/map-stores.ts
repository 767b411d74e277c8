import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MapStore } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';

/** Stores for the map (markers: place, owner, categories): every store, or those matching a search (public, sent without credentials). */
export const mapStoresQuery = (term: string) =>
  queryOptions({
    queryKey: ['search', 'map', term],
    queryFn: ({ signal }) =>
      api<MapStore[]>('/api/search/', { query: { type: 'map', search_string: term }, auth: false, signal }),
    placeholderData: (previous) => previous,
  });

export const useMapStores = (term: string) => useQuery(mapStoresQuery(term));
