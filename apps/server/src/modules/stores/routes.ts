import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  idParams,
  stockCreateBody,
  stockListQuerySchema,
  STORE_STOCKS_MAX_PAGE_SIZE,
  STORE_STOCKS_PAGE_SIZE,
  storeStocksQuerySchema,
  pagedStoreStocksSchema,
  stockUpdateBody,
  storeSchema,
  storeSummarySchema,
  storeStockSchema,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { requireSeller } from '../../plugins/auth.ts';
import { readForm } from '../../lib/multipart.ts';
import { idParam } from '../../lib/validation.ts';
import { listAnswer } from '../../lib/list-answer.ts';
import { cachedAnswer, sendAnswer } from '../../lib/public-answer.ts';
import { StoresService } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const bearer = [{ bearer: [] }];

/** Answer 401/403 before looking at the body. */
const sellerFirst = async (request: FastifyRequest) => {
  requireSeller(request);
};

/** The stores module's routes, one function per resource and direction (each fits a screen). */
export async function storesRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = new StoresService(ctx);
  storeWriteRoutes(root, ctx, service);
  storeReadRoutes(root, service);
  sellerStoreRoutes(root, ctx, service);
  storeDeleteRoute(root, ctx, service);
  stockReadRoutes(root, ctx, service);
  stockWriteRoutes(root, ctx, service);
}

/** Creating and editing a store (multipart or JSON; the owner only). */
function storeWriteRoutes(root: FastifyInstance, ctx: AppContext, service: StoresService): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/stores/new/',
    {
      schema: {
        tags: ['stores'],
        summary:
          'Create a store of the caller (seller). Multipart: name, latitude, longitude (required), address, country, city, description, phone, category (repeated: ids or names, mixed; an unknown name answers 400), image; or JSON. `owner` is ignored.',
        security: bearer,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: storeSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request, reply) => {
      const caller = requireSeller(request);
      const form = await readForm(request);
      const store = await service.create(caller, form.fields, form.file);
      request.log.info({ audit: 'store-created', userId: caller.id, storeId: store.id }, 'store created');
      return reply.status(201).send(store);
    },
  );

  app.patch(
    '/api/stores/:id/',
    {
      schema: {
        tags: ['stores'],
        summary:
          'Edit an own store (multipart or JSON): any field of creation (name, address, country, city, latitude, longitude, description, phone, category (repeated; replaces the list), image); validated as at creation.',
        security: bearer,
        params: idParams,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: storeSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request) => {
      const caller = requireSeller(request);
      const id = idParam(request.params.id, 'store');
      // Someone else's store answers 404 before its body (and an upload) is read.
      await service.ownStore(caller, id);
      const form = await readForm(request);
      const store = await service.update(caller, id, form.fields, form.file);
      request.log.info({ audit: 'store-updated', userId: caller.id, storeId: id }, 'store updated');
      return store;
    },
  );
}

const storeList = z.array(storeSchema);
const storeSummaries = z.array(storeSummarySchema);

/** Reading stores: the caller's, one. */
function storeReadRoutes(root: FastifyInstance, service: StoresService): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/stores/mystores/',
    {
      schema: {
        tags: ['stores'],
        summary: 'The caller’s stores (seller)',
        security: bearer,
        response: { 200: z.array(storeSchema), ...errors },
      },
    },
    async (request) => service.mine(requireSeller(request).id),
  );

  app.get(
    '/api/stores/:id/',
    {
      schema: {
        tags: ['stores'],
        summary: 'One store',
        params: idParams,
        response: { 200: storeSchema, ...errors },
      },
    },
    async (request) => service.get(idParam(request.params.id, 'store'), request.user?.id),
  );
}

/** A seller's stores, kept ready to send: in full (spec §7) and without their stock rows. */
function sellerStoreRoutes(root: FastifyInstance, ctx: AppContext, service: StoresService): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const sellerList = <T>(
    url: string,
    summary: string,
    schema: z.ZodType<T[]>,
    key: string,
    load: (id: number) => Promise<T[]>,
  ) =>
    app.get(
      url,
      { schema: { tags: ['stores'], summary, params: idParams, response: { 200: schema, ...errors } } },
      async (request, reply) => {
        const id = idParam(request.params.id, 'user');
        return sendAnswer(request, reply, await cachedAnswer(ctx, `${key}:${id}`, schema, () => load(id)));
      },
    );

  // A seller's stores with every stock row run to hundreds of KB: serialized and compressed once.
  sellerList(
    '/api/stores/user/:id',
    'The stores of one seller (empty for a user without stores)',
    storeList,
    'stores:user',
    (id) => service.ofOwner(id),
  );
  // A seller's page lists the stores by name and marks them up with address and geo; their stock
  // rows (every product of every store) are not needed there (decision 311).
  sellerList(
    '/api/stores/user/:id/summaries/',
    'The stores of one seller without their stock rows (empty for a user without stores)',
    storeSummaries,
    'stores:summaries',
    (id) => service.summariesOfOwner(id),
  );
}

/** Deleting a store (the owner only; refused while in-store items wait for pick-up). */
function storeDeleteRoute(root: FastifyInstance, ctx: AppContext, service: StoresService): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.delete(
    '/api/stores/:id/',
    {
      schema: {
        tags: ['stores'],
        summary:
          'Delete an own store. Refused with 409 while in-store pick-ups of it are open; past order lines keep the store name.',
        security: bearer,
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const caller = requireSeller(request);
      const id = idParam(request.params.id, 'store');
      await service.delete(caller, id);
      request.log.info({ audit: 'store-deleted', userId: caller.id, storeId: id }, 'store deleted');
      return reply.status(204).send(null);
    },
  );
}

/** Reading stock rows: a list, one store's (paged as decision 118), one product's. */
function stockReadRoutes(root: FastifyInstance, ctx: AppContext, service: StoresService): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/stocks/',
    {
      schema: {
        tags: ['stocks'],
        summary:
          'Stock rows of live stores and products: a signed-in seller gets all of their own rows; anyone else a page of the newest rows (offset, limit ≤ 100).',
        querystring: stockListQuerySchema,
        response: { 200: z.array(storeStockSchema), ...errors },
      },
    },
    async (request) => service.listStocks(request.user, request.query),
  );

  app.get(
    '/api/stocks/store/:id',
    {
      schema: {
        tags: ['stocks'],
        summary: `The stock rows of one store, oldest first. Without offset and limit: a plain list of at most ${STORE_STOCKS_MAX_PAGE_SIZE}, with X-Total-Count and, when there are more, Link rel="next". With offset or limit: one page {results, count, next} (limit ${STORE_STOCKS_PAGE_SIZE} by default, at most ${STORE_STOCKS_MAX_PAGE_SIZE}).`,
        params: idParams,
        querystring: storeStocksQuerySchema,
        response: { 200: z.union([pagedStoreStocksSchema, z.array(storeStockSchema)]), ...errors },
      },
    },
    async (request, reply) => {
      const storeId = idParam(request.params.id, 'store');
      const sizes = { page: STORE_STOCKS_PAGE_SIZE, max: STORE_STOCKS_MAX_PAGE_SIZE };
      return listAnswer(ctx.config, request, reply, request.query, sizes, ({ offset, limit }) =>
        service.stocksOfStore(storeId, offset, limit, request.user?.id),
      );
    },
  );

  app.get(
    '/api/stocks/product/:id',
    {
      schema: {
        tags: ['stocks'],
        summary: 'The stock rows of one product (one per store)',
        params: idParams,
        response: { 200: z.array(storeStockSchema), ...errors },
      },
    },
    async (request) => service.stocksOfProduct(idParam(request.params.id, 'product'), request.user?.id),
  );
}

/** Setting and changing stock numbers (owner of store and product). */
function stockWriteRoutes(root: FastifyInstance, ctx: AppContext, service: StoresService): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/stocks/new/',
    {
      schema: {
        tags: ['stocks'],
        summary:
          'Set the stock of a product in a store (owner of both). One row per (store, product): when the row exists its number is set (upsert).',
        security: bearer,
        body: stockCreateBody,
        response: { 201: storeStockSchema, ...errors },
      },
      preValidation: sellerFirst,
    },
    async (request, reply) => {
      const caller = requireSeller(request);
      return reply.status(201).send(await service.createStock(caller, request.body));
    },
  );

  app.put(
    '/api/stocks/:id/',
    {
      schema: {
        tags: ['stocks'],
        summary:
          'Change a stock number (owner of both store and product); "delete" sets 0 and keeps the row.',
        security: bearer,
        params: idParams,
        body: stockUpdateBody,
        response: { 200: storeStockSchema, ...errors },
      },
      preValidation: sellerFirst,
    },
    async (request) => {
      const caller = requireSeller(request);
      return service.updateStock(caller, idParam(request.params.id, 'stock'), request.body);
    },
  );
}
