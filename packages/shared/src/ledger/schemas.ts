import { z } from 'zod';
import { moneySchema } from '../money/schemas.ts';

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
