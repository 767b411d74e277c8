import { useQuery } from '@tanstack/react-query';
import { toSearchText, type GeocodeResponse } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';

/** A place the map search named: its name and position. */
export interface NearPlace {
  name: string;
  postcode: string;
  at: [number, number];
}

/**
 * "Stores near me" (docs/decisions/184): when the map search is a Swiss postcode ("3011") or
 * exactly a town's name ("Bern", "zurich"), the place from the offline address lookup;
 * otherwise null, and the text searches stores as before.
 */
export function useNearPlace(term: string) {
  const q = term.trim();
  const looksLikePlace = /^\d{4}$/.test(q) || /^[^\d]{2,}$/.test(q);
  return useQuery({
    queryKey: ['geocode', 'near', q],
    queryFn: async ({ signal }): Promise<NearPlace | null> => {
      const res = await api<GeocodeResponse>('/api/geocode/', { query: { q }, auth: false, signal });
      const first = res.features[0];
      if (!first) return null;
      const postcode = first.context.find((c) => c.id.startsWith('postcode.'))?.text ?? '';
      const town = first.context.find((c) => c.id.startsWith('place.'))?.text ?? first.text;
      const named = /^\d{4}$/.test(q) ? postcode === q : toSearchText(town) === toSearchText(q);
      return named ? { name: town, postcode, at: first.center } : null;
    },
    enabled: looksLikePlace,
    staleTime: 5 * 60 * 1000,
  });
}

/** Great-circle distance in km. */
export function distanceKm([lng1, lat1]: [number, number], [lng2, lat2]: [number, number]): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}
