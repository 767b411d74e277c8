import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categorySchema,
  errorBodySchema,
  idParams,
  latestReviewSchema,
  hasListOptions,
  pagedProductsSchema,
  productListOptionsQuerySchema,
  productSchema,
  reviewSchema,
  SELLER_PRODUCTS_MAX_PAGE_SIZE,
  SELLER_PRODUCTS_PAGE_SIZE,
  sellerProductsOptionsQuerySchema,
  sellerProductsQuerySchema,
  type Paged,
  type PagedProducts,
  type Product,
  type ProductListOptionsQuery,
  type SellerProductsQuery,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { requireSeller, requireUser } from '../../plugins/auth.ts';
import { forbidden } from '../../lib/errors.ts';
import { readForm } from '../../lib/multipart.ts';
import { idParam } from '../../lib/validation.ts';
import { plainListHeaders, wantsPage } from '../../lib/list-answer.ts';
import { cachedAnswer, markPrivate, sendAnswer } from '../../lib/public-answer.ts';
import { CatalogueService } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const bearer = [{ bearer: [] }];
const tags = ['catalogue'];
const productArray = z.array(productSchema);

/**
 * The sorted and filtered product lists (docs/decisions/181), answered by the search module;
 * app.ts hands them in, so the catalogue imports nothing of search (search builds on catalogue).
 */
export interface SortedProductLists {
  productListPage(ctx: AppContext, q: ProductListOptionsQuery): Promise<PagedProducts>;
  sellerProductList(
    ctx: AppContext,
    sellerId: number,
    q: SellerProductsQuery,
    offset: number,
    limit: number,
  ): Promise<Paged<Product>>;
}

export async function catalogueRoutes(
  root: FastifyInstance,
  ctx: AppContext,
  lists: SortedProductLists,
): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = new CatalogueService(ctx);

  app.get(
    '/api/products/categories/',
    {
      schema: {
        tags,
        summary: 'The category tree: every category with its subcategories, in display order',
        response: { 200: z.array(categorySchema) },
      },
    },
    async (request, reply) =>
      sendAnswer(
        request,
        reply,
        await cachedAnswer(ctx, 'categories', z.array(categorySchema), () => service.categories()),
      ),
  );

  app.get(
    '/api/products/',
    {
      schema: {
        tags,
        summary:
          'Live products, newest first, paged (limit 1..100, default 12); filter by category or subcategory name; optional sort (newest, price_asc, price_desc, rating), min_price, max_price (CHF), in_stock=true, pickup_city',
        querystring: productListOptionsQuerySchema,
        response: { 200: pagedProductsSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
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
    },
  );

  app.get(
    '/api/products/latest-products/',
    {
      schema: { tags, summary: 'The newest products', response: { 200: z.array(productSchema) } },
    },
    async (request, reply) =>
      sendAnswer(
        request,
        reply,
        await cachedAnswer(ctx, 'latest-products', z.array(productSchema), () => service.latestProducts()),
      ),
  );

  app.get(
    '/api/products/latest-reviews/',
    {
      schema: {
        tags,
        summary: 'The newest reviews with their product',
        response: { 200: z.array(latestReviewSchema) },
      },
    },
    async (request, reply) =>
      sendAnswer(
        request,
        reply,
        await cachedAnswer(ctx, 'latest-reviews', z.array(latestReviewSchema), () => service.latestReviews()),
      ),
  );

  app.get(
    '/api/products/myproducts/',
    {
      schema: {
        tags,
        summary: `The caller’s own live products (sellers), newest first, paged as GET /api/products/user/{id}: without offset and limit a plain list of at most the newest ${SELLER_PRODUCTS_MAX_PAGE_SIZE}, with X-Total-Count and, when there are more, Link rel="next"; with offset or limit one page {results, count, next} (limit ${SELLER_PRODUCTS_PAGE_SIZE} by default, at most ${SELLER_PRODUCTS_MAX_PAGE_SIZE}).`,
        security: bearer,
        querystring: sellerProductsQuerySchema,
        response: { 200: z.union([pagedProductsSchema, productArray]), ...errors },
      },
    },
    async (request, reply) => {
      markPrivate(reply);
      const sellerId = requireSeller(request).id;
      const q = request.query;
      const paged = wantsPage(q);
      const limit = q.limit ?? (paged ? SELLER_PRODUCTS_PAGE_SIZE : SELLER_PRODUCTS_MAX_PAGE_SIZE);
      // Never the shared answer cache: the caller's own list, answered to them only.
      const page = await service.sellerPage(sellerId, q.offset ?? 0, limit);
      if (paged) return page;
      plainListHeaders(ctx.config, request, reply, page.count, limit);
      return page.results;
    },
  );

  app.get(
    '/api/products/user/:id',
    {
      schema: {
        tags,
        summary: `The live products of one seller (a user id), newest first. Without offset and limit: a plain list of at most the newest ${SELLER_PRODUCTS_MAX_PAGE_SIZE}, with X-Total-Count and, when there are more, Link rel="next". With offset or limit: one page {results, count, next} (limit ${SELLER_PRODUCTS_PAGE_SIZE} by default, at most ${SELLER_PRODUCTS_MAX_PAGE_SIZE}). Optional sort (newest, price_asc, price_desc, rating), min_price, max_price (CHF), in_stock=true, pickup_city.`,
        params: idParams,
        querystring: sellerProductsOptionsQuerySchema,
        response: { 200: z.union([pagedProductsSchema, z.array(productSchema)]), ...errors },
      },
    },
    async (request, reply) => {
      const id = idParam(request.params.id, 'user');
      const q = request.query;
      const paged = wantsPage(q);
      const offset = q.offset ?? 0;
      const limit = q.limit ?? (paged ? SELLER_PRODUCTS_PAGE_SIZE : SELLER_PRODUCTS_MAX_PAGE_SIZE);
      if (hasListOptions(q)) {
        // Sort and filters (docs/decisions/181), paged and bounded like the plain list.
        const page = await ctx.cache.getOrLoad(`catalogue:seller-options:${id}:${JSON.stringify(q)}`, () =>
          lists.sellerProductList(ctx, id, q, offset, limit),
        );
        if (!paged) plainListHeaders(ctx.config, request, reply, page.count, limit);
        const optionsKey = `user-products-options:${id}:${JSON.stringify(q)}:${paged ? 'page' : 'list'}`;
        return sendAnswer(
          request,
          reply,
          await cachedAnswer(ctx, optionsKey, paged ? pagedProductsSchema : productArray, async () =>
            paged ? page : page.results,
          ),
        );
      }
      const key = `user-products:${id}:${offset}:${limit}:${paged ? 'page' : 'list'}`;
      const answer = await cachedAnswer(ctx, key, paged ? pagedProductsSchema : productArray, async () => {
        const page = await service.sellerPage(id, offset, limit);
        return paged ? page : page.results;
      });
      if (!paged) plainListHeaders(ctx.config, request, reply, await service.sellerCount(id), limit);
      return sendAnswer(request, reply, answer);
    },
  );

  app.post(
    '/api/products/new/',
    {
      schema: {
        tags,
        summary:
          'Create a product (sellers; multipart: image, brand, name, price, description, category, subcategory; or JSON). It belongs to the caller whatever `seller` says. Optional `initialStocks`: [{store, number}] of own stores (a JSON string in multipart), set in the same transaction.',
        security: bearer,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: productSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      // Refused before the body is read: a customer's upload never reaches the pipeline.
      if (caller.role !== 'STORE_OWNER') throw forbidden('Only seller accounts can create products.');
      const form = await readForm(request);
      const product = await service.create(caller, form.fields, form.file);
      request.log.info(
        { audit: 'product-created', productId: product.id, userId: caller.id },
        'product created',
      );
      return reply.status(201).send(product);
    },
  );

  app.get(
    '/api/products/reviews/:id',
    {
      schema: {
        tags,
        summary: 'The reviews of one product, newest first',
        params: idParams,
        response: { 200: z.array(reviewSchema), ...errors },
      },
    },
    async (request, reply) => {
      const id = idParam(request.params.id, 'product');
      return sendAnswer(
        request,
        reply,
        await cachedAnswer(ctx, `reviews:${id}`, z.array(reviewSchema), () => service.reviews(id)),
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
      return sendAnswer(
        request,
        reply,
        await cachedAnswer(ctx, `product:${id}`, productSchema, () => service.get(id)),
      );
    },
  );

  app.patch(
    '/api/products/:id/',
    {
      schema: {
        tags,
        summary:
          'Edit an own product (multipart or JSON): any of brand, name, price, description, category, subcategory, image; validated as at creation. Orders already placed keep what they sold.',
        security: bearer,
        params: idParams,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: productSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const id = idParam(request.params.id, 'product');
      // Someone else's product answers 404 before its body (and an upload) is read.
      await service.ownProduct(caller, id);
      const form = await readForm(request);
      const product = await service.update(caller, id, form.fields, form.file);
      request.log.info({ audit: 'product-updated', productId: id, userId: caller.id }, 'product updated');
      return product;
    },
  );

  app.delete(
    '/api/products/:id/',
    {
      schema: {
        tags,
        summary: 'Delete an own product; it leaves the catalogue, orders that sold it keep their lines',
        security: bearer,
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const id = idParam(request.params.id, 'product');
      await service.delete(caller, id);
      request.log.info({ audit: 'product-deleted', productId: id, userId: caller.id }, 'product deleted');
      return reply.status(204).send(null);
    },
  );
}
