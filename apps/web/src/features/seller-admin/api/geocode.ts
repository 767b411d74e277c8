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

/** The position of a postcode of a town ("3011", "Bern"), or null when the lookup does not know it. */
export async function postcodePosition(postcode: string, town: string): Promise<[number, number] | null> {
  const res = await api<GeocodeResponse>('/api/geocode/', {
    query: { q: `${postcode} ${town}` },
    auth: false,
  });
  const found = res.features.find((f) => f.context.some((c) => c.id === `postcode.${postcode}`));
  return found ? found.geometry.coordinates : null;
}
