/**
 * The ledger's reports: a seller's balance and statements (`/api/finance/…`), the operator's
 * trial balance (`/api/admin/ledger/…`). Everything is read from the journal (decision 225).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  financeBalanceSchema,
  rappenToDecimal,
  statementIdParams,
  statementSchema,
  statementSummarySchema,
  trialBalanceSchema,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { requireSeller } from '../../plugins/auth.ts';
import { requireFinanceStaff } from './staff.ts';
import { LedgerService } from './service.ts';
import { StatementsService, statementAnswer, statementCsv } from './statements.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const bearer = [{ bearer: [] }];

export async function ledgerRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ledger = new LedgerService(ctx.database.db);
  const statements = new StatementsService(ctx.database.db);

  app.get(
    '/api/admin/ledger/trial-balance/',
    {
      schema: {
        tags: ['ledger'],
        summary: 'Every account’s balance (debit positive); the total is zero (staff, finance)',
        security: bearer,
        response: { 200: trialBalanceSchema, ...errors },
      },
    },
    async (request) => {
      requireFinanceStaff(request);
      const trial = await ledger.trialBalance();
      return {
        accounts: trial.accounts.map((a) => ({ account: a.account, balance: rappenToDecimal(a.sum) })),
        total: rappenToDecimal(trial.total),
      };
    },
  );

  app.get(
    '/api/finance/balance/',
    {
      schema: {
        tags: ['ledger'],
        summary: 'The signed-in seller’s balance: pending (inside the holding period) and available',
        security: bearer,
        response: { 200: financeBalanceSchema, ...errors },
      },
    },
    async (request) => {
      const seller = requireSeller(request);
      const balance = await ledger.sellerBalance(seller.id);
      return {
        pending: rappenToDecimal(balance.pending),
        available: rappenToDecimal(balance.available),
        currency: 'CHF' as const,
      };
    },
  );

  app.get(
    '/api/finance/statements/',
    {
      schema: {
        tags: ['ledger'],
        summary: 'The signed-in seller’s statements: one per payout run and one per month',
        security: bearer,
        response: { 200: z.array(statementSummarySchema), ...errors },
      },
    },
    async (request) => {
      const seller = requireSeller(request);
      const list = await statements.list(seller.id);
      return list.map((s) => ({ ...s, from: s.from?.toISOString() ?? null, to: s.to.toISOString() }));
    },
  );

  app.get(
    '/api/finance/statements/:id/',
    {
      schema: {
        tags: ['ledger'],
        summary: 'One statement (id "2026-11" or "payout-12"; "….csv" for CSV)',
        security: bearer,
        params: statementIdParams,
        response: { 200: statementSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id, csv } = statementId(request);
      const data = await statements.get(requireSeller(request).id, id);
      if (!csv) return statementAnswer(data);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="statement-${id}.csv"`)
        .serializer((payload: string) => payload)
        .send(statementCsv(data) as never);
    },
  );
}

function statementId(request: FastifyRequest): { id: string; csv: boolean } {
  const raw = (request.params as { id: string }).id;
  return raw.endsWith('.csv') ? { id: raw.slice(0, -4), csv: true } : { id: raw, csv: false };
}
