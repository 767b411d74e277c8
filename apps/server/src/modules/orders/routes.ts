/* eslint-disable max-lines-per-function -- split in progress by its owner (issue 30) */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  idParams,
  orderCreateSchema,
  orderSchema,
  ORDERS_MAX_PAGE_SIZE,
  ORDERS_PAGE_SIZE,
  pagedOrdersSchema,
  pagedSellerOrdersSchema,
  pagingQuerySchema,
  payBodySchema,
  cancelBodySchema,
  twintCheckoutSchema,
  type Paged,
  paymentConfigSchema,
  paypalOrderCreatedSchema,
  retrieveBodySchema,
  sellerCancelBodySchema,
  sellerOrderSchema,
  sellerOrdersQuerySchema,
  sendBodySchema,
} from '@marktgasse/shared';
import { negotiateLanguage } from '../../i18n/translate.ts';
import { plainListHeaders, wantsPage } from '../../lib/list-answer.ts';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../plugins/auth.ts';
import { idParam } from '../../lib/validation.ts';
import { IdempotencyService } from '../idempotency/service.ts';
import { emptyBodyRoutes } from '../../plugins/empty-body.ts';
import { ordersServiceFor } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  503: errorBodySchema,
};
/** The caller's language for the e-mails about this order (de, fr, it; null: English). */
const mailLanguage = (request: FastifyRequest): string | null => {
  const language = negotiateLanguage(request.headers['accept-language']);
  return language === 'en' ? null : language;
};
const bearer = [{ bearer: [] }];
/** Anonymous calls answer 401 before their body is looked at. */
const signedIn = async (request: FastifyRequest) => {
  requireUser(request);
};

const paging = pagingQuerySchema(ORDERS_PAGE_SIZE, ORDERS_MAX_PAGE_SIZE);
/** The same checks as the shared paging schema, but a parameter left out stays undefined. */
const listQuery = z.object({
  offset: paging.shape.offset.unwrap().optional(),
  limit: paging.shape.limit.unwrap().optional(),
});
type ListQuery = z.infer<typeof listQuery>;

/**
 * Decision 118: called the spec's way (no offset, no limit), a list answers a plain JSON list
 * of the newest ORDERS_MAX_PAGE_SIZE with `X-Total-Count` and, when there are more, a
 * `Link: <…>; rel="next"`; called with offset or limit, the paged shape `{results, count, next}`.
 */
async function listAnswer<T>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  query: ListQuery,
  load: (page: { offset: number; limit: number }) => Promise<Paged<T>>,
): Promise<Paged<T> | T[]> {
  if (wantsPage(query)) {
    return load({ offset: query.offset ?? 0, limit: query.limit ?? ORDERS_PAGE_SIZE });
  }
  const page = await load({ offset: 0, limit: ORDERS_MAX_PAGE_SIZE });
  plainListHeaders(ctx.config, request, reply, page.count, ORDERS_MAX_PAGE_SIZE);
  return page.results;
}

const listSummary =
  `Newest first. Without offset and limit: a plain list of the newest ${ORDERS_MAX_PAGE_SIZE}, with ` +
  `X-Total-Count and, when there are more, Link rel="next". With offset or limit: one page ` +
  `{results, count, next} (limit ${ORDERS_PAGE_SIZE} by default, at most ${ORDERS_MAX_PAGE_SIZE}).`;

export async function ordersRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = ordersServiceFor(ctx);
  const idempotency = new IdempotencyService(ctx);
  const keyNote =
    ' With an `Idempotency-Key` header (one per checkout attempt, reused on retry), a retry answers the first result (header `Idempotent-Replayed: true`) and changes nothing; the same key with another request answers 409 (decision 173).';
  /** Routes that take any body and content type, or none (decision 165). */
  const quiet = emptyBodyRoutes(app);

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
          service.place(caller, request.body, { onPlaced: store, locale: mailLanguage(request) }),
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
      return listAnswer(ctx, request, reply, request.query, (page) => service.ordersOf(caller, page));
    },
  );

  app.get(
    '/api/orders/payment-config/',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Which payment provider the order page offers (PayPal with its client id, or the test provider)',
        response: { 200: paymentConfigSchema },
      },
    },
    async () => service.paymentConfig(),
  );

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
    async (request) => service.orderFor(requireUser(request), idParam(request.params.id, 'order')),
  );

  app.post(
    '/api/orders/:id/paypal/',
    {
      schema: {
        tags: ['orders'],
        summary: 'Create the PayPal order for the order total; answers the PayPal order id to approve',
        security: bearer,
        params: idParams,
        response: { 200: paypalOrderCreatedSchema, ...errors },
      },
      preValidation: signedIn,
    },
    async (request) =>
      service.createProviderCheckout(requireUser(request), idParam(request.params.id, 'order')),
  );

  app.post(
    '/api/orders/:id/twint/',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Start the TWINT payment of a TWINT order: answers the provider transaction and the page the browser goes to (decision 247)',
        security: bearer,
        params: idParams,
        response: { 200: twintCheckoutSchema, ...errors },
      },
      preValidation: signedIn,
    },
    async (request) => service.startTwintPayment(requireUser(request), idParam(request.params.id, 'order')),
  );

  quiet.put(
    '/api/orders/:id/pay/',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Pay the order: with PayPal send {paypalOrderId} of the approved PayPal order (captured server-side); the test provider needs no body.' +
          keyNote,
        security: bearer,
        params: idParams,
        body: payBodySchema,
        response: { 200: orderSchema, ...errors },
      },
      preValidation: signedIn,
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const id = idParam(request.params.id, 'order');
      const body = request.body ?? undefined;
      const answer = await idempotency.run({
        userId: caller.id,
        key: request.headers['idempotency-key'],
        route: `PUT /api/orders/${id}/pay/`,
        request: body ?? null,
        status: 200,
        execute: () => service.pay(caller, id, body?.paypalOrderId ?? body?.id, mailLanguage(request)),
      });
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      else request.log.info({ audit: 'order-paid', orderId: id, userId: caller.id }, 'order paid');
      return reply.status(answer.status).send(answer.body);
    },
  );

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
      const order = await service.cancel(caller, id, mailLanguage(request), bank);
      request.log.info({ audit: 'order-cancelled', orderId: id, userId: caller.id }, 'order cancelled');
      return order;
    },
  );

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
      const order = await service.extendHold(caller, id);
      request.log.info({ audit: 'order-hold-extended', orderId: id, userId: caller.id }, 'hold extended');
      return order;
    },
  );

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
      service.retrieve(
        requireUser(request),
        idParam(request.params.id, 'order item'),
        request.body?.code ?? undefined,
      ),
  );

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
        service.sellerOrdersOf(caller, page, state),
      );
    },
  );

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
      service.sellerOrderFor(requireUser(request), idParam(request.params.id, 'seller order')),
  );

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
      service.send(
        requireUser(request),
        idParam(request.params.id, 'seller order'),
        request.body ?? undefined,
      ),
  );

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
      const so = await service.cancelSellerOrder(caller, id, request.body.reason);
      request.log.info(
        { audit: 'seller-order-cancelled', sellerOrderId: id, userId: caller.id },
        'seller order cancelled',
      );
      return so;
    },
  );

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
    async (request) => service.complete(requireUser(request), idParam(request.params.id, 'seller order')),
  );
}
