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
