import { z } from 'zod';

/** One address suggestion, in the shape of the spec's external address-lookup service. */
export const geocodeFeatureSchema = z.object({
  id: z.string(),
  place_name: z.string(),
  text: z.string(),
  /** [longitude, latitude] */
  center: z.tuple([z.number(), z.number()]),
  geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  context: z.array(z.object({ id: z.string(), text: z.string(), short_code: z.string().optional() })),
  relevance: z.number(),
});
export type GeocodeFeature = z.infer<typeof geocodeFeatureSchema>;

export const geocodeResponseSchema = z.object({
  type: z.literal('FeatureCollection'),
  query: z.array(z.string()),
  features: z.array(geocodeFeatureSchema),
});
export type GeocodeResponse = z.infer<typeof geocodeResponseSchema>;

/** What a remote (Mapbox-compatible) geocoder answers: our feature shape, where only `place_name` and `geometry` must be there. */
export const remoteGeocodeSchema = z.object({
  features: z.array(
    geocodeFeatureSchema.partial({ id: true, text: true, center: true, context: true, relevance: true }),
  ),
});

/** GET /api/geocode/?q=: fewer than 2 characters answer an empty list (typing has only begun). */
export const GEOCODE_MIN_QUERY = 2;
export const GEOCODE_MAX_RESULTS = 8;
export const geocodeQuerySchema = z.object({
  q: z.string().max(200, 'An address search has at most 200 characters.').optional().default(''),
});
