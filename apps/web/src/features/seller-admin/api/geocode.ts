import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GeocodeResponse } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';

/** Address suggestions from the server's address lookup (spec §7 External services). */
export const geocodeQuery = (q: string) =>
  queryOptions({
    queryKey: ['geocode', q],
    queryFn: ({ signal }) => api<GeocodeResponse>('/api/geocode/', { query: { q }, auth: false, signal }),
    enabled: q.length >= 2,
    staleTime: 5 * 60 * 1000,
    placeholderData: (previous) => previous,
  });

export const useGeocode = (q: string) => useQuery(geocodeQuery(q));
