import { useQuery } from '@tanstack/react-query';
import { toSearchText, type GeocodeResponse } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';

/** A place the map search named: its name and position, and what else was typed (a product word). */
export interface NearPlace {
  name: string;
  postcode: string;
  at: [number, number];
  /** The rest of the search ("Emmentaler" of "Emmentaler Bern"); '' when it was only the place. */
  rest: string;
}

const looksLikePlace = (q: string) => /^\d{4}$/.test(q) || /^[^\d]{2,}$/.test(q);

/**
 * How a search may name a place: all of it ("Bern", "3011"), or its last word after a product
 * word ("Emmentaler Bern", "Raclette 3011").
 */
export function placeReadings(term: string): { place: string; rest: string }[] {
  const q = term.trim().replace(/\s+/g, ' ');
  const readings = looksLikePlace(q) ? [{ place: q, rest: '' }] : [];
  const split = /^(.+)\s(\S+)$/.exec(q);
  if (split && looksLikePlace(split[2]!)) readings.push({ place: split[2]!, rest: split[1]! });
  return readings;
}

async function findPlace(q: string, signal: AbortSignal): Promise<Omit<NearPlace, 'rest'> | null> {
  const res = await api<GeocodeResponse>('/api/geocode/', { query: { q }, auth: false, signal });
  const first = res.features[0];
  if (!first) return null;
  const postcode = first.context.find((c) => c.id.startsWith('postcode.'))?.text ?? '';
  const town = first.context.find((c) => c.id.startsWith('place.'))?.text ?? first.text;
  const named = /^\d{4}$/.test(q) ? postcode === q : toSearchText(town) === toSearchText(q);
  return named ? { name: town, postcode, at: first.center } : null;
}

/**
 * "Stores near me" (docs/decisions/184): when the map search is a Swiss postcode ("3011") or
 * exactly a town's name ("Bern", "zurich"), alone or after a product word ("Emmentaler Bern"),
 * the place from the offline address lookup; otherwise null, and the text searches stores and
 * products as before.
 */
export function useNearPlace(term: string) {
  const readings = placeReadings(term);
  return useQuery({
    queryKey: ['geocode', 'near', term.trim()],
    queryFn: async ({ signal }): Promise<NearPlace | null> => {
      for (const { place, rest } of readings) {
        const found = await findPlace(place, signal);
        if (found) return { ...found, rest };
      }
      return null;
    },
    enabled: readings.length > 0,
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
