/** A product's reviews: read them (answer cache) and write one (customers, once per product). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParams, reviewSchema } from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { idParam } from '../../lib/validation.ts';
import { cachedAnswer, sendAnswer } from '../../lib/public-answer.ts';
import type { CatalogueService } from './service.ts';
import { bearer, errors, tags } from './route-parts.ts';

const reviewList = z.array(reviewSchema);

export function reviewRoutes(root: FastifyInstance, ctx: AppContext, service: CatalogueService): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/products/reviews/:id',
    {
      schema: {
        tags,
        summary: 'The reviews of one product, newest first',
        params: idParams,
        response: { 200: reviewList, ...errors },
      },
    },
    async (request, reply) => {
      const id = idParam(request.params.id, 'product');
      return sendAnswer(
        request,
        reply,
        await cachedAnswer(ctx, `reviews:${id}`, reviewList, () => service.reviews(id)),
      );
    },
  );

  app.post(
    '/api/products/:id/reviews/',
    {
      schema: {
        tags,
        summary: 'Review a product (customers; once per product): rating 1..5, comment up to 2000 characters',
        security: bearer,
        params: idParams,
        response: { 201: reviewSchema, ...errors, 409: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const review = await service.addReview(
        request.user,
        idParam(request.params.id, 'product'),
        request.body,
      );
      return reply.status(201).send(review);
    },
  );
}
