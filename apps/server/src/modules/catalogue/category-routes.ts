/** The category tree (GET /api/products/categories/), from the shared answer cache. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categorySchema } from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { cachedAnswer, sendAnswer } from '../../lib/public-answer.ts';
import type { CatalogueService } from './service.ts';
import { tags } from './route-parts.ts';

const categoryTree = z.array(categorySchema);

export function categoryRoutes(root: FastifyInstance, ctx: AppContext, service: CatalogueService): void {
  root.withTypeProvider<ZodTypeProvider>().get(
    '/api/products/categories/',
    {
      schema: {
        tags,
        summary: 'The category tree: every category with its subcategories, in display order',
        response: { 200: categoryTree },
      },
    },
    async (request, reply) =>
      sendAnswer(
        request,
        reply,
        await cachedAnswer(ctx, 'categories', categoryTree, () => service.categories()),
      ),
  );
}
