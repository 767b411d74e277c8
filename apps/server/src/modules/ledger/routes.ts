/**
 * The ledger's reports: a seller's balance and statements (`/api/finance/…`), the operator's
 * trial balance (`/api/admin/ledger/…`). Everything is read from the journal (decision 225).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  financeBalanceSchema,
  rappenToDecimal,
  trialBalanceSchema,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { requireSeller } from '../../plugins/auth.ts';
import { financeOnly, requireFinanceStaff } from './staff.ts';
import { LedgerService } from './service.ts';
import { commissionRoutes } from './commission-routes.ts';
import { statementRoutes } from './statement-routes.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const bearer = [{ bearer: [] }];

export async function ledgerRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ledger = new LedgerService(ctx.database.db);
  await commissionRoutes(root, ctx);

  app.get(
    '/api/admin/ledger/trial-balance/',
    {
      schema: {
        tags: ['ledger'],
        summary: 'Every account’s balance (debit positive); the total is zero (staff, finance)',
        security: bearer,
        response: { 200: trialBalanceSchema, ...errors },
      },
      preValidation: financeOnly,
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

  statementRoutes(root, ctx);
}
