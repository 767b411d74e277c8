/** The operator's money reports (staff, decision 236). Amounts are decimal strings. */
import { z } from 'zod';
import { moneySchema } from '../money/schemas.ts';

/** `2026-Q4`: a calendar quarter in Europe/Zurich. */
export const quarterQuerySchema = z.object({
  quarter: z.string().regex(/^\d{4}-Q[1-4]$/, 'quarter must read like 2026-Q4.'),
});
export const yearQuerySchema = z.object({
  year: z.coerce
    .number({ message: 'year must be a year like 2026.' })
    .int('year must be a year like 2026.')
    .min(2000, 'year must be a year like 2026.')
    .max(2100, 'year must be a year like 2026.'),
});

export const vatReportSchema = z.object({
  quarter: z.string(),
  rates: z.array(
    z.object({
      /** The rate in percent, e.g. "8.1". */
      rate: z.string(),
      /** Taxable turnover (gross, VAT included) of supplies in the quarter, credit notes deducted. */
      turnover: moneySchema,
      creditNotes: moneySchema,
      vat: moneySchema,
    }),
  ),
  totalVat: moneySchema,
});
export type VatReport = z.infer<typeof vatReportSchema>;

export const commissionReportSchema = z.object({
  year: z.number().int(),
  months: z.array(z.object({ month: z.string(), commission: moneySchema })),
  total: moneySchema,
});

const mismatchSchema = z.object({
  order: z.number().int().nullable(),
  reference: z.string(),
  provider: moneySchema.nullable(),
  ledger: moneySchema.nullable(),
});

export const reconciliationSchema = z.object({
  captures: z.object({ matched: z.number().int(), unmatched: z.array(mismatchSchema) }),
  refunds: z.object({ matched: z.number().int(), unmatched: z.array(mismatchSchema) }),
  balanced: z.boolean(),
});
