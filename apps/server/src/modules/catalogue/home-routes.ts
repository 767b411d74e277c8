/** What the home page shows: the newest products and the newest reviews, from the answer cache. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { latestReviewSchema, productSchema } from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { cachedAnswer, sendAnswer } from '../../lib/public-answer.ts';
import type { CatalogueService } from './service.ts';
import { tags } from './route-parts.ts';

const latestProducts = z.array(productSchema);
const latestReviews = z.array(latestReviewSchema);

export function homeRoutes(root: FastifyInstance, ctx: AppContext, service: CatalogueService): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/products/latest-products/',
    { schema: { tags, summary: 'The newest products', response: { 200: latestProducts } } },
    async (request, reply) =>
      sendAnswer(
        request,
        reply,
        await cachedAnswer(ctx, 'latest-products', latestProducts, () => service.latestProducts()),
      ),
  );

  app.get(
    '/api/products/latest-reviews/',
    {
      schema: {
        tags,
        summary: 'The newest reviews with their product',
        response: { 200: latestReviews },
      },
    },
    async (request, reply) =>
      sendAnswer(
        request,
        reply,
        await cachedAnswer(ctx, 'latest-reviews', latestReviews, () => service.latestReviews()),
      ),
  );
}
