/**
 * Staff's list of refunds to pay out by bank transfer, and marking one paid out (decision 234);
 * the customer's view of their order's bank refunds and the account for those that wait for
 * one (decision 250).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bankRefundSchema,
  bankRefundsQuerySchema,
  customerBankRefundsSchema,
  errorBodySchema,
  idParams,
  nextOffset,
  pagedBankRefundsSchema,
  rappenToDecimal,
  refundAccountBodySchema,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { idParam } from '../../lib/validation.ts';
import { requireUser } from '../../plugins/auth.ts';
import { BankRefunds } from './bank-refunds.ts';
import type { BankRefundRow } from './repo.ts';
import { requireFinanceStaff } from './staff-guard.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const guard = async (request: Parameters<typeof requireFinanceStaff>[0]) => {
  requireFinanceStaff(request);
};

const refundAnswer = (row: BankRefundRow) => ({
  id: row.id,
  orderId: row.orderId,
  amount: rappenToDecimal(row.amountRappen),
  iban: row.iban,
  accountHolder: row.accountHolder,
  awaitingAccount: row.iban === null,
  createdAt: row.createdAt.toISOString(),
  paidOutAt: row.paidOutAt ? row.paidOutAt.toISOString() : null,
});

const customerAnswer = (rows: BankRefundRow[]) => ({
  results: rows.map((row) => ({
    id: row.id,
    amount: rappenToDecimal(row.amountRappen),
    awaitingAccount: row.iban === null,
    ibanEnding: row.iban ? row.iban.slice(-4) : null,
    paidOut: row.paidOutAt !== null,
  })),
});

export async function bankRefundRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const refunds = new BankRefunds(ctx.database.db);
  const signedIn = async (request: Parameters<typeof requireUser>[0]) => {
    requireUser(request);
  };
  staffBankRefundRoutes(app, refunds);

  api.get(
    '/api/orders/:id/bank-refunds/',
    {
      schema: {
        tags: ['orders'],
        summary:
          'The refunds of an invoice order paid by bank transfer (its customer only): amount, whether it waits for the bank account, paid out',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: customerBankRefundsSchema, ...errors },
      },
      onRequest: signedIn,
    },
    async (request) => {
      const caller = requireUser(request);
      return customerAnswer(await refunds.forCustomer(idParam(request.params.id, 'order'), caller.id));
    },
  );

  api.put(
    '/api/orders/:id/bank-refunds/account/',
    {
      schema: {
        tags: ['orders'],
        summary:
          'The customer gives {iban, accountHolder} for the refunds of their order that wait for a bank account (after a seller or staff cancelled or refunded a part); 409 when none waits',
        security: [{ bearer: [] }],
        params: idParams,
        body: refundAccountBodySchema,
        response: { 200: customerBankRefundsSchema, ...errors },
      },
      onRequest: signedIn,
    },
    async (request) => {
      const caller = requireUser(request);
      const id = idParam(request.params.id, 'order');
      const rows = await refunds.giveAccount(id, caller.id, request.body);
      request.log.info(
        { audit: 'bank-refund-account', orderId: id, userId: caller.id },
        'refund account given',
      );
      return customerAnswer(rows);
    },
  );
}

/** Staff with the finance permission: the list of refunds to pay out, and marking one paid out. */
function staffBankRefundRoutes(app: FastifyInstance, refunds: BankRefunds): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/admin/bank-refunds/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Refunds to pay out by bank transfer (staff), oldest first',
        security: [{ bearer: [] }],
        querystring: bankRefundsQuerySchema,
        response: { 200: pagedBankRefundsSchema, ...errors },
      },
      onRequest: guard,
    },
    async (request) => {
      const { state, offset, limit } = request.query;
      const page = await refunds.list(state === 'open', offset, limit);
      return {
        count: page.count,
        next: nextOffset(offset, limit, page.count),
        results: page.rows.map(refundAnswer),
      };
    },
  );

  api.post(
    '/api/admin/bank-refunds/:id/paid-out/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mark a bank refund as paid out (staff; idempotent)',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: bankRefundSchema, ...errors },
      },
      onRequest: guard,
    },
    async (request) => {
      const staffId = requireFinanceStaff(request);
      const id = idParam(request.params.id, 'bank refund');
      return refundAnswer(await refunds.paidOut(id, { staffId, address: request.ip }));
    },
  );
}
