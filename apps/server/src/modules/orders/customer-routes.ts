/** The customer's orders: place, list, read, cancel, extend the hold. */
import { z } from 'zod';
import {
  cancelBodySchema,
  errorBodySchema,
  idParams,
  orderCreateSchema,
  orderSchema,
  pagedOrdersSchema,
} from '@marktgasse/shared';
import { idParam } from '../../lib/validation.ts';
import { requireUser } from '../../plugins/auth.ts';
import {
  bearer,
  errors,
  keyNote,
  listAnswer,
  listQuery,
  listSummary,
  mailLanguage,
  signedIn,
  type RouteKit,
} from './route-kit.ts';

function placeRoute({ app, services, idempotency }: RouteKit) {
  app.post(
    '/api/orders/add/',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Place an order from the cart. The server prices everything and reserves the stock; a total that differs from its own answers 409.' +
          keyNote,
        security: bearer,
        body: orderCreateSchema,
        response: { 201: orderSchema, ...errors, 429: errorBodySchema },
      },
      preValidation: signedIn,
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const answer = await idempotency.run({
        userId: caller.id,
        key: request.headers['idempotency-key'],
        route: 'POST /api/orders/add/',
        request: request.body,
        status: 201,
        execute: (store) =>
          services.placement.place(caller, request.body, { onPlaced: store, locale: mailLanguage(request) }),
      });
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      else
        request.log.info(
          { audit: 'order-placed', orderId: answer.body.id, userId: caller.id },
          'order placed',
        );
      return reply.status(answer.status).send(answer.body);
    },
  );
}

function listRoute({ app, ctx, services }: RouteKit) {
  app.get(
    '/api/orders/myorders/',
    {
      schema: {
        tags: ['orders'],
        summary: `The caller's orders. ${listSummary}`,
        security: bearer,
        querystring: listQuery,
        response: { 200: z.union([pagedOrdersSchema, z.array(orderSchema)]), ...errors },
      },
      preValidation: signedIn,
    },
    async (request, reply) => {
      const caller = requireUser(request);
      return listAnswer(ctx, request, reply, request.query, (page) => services.reads.ordersOf(caller, page));
    },
  );
}

function readRoute({ app, services }: RouteKit) {
  app.get(
    '/api/orders/:id/',
    {
      schema: {
        tags: ['orders'],
        summary: 'One order of the caller (404 for anyone else)',
        security: bearer,
        params: idParams,
        response: { 200: orderSchema, ...errors },
      },
      preValidation: signedIn,
    },
    async (request) => services.reads.orderFor(requireUser(request), idParam(request.params.id, 'order')),
  );
}

function cancelRoute({ quiet, services }: RouteKit) {
  quiet.put(
    '/api/orders/:id/cancel/',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Customer: cancel the order while no part has been sent or picked up. Unpaid: cancelled and its stock released at once. Paid: refunded in full through the payment provider first (409 when the provider refuses, and the order stays as it was); an invoice paid by bank transfer needs {iban, accountHolder} for the refund (400 without). Repeated calls refund once.',
        security: bearer,
        params: idParams,
        body: cancelBodySchema,
        response: { 200: orderSchema, ...errors },
      },
      preValidation: signedIn,
    },
    async (request) => {
      const caller = requireUser(request);
      const id = idParam(request.params.id, 'order');
      const bank = request.body ?? undefined;
      const order = await services.cancellation.cancel(caller, id, mailLanguage(request), bank);
      request.log.info({ audit: 'order-cancelled', orderId: id, userId: caller.id }, 'order cancelled');
      return order;
    },
  );
}

function extendRoute({ quiet, services }: RouteKit) {
  quiet.put(
    '/api/orders/:id/extend/',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Customer: keep an unpaid order longer. Moves its expiresAt later by the hold time (ORDER_HOLD_MINUTES), as long as holdExtensionsLeft > 0 and the hold has not run out; answers the order (decision 174). 409 when paid, expired or no extension is left.',
        security: bearer,
        params: idParams,
        response: { 200: orderSchema, ...errors },
      },
      preValidation: signedIn,
    },
    async (request) => {
      const caller = requireUser(request);
      const id = idParam(request.params.id, 'order');
      const order = await services.holds.extendHold(caller, id);
      request.log.info({ audit: 'order-hold-extended', orderId: id, userId: caller.id }, 'hold extended');
      return order;
    },
  );
}

export function customerOrderRoutes(kit: RouteKit): void {
  placeRoute(kit);
  listRoute(kit);
  readRoute(kit);
  cancelRoute(kit);
  extendRoute(kit);
}
