/** Support and figures for staff (issue 29): orders, users, the dashboard. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminOrderDetailSchema,
  adminOrderQuerySchema,
  adminUserQuerySchema,
  adminUserSchema,
  dashboardSchema,
  errorBodySchema,
  idParams,
  pagedAdminOrders,
  pagedAdminUsers,
  reasonBodySchema,
  staffRefundBodySchema,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { requirePermission, type Caller } from '../../plugins/auth.ts';
import { idParam } from '../../lib/validation.ts';
import { badRequest } from '../../lib/errors.ts';
import { financeOnly } from '../ledger/staff.ts';
import { orderServicesFor } from '../orders/services.ts';
import { SupportService } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const security = [{ bearer: [] }];
const tags = ['admin'];

type Guard = ReturnType<typeof requirePermission>;

export async function supportRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = new SupportService(ctx);
  const support = requirePermission('support');
  orderReadRoutes(root, service, support);
  orderActionRoutes(root, ctx, service, support);
  userRoutes(root, service, support);
}

/** The dashboard's figures, the orders list and one order. */
function orderReadRoutes(root: FastifyInstance, service: SupportService, support: Guard): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/dashboard/',
    {
      preValidation: support,
      schema: {
        tags,
        summary: 'Figures for the staff dashboard',
        security,
        response: { 200: dashboardSchema, ...errors },
      },
    },
    async () => service.dashboard(),
  );

  app.get(
    '/api/admin/orders/',
    {
      preValidation: support,
      schema: {
        tags,
        summary:
          'Orders, newest first (paged): search by order number, customer or seller (name or e-mail), filter by status, date (from, to: YYYY-MM-DD) and customer (a user id)',
        security,
        querystring: adminOrderQuerySchema,
        response: { 200: pagedAdminOrders, ...errors },
      },
    },
    async (request) => {
      const { offset, limit, ...filter } = request.query;
      return service.orders(filter, offset, limit);
    },
  );

  app.get(
    '/api/admin/orders/:id/',
    {
      preValidation: support,
      schema: {
        tags,
        summary: 'An order with its seller parts, lines, payments, refunds and stock holds',
        security,
        params: idParams,
        response: { 200: adminOrderDetailSchema, ...errors },
      },
    },
    async (request) => service.order(idParam(request.params.id, 'order')),
  );
}

/** Acting on an order: cancelling a seller part (support), refunding part of a line (finance). */
function orderActionRoutes(
  root: FastifyInstance,
  ctx: AppContext,
  service: SupportService,
  support: Guard,
): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.put(
    '/api/admin/seller-orders/:id/cancel/',
    {
      preValidation: support,
      schema: {
        tags,
        summary:
          'Cancel a seller part for its seller with a reason for the customer (as the seller’s own cancellation: refund, stock, e-mail)',
        security,
        params: idParams,
        body: reasonBodySchema,
        response: { 200: adminOrderDetailSchema, ...errors },
      },
    },
    async (request) =>
      service.cancelSellerPart(
        request.user as Caller,
        idParam(request.params.id, 'seller order'),
        request.body.reason,
        request.ip,
      ),
  );

  app.post(
    '/api/admin/orders/:id/refunds/',
    {
      preValidation: financeOnly,
      schema: {
        tags,
        summary:
          'Refund part of a delivered line with a reason (finance): {item, quantity | amount, reason}; once per Idempotency-Key, or per line, amount and reason',
        security,
        params: idParams,
        body: staffRefundBodySchema,
        response: { 201: adminOrderDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const orderId = idParam(request.params.id, 'order');
      const key = request.headers['idempotency-key'];
      if (key !== undefined && (typeof key !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(key)))
        throw badRequest('The Idempotency-Key header must be 1 to 255 visible ASCII characters.');
      const staff = { id: (request.user as Caller).id, address: request.ip };
      await orderServicesFor(ctx).staffRefunds.staffRefund(staff, orderId, request.body, key);
      return reply.status(201).send(await service.order(orderId));
    },
  );
}

/** The accounts list (support), locking and unlocking an account (admin). */
function userRoutes(root: FastifyInstance, service: SupportService, support: Guard): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/users/',
    {
      preValidation: support,
      schema: {
        tags,
        summary:
          'Accounts, newest first (paged): search by username, e-mail, shop name or id; filter by role (CUSTOMER, STORE_OWNER, staff, none)',
        security,
        querystring: adminUserQuerySchema,
        response: { 200: pagedAdminUsers, ...errors },
      },
    },
    async (request) => {
      const { offset, limit, ...filter } = request.query;
      return service.users(filter, offset, limit);
    },
  );

  for (const [verb, locked] of [
    ['lock', true],
    ['unlock', false],
  ] as const) {
    app.put(
      `/api/admin/users/:id/${verb}/`,
      {
        preValidation: requirePermission('admin'),
        schema: {
          tags,
          summary: locked
            ? 'Lock an account with a reason: no sign-in, every token revoked'
            : 'Unlock a locked account',
          security,
          params: idParams,
          body: reasonBodySchema,
          response: { 200: adminUserSchema, ...errors },
        },
      },
      async (request) =>
        service.setLocked(
          request.user as Caller,
          idParam(request.params.id, 'user'),
          locked,
          request.body.reason,
          request.ip,
        ),
    );
  }
}
