/**
 * Address lookup: the built-in Swiss places list by default; with GEOCODER_URL set, a
 * Mapbox-compatible remote geocoder (its failures become 503, never a hanging request).
 */
import {
  GEOCODE_MAX_RESULTS,
  GEOCODE_MIN_QUERY,
  remoteGeocodeSchema,
  type GeocodeFeature,
  type GeocodeResponse,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { searchPlaces } from './places.ts';

export const REMOTE_TIMEOUT_MS = 5_000;

const unavailable = () =>
  new AppError('UNAVAILABLE', 'The address lookup is not available right now. Please try again in a moment.');

export class GeoService {
  constructor(private readonly ctx: AppContext) {}

  async geocode(raw: string): Promise<GeocodeResponse> {
    const q = raw.trim();
    const query = q ? q.toLowerCase().split(/\s+/) : [];
    if (q.length < GEOCODE_MIN_QUERY) return { type: 'FeatureCollection', query, features: [] };
    const features = this.ctx.config.GEOCODER_URL
      ? await this.remote(this.ctx.config.GEOCODER_URL, q)
      : searchPlaces(q, GEOCODE_MAX_RESULTS);
    return { type: 'FeatureCollection', query, features };
  }

  private async remote(base: string, q: string): Promise<GeocodeFeature[]> {
    const url = new URL(`${base.replace(/\/+$/, '')}/${encodeURIComponent(q)}.json`);
    if (this.ctx.config.GEOCODER_TOKEN) url.searchParams.set('access_token', this.ctx.config.GEOCODER_TOKEN);
    url.searchParams.set('country', 'ch');
    url.searchParams.set('limit', String(GEOCODE_MAX_RESULTS));
    let body: unknown;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS) });
      if (!res.ok) throw unavailable();
      body = await res.json();
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
    }));
  }
}
