import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, geocodeQuerySchema, geocodeResponseSchema } from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { negotiateLanguage } from '../../i18n/translate.ts';
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
          'Answers a FeatureCollection in the shape of a Mapbox-style geocoder: place_name, geometry.coordinates [lng, lat], context with postcode, place, region (canton) and country. Each suggestion carries `precision`: `address` (a building: street, house number, its postcode and position), `street`, or `locality` (only the town is known: `postcodes` lists its postcodes to choose from, the pin is the town centre). A typed street ("Kramgasse 10 Bern") is kept in `street` and place_name but never given a postcode the data does not know. Country names follow Accept-Language. A q shorter than 2 characters answers an empty list. Built-in Swiss places list by default (localities); GEOADMIN_SEARCH_URL asks the federal geoportal for building addresses (built-in answer when it fails); GEOCODER_URL forwards to a Mapbox-compatible provider (503 when it fails).',
        querystring: geocodeQuerySchema,
        response: { 200: geocodeResponseSchema, 400: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const language = negotiateLanguage(request.headers['accept-language']);
      const result = await service.geocode(request.query.q, language, request.log);
      if (!ctx.config.GEOCODER_URL && !ctx.config.GEOADMIN_SEARCH_URL) {
        reply.header('cache-control', 'public, max-age=3600');
      }
      // The country's name follows the caller's language.
      reply.header('vary', 'accept-language');
      return result;
    },
  );
}
