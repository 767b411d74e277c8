/** Paying an order: the provider setup, PayPal's checkout, TWINT's start, the payment itself. */
import {
  idParams,
  invoiceEligibilitySchema,
  orderSchema,
  payBodySchema,
  paymentConfigSchema,
  paypalOrderCreatedSchema,
  twintCheckoutSchema,
} from '@marktgasse/shared';
import { idParam } from '../../lib/validation.ts';
import { requireUser } from '../../plugins/auth.ts';
import { invoiceEligibility } from './payment-method.ts';
import { bearer, errors, keyNote, mailLanguage, signedIn, type RouteKit } from './route-kit.ts';

function configRoute({ app, services }: RouteKit) {
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
    async () => services.payment.paymentConfig(),
  );
}

function invoiceEligibilityRoute({ app, ctx }: RouteKit) {
  app.get(
    '/api/orders/invoice-eligibility/',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Whether the signed-in customer may pay by invoice (confirmed e-mail, earlier paid orders); the total is checked at placement',
        security: bearer,
        response: { 200: invoiceEligibilitySchema, ...errors },
      },
      preValidation: signedIn,
    },
    async (request) => invoiceEligibility(ctx.database.db, ctx.config, requireUser(request)),
  );
}

function paypalRoute({ app, services }: RouteKit) {
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
      services.payment.createProviderCheckout(requireUser(request), idParam(request.params.id, 'order')),
  );
}

function twintRoute({ app, services }: RouteKit) {
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
    async (request) =>
      services.payment.startTwintPayment(requireUser(request), idParam(request.params.id, 'order')),
  );
}

function payRoute({ quiet, services, idempotency }: RouteKit) {
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
      const providerOrderId = body?.paypalOrderId ?? body?.id;
      const answer = await idempotency.run({
        userId: caller.id,
        key: request.headers['idempotency-key'],
        route: `PUT /api/orders/${id}/pay/`,
        request: body ?? null,
        status: 200,
        execute: () => services.payment.pay(caller, id, providerOrderId, mailLanguage(request)),
      });
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      else request.log.info({ audit: 'order-paid', orderId: id, userId: caller.id }, 'order paid');
      return reply.status(answer.status).send(answer.body);
    },
  );
}

export function payRoutes(kit: RouteKit): void {
  configRoute(kit);
  invoiceEligibilityRoute(kit);
  paypalRoute(kit);
  twintRoute(kit);
  payRoute(kit);
}
