/** Commission rules (staff, finance; decision 225): the most specific rule wins at placement. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commissionRuleInputSchema,
  commissionRuleSchema,
  errorBodySchema,
  rappenToDecimal,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { AccountsService } from '../accounts/service.ts';
import { financeOnly, requireFinanceStaff } from './staff.ts';
import { commissionDefaults, LedgerService } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const bearer = [{ bearer: [] }];
const rulesAnswer = z.object({ defaultPercent: z.string(), rules: z.array(commissionRuleSchema) });

export async function commissionRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ledger = new LedgerService(ctx.database.db, commissionDefaults(ctx.config));
  const answer = async () => ({
    defaultPercent: rappenToDecimal(commissionDefaults(ctx.config).percentBp),
    rules: (await ledger.listCommissionRules()).map((r) => ({
      seller: r.sellerId,
      category: r.categoryId,
      percent: rappenToDecimal(r.percentBp),
      fixedFee: rappenToDecimal(r.fixedFeeRappen),
    })),
  });

  app.get(
    '/api/admin/commission-rules/',
    {
      schema: {
        tags: ['ledger'],
        summary: 'The platform default commission (COMMISSION_PERCENT) and every rule',
        security: bearer,
        response: { 200: rulesAnswer, ...errors },
      },
      preValidation: financeOnly,
    },
    async (request) => {
      requireFinanceStaff(request);
      return answer();
    },
  );

  app.put(
    '/api/admin/commission-rules/',
    {
      schema: {
        tags: ['ledger'],
        summary: 'Set the rule of a seller, a category or both; orders placed later use it',
        security: bearer,
        body: commissionRuleInputSchema,
        response: { 200: rulesAnswer, ...errors },
      },
      preValidation: financeOnly,
    },
    async (request) => {
      const caller = requireFinanceStaff(request);
      const body = request.body;
      if (body.seller !== null) await refuseNonSeller(new AccountsService(ctx), body.seller);
      await ledger.setCommissionRule(
        {
          sellerId: body.seller,
          categoryId: body.category,
          percentBp: body.percent,
          fixedFeeRappen: body.fixedFee,
        },
        { staffId: caller.id, address: request.ip },
      );
      return answer();
    },
  );
}

/** A rule names a seller: a customer's or staff account (a typo, most likely) is refused, not stored. */
async function refuseNonSeller(accounts: AccountsService, id: number): Promise<void> {
  const profile = await accounts.getProfile(id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  });
  if (profile?.status !== 'STORE_OWNER')
    throw badRequest(`Account ${id} is not a seller: a commission rule names a seller.`);
}
