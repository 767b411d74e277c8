/**
 * A seller's live products: the caller's own (GET /api/products/myproducts/, never cached for
 * others) and anyone's by user id (GET /api/products/user/{id}, from the shared answer cache).
 * Both answer a plain list or a page as decision 118 says (lib/list-answer.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  hasListOptions,
  idParams,
  pagedProductsSchema,
  productSchema,
  SELLER_PRODUCTS_MAX_PAGE_SIZE,
  SELLER_PRODUCTS_PAGE_SIZE,
  sellerProductsOptionsQuerySchema,
  sellerProductsQuerySchema,
  type SellerProductsQuery,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { requireSeller } from '../../plugins/auth.ts';
import { idParam } from '../../lib/validation.ts';
import { listAnswer, listBody, pageAsked, plainListHeaders } from '../../lib/list-answer.ts';
import { cachedAnswer, markPrivate, sendAnswer } from '../../lib/public-answer.ts';
import type { CatalogueService } from './service.ts';
import { bearer, errors, tags, type SortedProductLists } from './route-parts.ts';

const productArray = z.array(productSchema);
const sizes = { page: SELLER_PRODUCTS_PAGE_SIZE, max: SELLER_PRODUCTS_MAX_PAGE_SIZE };
const paging = `Without offset and limit: a plain list of at most the newest ${SELLER_PRODUCTS_MAX_PAGE_SIZE}, with X-Total-Count and, when there are more, Link rel="next". With offset or limit: one page {results, count, next} (limit ${SELLER_PRODUCTS_PAGE_SIZE} by default, at most ${SELLER_PRODUCTS_MAX_PAGE_SIZE}).`;

const ownListSchema = {
  tags,
  summary: `The caller’s own live products (sellers), newest first, paged as GET /api/products/user/{id}: without offset and limit a plain list of at most the newest ${SELLER_PRODUCTS_MAX_PAGE_SIZE}, with X-Total-Count and, when there are more, Link rel="next"; with offset or limit one page {results, count, next} (limit ${SELLER_PRODUCTS_PAGE_SIZE} by default, at most ${SELLER_PRODUCTS_MAX_PAGE_SIZE}).`,
  security: bearer,
  querystring: sellerProductsQuerySchema,
  response: { 200: z.union([pagedProductsSchema, productArray]), ...errors },
};
const sellerListSchema = {
  tags,
  summary: `The live products of one seller (a user id), newest first. ${paging} Optional sort (newest, price_asc, price_desc, rating), min_price, max_price (CHF), in_stock=true, pickup_city, store_id (only products with units in that store).`,
  params: idParams,
  querystring: sellerProductsOptionsQuerySchema,
  response: { 200: z.union([pagedProductsSchema, productArray]), ...errors },
};

export function sellerProductRoutes(
  root: FastifyInstance,
  ctx: AppContext,
  service: CatalogueService,
  lists: SortedProductLists,
): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get('/api/products/myproducts/', { schema: ownListSchema }, async (request, reply) => {
    markPrivate(reply);
    const sellerId = requireSeller(request).id;
    // Never the shared answer cache: the caller's own list, answered to them only.
    return listAnswer(ctx.config, request, reply, request.query, sizes, ({ offset, limit }) =>
      service.ownPage(sellerId, offset, limit),
    );
  });

  app.get('/api/products/user/:id', { schema: sellerListSchema }, async (request, reply) =>
    sellerProductsAnswer(ctx, service, lists, request, reply, idParam(request.params.id, 'user')),
  );
}

async function sellerProductsAnswer(
  ctx: AppContext,
  service: CatalogueService,
  lists: SortedProductLists,
  request: FastifyRequest<{ Querystring: SellerProductsQuery }>,
  reply: FastifyReply,
  id: number,
): Promise<FastifyReply> {
  const q = request.query;
  const { paged, offset, limit } = pageAsked(q, sizes);
  const shape = paged ? pagedProductsSchema : productArray;
  if (hasListOptions(q) || q.store_id !== undefined) {
    // Sort and filters (docs/decisions/181), paged and bounded like the plain list.
    const page = await ctx.cache.getOrLoad(`catalogue:seller-options:${id}:${JSON.stringify(q)}`, () =>
      lists.sellerProductList(ctx, id, q, offset, limit),
    );
    if (!paged) plainListHeaders(ctx.config, request, reply, page.count, limit);
    const optionsKey = `user-products-options:${id}:${JSON.stringify(q)}:${paged ? 'page' : 'list'}`;
    return sendAnswer(
      request,
      reply,
      await cachedAnswer(ctx, optionsKey, shape, async () => listBody(page, paged)),
    );
  }
  const key = `user-products:${id}:${offset}:${limit}:${paged ? 'page' : 'list'}`;
  const answer = await cachedAnswer(ctx, key, shape, async () =>
    listBody(await service.sellerPage(id, offset, limit), paged),
  );
  if (!paged) plainListHeaders(ctx.config, request, reply, await service.sellerCount(id), limit);
  return sendAnswer(request, reply, answer);
}
