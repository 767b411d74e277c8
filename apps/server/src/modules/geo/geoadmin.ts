/**
 * The federal geoportal's free location search (GEOADMIN_SEARCH_URL, off by default,
 * docs/decisions/220): building addresses from the official address directory, postcodes and
 * municipalities, turned into our suggestion shape with the precision the answer carries.
 */
import { z } from 'zod';
import type { GeocodeFeature } from '@marktgasse/shared';
import {
  CANTON_NAMES,
  cantonOf,
  COUNTRY_NAMES,
  countryContext,
  postcodesOf,
  type GeoLanguage,
} from './places.ts';

const answerSchema = z.object({
  results: z.array(
    z.object({
      attrs: z.object({
        origin: z.string(),
        label: z.string(),
        lat: z.number(),
        lon: z.number(),
      }),
    }),
  ),
});

/** What one answer names: a street part (with or without a house number), a postcode, a town. */
interface Found {
  street: string | null;
  postcode: string | null;
  place: string;
  canton: string | null;
}

const plain = (label: string) =>
  label
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** "Kramgasse 10 <b>3011 Bern</b>", "<b>3011 - Bern</b>", "<b>Bern (BE)</b>"; null for other origins. */
export function readLabel(origin: string, label: string): Found | null {
  const text = plain(label);
  if (origin === 'address') {
    const m = /^(.+?)\s+(\d{4})\s+(.+)$/.exec(text);
    return m ? { street: m[1]!, postcode: m[2]!, place: m[3]!, canton: cantonOf(m[2]!) ?? null } : null;
  }
  if (origin === 'zipcode') {
    const m = /^(\d{4})\s*-?\s*(.+?)(?:\s+\(([A-Z]{2})\))?$/.exec(text);
    return m
      ? { street: null, postcode: m[1]!, place: m[2]!, canton: m[3] ?? cantonOf(m[1]!) ?? null }
      : null;
  }
  if (origin === 'gg25') {
    const m = /^(.+?)(?:\s+\(([A-Z]{2})\))?$/.exec(text);
    return m ? { street: null, postcode: null, place: m[1]!, canton: m[2] ?? null } : null;
  }
  return null;
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

export function toFeature(
  found: Found,
  at: [number, number],
  language: GeoLanguage,
  index: number,
): GeocodeFeature {
  const { street, postcode, place, canton } = found;
  const precision = street ? (/\d/.test(street) ? 'address' : 'street') : 'locality';
  const postcodes = postcode ? [postcode] : postcodesOf(place, canton ?? undefined);
  const known = postcode ?? (postcodes.length === 1 ? postcodes[0]! : null);
  const town = known ? `${known} ${place}` : place;
  const cantonName = canton ? (CANTON_NAMES[canton] ?? canton) : null;
  const center: [number, number] = [round6(at[0]), round6(at[1])];
  return {
    id: `geoadmin.${index}`,
    place_name: [street, town, street ? null : cantonName, COUNTRY_NAMES[language]]
      .filter(Boolean)
      .join(', '),
    text: street ?? place,
    center,
    geometry: { type: 'Point', coordinates: center },
    context: [
      ...(known ? [{ id: `postcode.${known}`, text: known }] : []),
      { id: `place.${index}`, text: place },
      ...(canton && cantonName
        ? [{ id: `region.${canton.toLowerCase()}`, text: cantonName, short_code: `CH-${canton}` }]
        : []),
      countryContext(language),
    ],
    relevance: 1,
    precision,
    ...(street ? { street } : {}),
    ...(postcodes.length ? { postcodes } : {}),
  };
}

/** The request for one search: addresses, postcodes and municipalities, WGS84, in the caller's language. */
export function searchUrl(base: string, q: string, language: GeoLanguage, limit: number): URL {
  const url = new URL(base);
  url.searchParams.set('searchText', q);
  url.searchParams.set('type', 'locations');
  url.searchParams.set('origins', 'address,zipcode,gg25');
  url.searchParams.set('sr', '4326');
  url.searchParams.set('limit', String(limit));
  url.searchParams.set('lang', language === 'en' ? 'de' : language);
  return url;
}

/** The suggestions in an answer; null when the answer is not one of the geoportal's. */
export function readAnswer(body: unknown, language: GeoLanguage, limit: number): GeocodeFeature[] | null {
  const parsed = answerSchema.safeParse(body);
  if (!parsed.success) return null;
  const features: GeocodeFeature[] = [];
  for (const { attrs } of parsed.data.results) {
    const found = readLabel(attrs.origin, attrs.label);
    if (found) features.push(toFeature(found, [attrs.lon, attrs.lat], language, features.length));
  }
  return features.slice(0, limit);
}
