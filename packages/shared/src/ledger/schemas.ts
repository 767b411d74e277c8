import { z } from 'zod';
import { moneySchema } from '../money/schemas.ts';
import { parseRappen } from '../money/money.ts';

/** GET /api/finance/balance/ (the signed-in seller). */
export const financeBalanceSchema = z.object({
  pending: moneySchema,
  available: moneySchema,
  currency: z.literal('CHF'),
});

/** GET /api/admin/ledger/trial-balance/ (staff): every account's balance; the total is zero. */
export const trialBalanceSchema = z.object({
  accounts: z.array(z.object({ account: z.string(), balance: moneySchema })),
  total: moneySchema,
});

export const statementKindSchema = z.enum(['month', 'payout']);

export const statementSummarySchema = z.object({
  /** "2026-11" for a month, "payout-12" for a payout run. */
  id: z.string(),
  kind: statementKindSchema,
  from: z.string().nullable(),
  to: z.string(),
});

export const statementLineSchema = z.object({
  date: z.string(),
  /** sold, refund, payout, correction. */
  kind: z.string(),
  order: z.number().int().nullable(),
  gross: moneySchema,
  commission: moneySchema,
  vat: moneySchema,
  net: moneySchema,
});

export const statementSchema = statementSummarySchema.extend({
  currency: z.literal('CHF'),
  opening: moneySchema,
  closing: moneySchema,
  lines: z.array(statementLineSchema),
  totals: z.object({ gross: moneySchema, commission: moneySchema, net: moneySchema }),
});

export const statementIdParams = z.object({ id: z.string().max(40) });

/** POST /api/admin/payouts/ (staff). */
export const payoutRunSchema = z.object({
  id: z.number().int(),
  transfers: z.array(z.object({ seller: z.number().int(), amount: moneySchema, iban: z.string() })),
  skipped: z.array(z.object({ seller: z.number().int(), reason: z.string() })),
});

export type FinanceBalance = z.infer<typeof financeBalanceSchema>;
export type Statement = z.infer<typeof statementSchema>;
export type PayoutRun = z.infer<typeof payoutRunSchema>;

const nullableId = z.number().int().positive().max(2_147_483_647).nullable().default(null);

/** PUT /api/admin/commission-rules/ (staff): the rule of one scope; null = any seller / category. */
export const commissionRuleInputSchema = z
  .object({
    seller: nullableId,
    category: nullableId,
    /** Percent with at most two decimals, 0 to 100 ("8", "12.5"). */
    percent: z
      .union([z.string(), z.number()])
      .transform((v) => parseRappen(v))
      .refine((bp) => bp !== null && bp >= 0 && bp <= 10_000, {
        message: 'The percent is a number from 0 to 100 with at most two decimals.',
      })
      .transform((bp) => bp as number),
    /** Fixed fee per order line in CHF ("0.30"); 0 when absent. */
    fixedFee: z
      .union([z.string(), z.number()])
      .default('0')
      .transform((v) => parseRappen(v))
      .refine((rappen) => rappen !== null && rappen >= 0 && rappen <= 100_000, {
        message: 'The fixed fee is an amount in CHF from 0 to 1000 with at most two decimals.',
      })
      .transform((rappen) => rappen as number),
  })
  .refine((rule) => rule.seller !== null || rule.category !== null, {
    message: 'Name a seller, a category or both: the platform default is COMMISSION_PERCENT.',
    path: ['seller'],
  });

export const commissionRuleSchema = z.object({
  seller: z.number().int().nullable(),
  category: z.number().int().nullable(),
  percent: z.string(),
  fixedFee: moneySchema,
});
