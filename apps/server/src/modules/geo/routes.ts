import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, geocodeQuerySchema, geocodeResponseSchema } from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { GeoService } from './service.ts';

export async function geoRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = new GeoService(ctx);

  app.get(
    '/api/geocode/',
    {
      schema: {
        tags: ['geo'],
        summary: 'Swiss address suggestions (at most 8, best first)',
        description:
          'Answers a FeatureCollection in the shape of a Mapbox-style geocoder: place_name, geometry.coordinates [lng, lat], context with postcode, place, region (canton) and country. A leading street ("Bahnhofstrasse 12, Zürich") is kept in place_name and gets the locality’s coordinates. A q shorter than 2 characters answers an empty list. Built-in Swiss places list by default; GEOCODER_URL forwards to a remote provider (503 when it fails).',
        querystring: geocodeQuerySchema,
        response: { 200: geocodeResponseSchema, 400: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const result = await service.geocode(request.query.q);
      if (!ctx.config.GEOCODER_URL) reply.header('cache-control', 'public, max-age=3600');
      return result;
    },
  );
}
