/**
 * The built-in Swiss places list: every postal code with its locality, canton and
 * coordinates (ch-postcodes.csv beside this file, see docs/decisions/022), searched in memory. No
 * network at run time.
 */
import { readFileSync } from 'node:fs';
import { editDistance, toSearchText, type GeocodeFeature } from '@marktgasse/shared';

export interface Place {
  postcode: string;
  place: string;
  canton: string;
  lat: number;
  lng: number;
  norm: string;
  words: string[];
}

export const CANTON_NAMES: Record<string, string> = {
  ZH: 'Zürich',
  BE: 'Bern',
  LU: 'Luzern',
  UR: 'Uri',
  SZ: 'Schwyz',
  OW: 'Obwalden',
  NW: 'Nidwalden',
  GL: 'Glarus',
  ZG: 'Zug',
  FR: 'Fribourg',
  SO: 'Solothurn',
  BS: 'Basel-Stadt',
  BL: 'Basel-Landschaft',
  SH: 'Schaffhausen',
  AR: 'Appenzell Ausserrhoden',
  AI: 'Appenzell Innerrhoden',
  SG: 'St. Gallen',
  GR: 'Graubünden',
  AG: 'Aargau',
  TG: 'Thurgau',
  TI: 'Ticino',
  VD: 'Vaud',
  VS: 'Valais',
  NE: 'Neuchâtel',
  GE: 'Genève',
  JU: 'Jura',
};

let cached: Place[] | null = null;

export function loadPlaces(): Place[] {
  if (cached) return cached;
  const text = readFileSync(new URL('./ch-postcodes.csv', import.meta.url), 'utf8');
  const places: Place[] = [];
  for (const line of text.split('\n').slice(1)) {
    const [postcode, place, canton, lat, lng] = line.trim().split(';');
    if (!postcode || !place || !canton || !lat || !lng) continue;
    const norm = toSearchText(place);
    places.push({
      postcode,
      place,
      canton,
      lat: Number(lat),
      lng: Number(lng),
      norm,
      words: norm.split(/[\s/()-]+/).filter(Boolean),
    });
  }
  cached = places;
  return places;
}

/** How well a locality text matches a place, 0 (not at all) to 100 (exactly). */
export function localityScore(query: string, place: Place): number {
  if (place.norm === query) return 100;
  if (place.norm.startsWith(query)) {
    // A whole first word ("biel" in "Biel/Bienne", "Biel VS", "Biel-Benken BL") scores alike, so the
    // town with more postal codes wins the tie instead of the shortest suffix.
    if (/[\s/()-]/.test(place.norm[query.length] ?? '')) return 89.5;
    return 89 - Math.min(9, (place.norm.length - query.length) / 2);
  }
  if (place.words.some((w) => w === query)) return 80;
  if (place.words.some((w) => w.startsWith(query))) return 75;
  if (query.length >= 4 && place.norm.includes(query)) return 65;
  const allowed = query.length >= 8 ? 2 : query.length >= 4 ? 1 : 0;
  if (allowed === 0) return 0;
  let best = allowed + 1;
  for (const candidate of [place.norm, place.norm.slice(0, query.length), ...place.words]) {
    best = Math.min(best, editDistance(query, candidate, allowed));
    if (best === 0) break;
  }
  return best <= allowed ? 50 - 10 * best : 0;
}

const STREET_WORDS =
  /(strasse|str\.|gasse|weg|platz|allee|quai|ring|rain|halde|rue|route|chemin|avenue|via|viale|piazza|vicolo|sentier)\b/i;

export interface ParsedQuery {
  street: string | null;
  postcode: string | null;
  locality: string;
}

/**
 * Splits "Bahnhofstrasse 12, 8001 Zürich", "Bahnhofstrasse 12 8001" or "Zürich" into a
 * street part (kept as typed), a postal code (or its first digits) and a locality text.
 */
export function parseQuery(raw: string): ParsedQuery {
  const q = raw.trim().replace(/\s+/g, ' ');
  const looksLikeStreet = (s: string) => /\d/.test(s) || STREET_WORDS.test(s);
  let street: string | null = null;
  let rest = q;
  const comma = q.indexOf(',');
  if (comma > 0 && looksLikeStreet(q.slice(0, comma)) && q.slice(comma + 1).trim()) {
    street = q.slice(0, comma).trim();
    rest = q.slice(comma + 1).trim();
  } else {
    rest = q.replaceAll(',', ' ').replace(/\s+/g, ' ');
    const postcodeAt = rest.search(/\b[1-9]\d{3}\b/);
    const before = postcodeAt > 0 ? rest.slice(0, postcodeAt).trim() : '';
    if (before && looksLikeStreet(before)) {
      street = before;
      rest = rest.slice(postcodeAt);
    } else {
      // "Bahnhofstrasse 12 Zürich": everything up to the house number is the street.
      const house = /^(.*?\D\s+\d{1,4}[a-z]?)\s+(\D.*)$/i.exec(rest);
      if (house && !/^\d/.test(house[1]!)) {
        street = house[1]!.trim();
        rest = house[2]!.trim();
      }
    }
  }
  const code = /\b(\d{2,4})\b/.exec(rest);
  const postcode = code && /^[1-9]/.test(code[1]!) ? code[1]! : null;
  const locality = toSearchText(postcode ? rest.replace(code![0], ' ') : rest);
  return { street, postcode, locality };
}

interface Candidate {
  places: Place[];
  score: number;
}

export type GeoLanguage = 'en' | 'de' | 'fr' | 'it';

/** The country's name in the caller's language (context and place_name). */
export const COUNTRY_NAMES: Record<GeoLanguage, string> = {
  en: 'Switzerland',
  de: 'Schweiz',
  fr: 'Suisse',
  it: 'Svizzera',
};

export const countryContext = (language: GeoLanguage) => ({
  id: 'country.ch',
  text: COUNTRY_NAMES[language],
  short_code: 'ch',
});

const mean = (values: number[]) =>
  Math.round((values.reduce((s, v) => s + v, 0) / values.length) * 1e6) / 1e6;

/**
 * A locality suggestion: the list knows towns and their postcodes, never streets, so a typed
 * street is kept as typed but gets no postcode of its own. One postcode (typed, or the town's
 * only one) is stated; several are offered to choose from, the pin at the town's centre.
 */
function toFeature(candidate: Candidate, street: string | null, language: GeoLanguage): GeocodeFeature {
  const postcodes = [...new Set(candidate.places.map((p) => p.postcode))].sort();
  const first = candidate.places[0]!;
  const lat = mean(candidate.places.map((p) => p.lat));
  const lng = mean(candidate.places.map((p) => p.lng));
  const canton = CANTON_NAMES[first.canton] ?? first.canton;
  const known = postcodes.length === 1 ? postcodes[0]! : null;
  const slug = `${known ?? first.canton.toLowerCase()}-${first.norm.replace(/[^a-z0-9]+/g, '-')}`;
  const town = known ? `${known} ${first.place}` : first.place;
  const country = COUNTRY_NAMES[language];
  return {
    id: known ? `postcode.${slug}` : `place.${slug}`,
    place_name: street ? `${street}, ${town}, ${country}` : `${town}, ${canton}, ${country}`,
    text: first.place,
    center: [lng, lat],
    geometry: { type: 'Point', coordinates: [lng, lat] },
    context: [
      ...(known ? [{ id: `postcode.${known}`, text: known }] : []),
      { id: `place.${slug}`, text: first.place },
      { id: `region.${first.canton.toLowerCase()}`, text: canton, short_code: `CH-${first.canton}` },
      countryContext(language),
    ],
    relevance: Math.round(Math.min(1, candidate.score / 100) * 100) / 100,
    precision: 'locality',
    ...(street ? { street } : {}),
    postcodes,
  };
}

function scorePlaces(postcode: string | null, locality: string): { place: Place; score: number }[] {
  const scored: { place: Place; score: number }[] = [];
  for (const place of loadPlaces()) {
    let score = 0;
    if (postcode) {
      if (place.postcode === postcode) score += 100;
      else if (postcode.length < 4 && place.postcode.startsWith(postcode)) score += 60;
      else continue;
    }
    if (locality) {
      const s = localityScore(locality, place);
      if (s === 0) continue;
      score += s;
    }
    scored.push({ place, score });
  }
  return scored;
}

const bySize = (a: Candidate, b: Candidate) =>
  b.score - a.score ||
  // more postal codes is a bigger town
  b.places.length - a.places.length ||
  a.places[0]!.place.length - b.places[0]!.place.length ||
  a.places[0]!.postcode.localeCompare(b.places[0]!.postcode);

/**
 * Best matches first: exact postal code, then locality exact / prefix / word / substring,
 * then one or two typos. A locality search answers each town once (all its postal codes
 * together); a postal-code search answers each code. With a street, only the towns that match
 * best are offered: "Kramgasse 10 Bern" is not attached to Bernex or Muri b. Bern.
 */
export function searchPlaces(raw: string, limit: number, language: GeoLanguage = 'en'): GeocodeFeature[] {
  const { street, postcode, locality } = parseQuery(raw);
  if (!postcode && locality.length < 2) return [];
  const groups = new Map<string, Candidate>();
  for (const { place, score } of scorePlaces(postcode, locality)) {
    const key = postcode ? `${place.postcode}|${place.norm}` : `${place.norm}|${place.canton}`;
    const group = groups.get(key);
    if (group) {
      group.places.push(place);
      group.score = Math.max(group.score, score);
    } else groups.set(key, { places: [place], score });
  }
  const max = (postcode ? 100 : 0) + (locality ? 100 : 0);
  let ranked = [...groups.values()].sort(bySize);
  if (street && ranked.length) ranked = ranked.filter((c) => c.score === ranked[0]!.score);
  return ranked
    .slice(0, limit)
    .map((c) => toFeature({ ...c, score: (c.score / max) * 100 }, street, language));
}

/** The postcodes of a town by its name (and canton, when given), lowest first. */
export function postcodesOf(place: string, canton?: string): string[] {
  const norm = toSearchText(place);
  const codes = loadPlaces()
    .filter((p) => p.norm === norm && (!canton || p.canton === canton))
    .map((p) => p.postcode);
  return [...new Set(codes)].sort();
}

/** The canton of a postcode, when the list knows it. */
export const cantonOf = (postcode: string) => loadPlaces().find((p) => p.postcode === postcode)?.canton;
