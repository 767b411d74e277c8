/** Staff's list of refunds to pay out by bank transfer, and marking one paid out (decision 234). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bankRefundSchema,
  bankRefundsQuerySchema,
  errorBodySchema,
  idParams,
  nextOffset,
  pagedBankRefundsSchema,
  rappenToDecimal,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { idParam } from '../../lib/validation.ts';
import { BankRefunds } from './bank-refunds.ts';
import type { BankRefundRow } from './repo.ts';
import { requireFinanceStaff } from './staff-guard.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const guard = async (request: Parameters<typeof requireFinanceStaff>[0]) => {
  requireFinanceStaff(request);
};

const refundAnswer = (row: BankRefundRow) => ({
  id: row.id,
  orderId: row.orderId,
  amount: rappenToDecimal(row.amountRappen),
  iban: row.iban,
  accountHolder: row.accountHolder,
  createdAt: row.createdAt.toISOString(),
  paidOutAt: row.paidOutAt ? row.paidOutAt.toISOString() : null,
});

export async function bankRefundRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const refunds = new BankRefunds(ctx.database.db);

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
      return refundAnswer(await refunds.paidOut(idParam(request.params.id, 'bank refund'), staffId));
    },
  );
}
