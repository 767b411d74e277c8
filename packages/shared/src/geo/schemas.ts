import { z } from 'zod';

/**
 * How much of a suggestion the data knows: `address` a building (street, house number, its
 * postcode and position), `street` the street in that locality, `locality` only the town (its
 * postcodes to choose from, the pin at its centre).
 */
export const GEOCODE_PRECISIONS = ['address', 'street', 'locality'] as const;
export type GeocodePrecision = (typeof GEOCODE_PRECISIONS)[number];

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
  precision: z.enum(GEOCODE_PRECISIONS),
  /** The street and house number as typed or found (absent when none was given). */
  street: z.string().optional(),
  /** The locality's postcodes, lowest first: one when the postcode is known, several to choose from. */
  postcodes: z.array(z.string()).optional(),
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
    geocodeFeatureSchema
      .partial({ id: true, text: true, center: true, context: true, relevance: true, precision: true })
      .extend({
        /** Mapbox: ['address'], ['postcode'], ['place'] …; `address` is the house number. */
        place_type: z.array(z.string()).optional(),
        address: z.string().optional(),
      }),
  ),
});

/** GET /api/geocode/?q=: fewer than 2 characters answer an empty list (typing has only begun). */
export const GEOCODE_MIN_QUERY = 2;
export const GEOCODE_MAX_RESULTS = 8;
export const geocodeQuerySchema = z.object({
  q: z.string().max(200, 'An address search has at most 200 characters.').optional().default(''),
});
