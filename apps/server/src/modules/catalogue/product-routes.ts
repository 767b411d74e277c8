/** The public product list and one product, both from the shared answer cache. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  hasListOptions,
  idParams,
  pagedProductsSchema,
  productListOptionsQuerySchema,
  productSchema,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { idParam } from '../../lib/validation.ts';
import { AppError } from '../../lib/errors.ts';
import { cachedAnswer, markPrivate, sendAnswer } from '../../lib/public-answer.ts';
import type { CatalogueService } from './service.ts';
import { errors, tags, type SortedProductLists } from './route-parts.ts';

const listSchema = {
  tags,
  summary:
    'Live products, newest first, paged (limit 1..100, default 12); filter by category or subcategory name; optional sort (newest, price_asc, price_desc, rating), min_price, max_price (CHF), in_stock=true, pickup_city',
  querystring: productListOptionsQuerySchema,
  response: { 200: pagedProductsSchema, 400: errorBodySchema },
};

export function productRoutes(
  root: FastifyInstance,
  ctx: AppContext,
  service: CatalogueService,
  lists: SortedProductLists,
): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get('/api/products/', { schema: listSchema }, async (request, reply) => {
    const q = request.query;
    // Sort and filters: answered by the search module's one product list (docs/decisions/181).
    if (hasListOptions(q))
      return sendAnswer(
        request,
        reply,
        await cachedAnswer(ctx, `list-options:${JSON.stringify(q)}`, pagedProductsSchema, () =>
          lists.productListPage(ctx, q),
        ),
      );
    const key = `list:${q.offset}:${q.limit}:${q.category ?? ''}\u0000${q.subcategory ?? ''}`;
    return sendAnswer(
      request,
      reply,
      await cachedAnswer(ctx, key, pagedProductsSchema, () => service.list(q)),
    );
  });

  app.get(
    '/api/products/:id',
    {
      schema: {
        tags,
        summary: 'One product with its seller, rating and stock per store',
        params: idParams,
        response: { 200: productSchema, ...errors },
      },
    },
    async (request, reply) => {
      const id = idParam(request.params.id, 'product');
      try {
        return sendAnswer(
          request,
          reply,
          await cachedAnswer(ctx, `product:${id}`, productSchema, () => service.get(id)),
        );
      } catch (error) {
        // A seller's own product while their shop is not public (decision 290): to them alone.
        const seller = request.user?.role === 'STORE_OWNER' ? request.user.id : undefined;
        if (seller === undefined || !(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error;
        markPrivate(reply);
        return service.get(id, seller);
      }
    },
  );
}
