import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  searchQuerySchema,
  searchResponseSchema,
  searchResponseSchemaFor,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { cachedAnswer, markPrivate, sendAnswer } from '../catalogue/public-answer.ts';
import { SearchService } from './service.ts';

export async function searchRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = new SearchService(ctx);

  app.get(
    '/api/search/',
    {
      schema: {
        tags: ['search'],
        summary: 'Search by type (case- and accent-insensitive, tolerant of one typo)',
        description: [
          'Public types (no credentials): `stores`, `map` (every store, up to 1000, as markers), `products`, `profiles` (sellers), `all`, `products_in_store` (store_id; rows with number > 0), `products_by_seller` (seller_id).',
          'Seller types (bearer token of a STORE_OWNER; 401 without, 403 for customers): `my_products` (store_name optional), `my_stores`, `products_in_my_store` (store_id of an own store; rows at 0 included).',
          'Answers: stores, my_stores → Store[]; map → MapStore[] (id, owner, name, address, city, latitude, longitude, category, owner_name, owner_id, profile_image); products, my_products, products_by_seller → Product[]; profiles → SellerSummary[]; all → {products, stores, profiles}; products_in_store, products_in_my_store → [{id, number, store, product}].',
          'An empty search_string lists everything of the type (at most 100, newest first; `limit` asks for fewer). An unknown type or a missing store_id/seller_id is 400.',
        ].join('\n\n'),
        querystring: searchQuerySchema,
        response: {
          200: searchResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      if (!SearchService.isPublic(query.type)) {
        markPrivate(reply);
        return service.search(query, request);
      }
      const key = `search:${query.type}:${query.store_id ?? ''}:${query.seller_id ?? ''}:${query.limit ?? ''}:${query.search_string}`;
      return sendAnswer(
        request,
        reply,
        await cachedAnswer(ctx, key, searchResponseSchemaFor(query.type), () =>
          service.search(query, request),
        ),
      );
    },
  );
}
