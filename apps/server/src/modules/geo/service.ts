/**
 * Address lookup: the built-in Swiss places list by default (localities only); with
 * GEOADMIN_SEARCH_URL, the federal geoportal's building addresses (the built-in list when it
 * fails); with GEOCODER_URL, a Mapbox-compatible remote geocoder (its failures become 503).
 */
import {
  GEOCODE_MAX_RESULTS,
  GEOCODE_MIN_QUERY,
  remoteGeocodeSchema,
  type GeocodeFeature,
  type GeocodePrecision,
  type GeocodeResponse,
} from '@marktgasse/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { readAnswer, searchUrl } from './geoadmin.ts';
import { searchPlaces, type GeoLanguage } from './places.ts';

export const REMOTE_TIMEOUT_MS = 5_000;

const unavailable = () =>
  new AppError('UNAVAILABLE', 'The address lookup is not available right now. Please try again in a moment.');

async function fetchJson(url: URL): Promise<unknown> {
  const res = await fetch(url, { signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`status ${res.status}`);
  return res.json();
}

/** Mapbox's place_type: an address with a house number, a street without one, else a locality. */
function mapboxPrecision(placeType: string[] | undefined, houseNumber: string | undefined): GeocodePrecision {
  if (!placeType?.includes('address')) return 'locality';
  return houseNumber ? 'address' : 'street';
}

export class GeoService {
  constructor(private readonly ctx: AppContext) {}

  async geocode(
    raw: string,
    language: GeoLanguage = 'en',
    log?: FastifyBaseLogger,
  ): Promise<GeocodeResponse> {
    const q = raw.trim();
    const query = q ? q.toLowerCase().split(/\s+/) : [];
    if (q.length < GEOCODE_MIN_QUERY) return { type: 'FeatureCollection', query, features: [] };
    const { GEOCODER_URL, GEOADMIN_SEARCH_URL } = this.ctx.config;
    const features = GEOCODER_URL
      ? await this.remote(GEOCODER_URL, q, language)
      : GEOADMIN_SEARCH_URL
        ? await this.geoadmin(GEOADMIN_SEARCH_URL, q, language, log)
        : searchPlaces(q, GEOCODE_MAX_RESULTS, language);
    return { type: 'FeatureCollection', query, features };
  }

  /** The geoportal's answer; when it fails or finds nothing, the built-in localities (never a 503). */
  private async geoadmin(
    base: string,
    q: string,
    language: GeoLanguage,
    log?: FastifyBaseLogger,
  ): Promise<GeocodeFeature[]> {
    try {
      const body = await fetchJson(searchUrl(base, q, language, GEOCODE_MAX_RESULTS));
      const found = readAnswer(body, language, GEOCODE_MAX_RESULTS);
      if (found === null) log?.warn('geoadmin search answered an unknown shape; built-in places answer');
      if (found?.length) return found;
    } catch (error) {
      log?.warn({ err: error }, 'geoadmin search failed; built-in places answer');
    }
    return searchPlaces(q, GEOCODE_MAX_RESULTS, language);
  }

  private async remote(base: string, q: string, language: GeoLanguage): Promise<GeocodeFeature[]> {
    const url = new URL(`${base.replace(/\/+$/, '')}/${encodeURIComponent(q)}.json`);
    if (this.ctx.config.GEOCODER_TOKEN) url.searchParams.set('access_token', this.ctx.config.GEOCODER_TOKEN);
    url.searchParams.set('country', 'ch');
    url.searchParams.set('limit', String(GEOCODE_MAX_RESULTS));
    url.searchParams.set('language', language);
    let body: unknown;
    try {
      body = await fetchJson(url);
    } catch {
      throw unavailable();
    }
    const parsed = remoteGeocodeSchema.safeParse(body);
    if (!parsed.success) throw unavailable();
    return parsed.data.features.slice(0, GEOCODE_MAX_RESULTS).map((f, i) => ({
      id: f.id ?? `remote.${i}`,
      place_name: f.place_name,
      text: f.text ?? f.place_name.split(',')[0]!,
      center: f.center ?? f.geometry.coordinates,
      geometry: f.geometry,
      context: f.context ?? [],
      relevance: f.relevance ?? 1,
      precision: f.precision ?? mapboxPrecision(f.place_type, f.address),
    }));
  }
}
