/** The seller's parts of orders: list, read, send, hand over a pick-up item, cancel, complete. */
import { z } from 'zod';
import {
  idParams,
  pagedSellerOrdersSchema,
  retrieveBodySchema,
  sellerCancelBodySchema,
  sellerOrderSchema,
  sellerOrdersQuerySchema,
  sendBodySchema,
} from '@marktgasse/shared';
import { idParam } from '../../lib/validation.ts';
import { requireUser } from '../../plugins/auth.ts';
import { bearer, errors, listAnswer, listQuery, listSummary, signedIn, type RouteKit } from './route-kit.ts';

function retrieveRoute({ quiet, services }: RouteKit) {
  quiet.put(
    '/api/orders/order-items/:id/retrieve/',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Seller: mark one pick-up item as picked up. An optional {code} must match the pick-up code the customer shows.',
        security: bearer,
        params: idParams,
        body: retrieveBodySchema,
        response: { 200: sellerOrderSchema, ...errors },
      },
      preValidation: signedIn,
    },
    async (request) =>
      services.fulfilment.retrieve(
        requireUser(request),
        idParam(request.params.id, 'order item'),
        request.body?.code ?? undefined,
      ),
  );
}

function listRoute({ app, ctx, services }: RouteKit) {
  app.get(
    '/api/seller-orders/myorders/',
    {
      schema: {
        tags: ['orders'],
        summary: `The caller's seller orders (their share of customers' orders); \`state\` (unpaid, toDo, completed, cancelled) keeps only those in that state. ${listSummary}`,
        security: bearer,
        querystring: listQuery.extend(sellerOrdersQuerySchema.shape),
        response: { 200: z.union([pagedSellerOrdersSchema, z.array(sellerOrderSchema)]), ...errors },
      },
      preValidation: signedIn,
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const { state } = request.query;
      return listAnswer(ctx, request, reply, request.query, (page) =>
        services.reads.sellerOrdersOf(caller, page, state),
      );
    },
  );
}

function readRoute({ app, services }: RouteKit) {
  app.get(
    '/api/seller-orders/:id/',
    {
      schema: {
        tags: ['orders'],
        summary: 'One seller order of the caller (404 for anyone else)',
        security: bearer,
        params: idParams,
        response: { 200: sellerOrderSchema, ...errors },
      },
      preValidation: signedIn,
    },
    async (request) =>
      services.reads.sellerOrderFor(requireUser(request), idParam(request.params.id, 'seller order')),
  );
}

function sendRoute({ quiet, services }: RouteKit) {
  quiet.put(
    '/api/seller-orders/:id/send/',
    {
      schema: {
        tags: ['orders'],
        summary:
          "Seller: mark the online part as sent (only once the order is paid). The body is optional: {carrier: swisspost|dpd|dhl|other, trackingNumber}; the answer carries them and the carrier's trackingUrl (none for other), and the customer's e-mail the link.",
        security: bearer,
        params: idParams,
        body: sendBodySchema,
        response: { 200: sellerOrderSchema, ...errors },
      },
      preValidation: signedIn,
    },
    async (request) =>
      services.fulfilment.send(
        requireUser(request),
        idParam(request.params.id, 'seller order'),
        request.body ?? undefined,
      ),
  );
}

function cancelRoute({ app, services }: RouteKit) {
  app.put(
    '/api/seller-orders/:id/cancel/',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Seller: cancel your part before it is sent or picked up, with {reason} for the customer. When paid, your items and shipping are refunded through the payment provider; your stock is released; the rest of the order goes on.',
        security: bearer,
        params: idParams,
        body: sellerCancelBodySchema,
        response: { 200: sellerOrderSchema, ...errors },
      },
      preValidation: signedIn,
    },
    async (request) => {
      const caller = requireUser(request);
      const id = idParam(request.params.id, 'seller order');
      const so = await services.cancellation.cancelSellerOrder(caller, id, request.body.reason);
      request.log.info(
        { audit: 'seller-order-cancelled', sellerOrderId: id, userId: caller.id },
        'seller order cancelled',
      );
      return so;
    },
  );
}

function completeRoute({ quiet, services }: RouteKit) {
  quiet.put(
    '/api/seller-orders/:id/complete/',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Seller: complete the seller order. The server completes it by itself after the last send or pick-up; this call is idempotent.',
        security: bearer,
        params: idParams,
        response: { 200: sellerOrderSchema, ...errors },
      },
      preValidation: signedIn,
    },
    async (request) =>
      services.fulfilment.complete(requireUser(request), idParam(request.params.id, 'seller order')),
  );
}

export function sellerOrderRoutes(kit: RouteKit): void {
  retrieveRoute(kit);
  listRoute(kit);
  readRoute(kit);
  sendRoute(kit);
  cancelRoute(kit);
  completeRoute(kit);
}
