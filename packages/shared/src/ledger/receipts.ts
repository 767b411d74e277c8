/**
 * The customer's receipt and credit notes (Art. 20a MWSTG, decision 235): the platform is the
 * supplier, prices are gross, the VAT is contained per line at the line's frozen rate and
 * summed per rate (decision 225: rounded half-up per line).
 */
import { z } from 'zod';
import { moneySchema } from '../money/schemas.ts';
import { mulDivHalfUp, vatIncluded } from './commission.ts';

/** A rate in basis points as the receipt shows it: 810 → "8.1", 0 → "0.0". */
export function vatRatePercent(rateBp: number): string {
  return (rateBp / 100).toFixed(1);
}

export interface VatLine {
  grossRappen: number;
  vatRateBp: number;
}

export interface VatByRate {
  rateBp: number;
  grossRappen: number;
  vatRappen: number;
}

/** Per rate, highest first: the gross and the VAT contained (each line rounded, then summed). */
export function vatByRate(lines: readonly VatLine[]): VatByRate[] {
  const byRate = new Map<number, VatByRate>();
  for (const line of lines) {
    const sum = byRate.get(line.vatRateBp) ?? { rateBp: line.vatRateBp, grossRappen: 0, vatRappen: 0 };
    sum.grossRappen += line.grossRappen;
    sum.vatRappen += vatIncluded(line.grossRappen, line.vatRateBp);
    byRate.set(line.vatRateBp, sum);
  }
  return [...byRate.values()].sort((a, b) => b.rateBp - a.rateBp);
}

/**
 * A refund of `amountRappen` out of the goods in `basis` split over their rates in proportion
 * to each rate's gross (the last rate takes the rounding rest), with the VAT each share contains.
 */
export function refundVat(amountRappen: number, basis: readonly VatByRate[]): VatByRate[] {
  const total = basis.reduce((sum, b) => sum + b.grossRappen, 0);
  if (total <= 0 || basis.length === 0) return [{ rateBp: 0, grossRappen: amountRappen, vatRappen: 0 }];
  let left = amountRappen;
  return basis.map((b, i) => {
    const share = i === basis.length - 1 ? left : mulDivHalfUp(amountRappen, b.grossRappen, total);
    left -= share;
    return { rateBp: b.rateBp, grossRappen: share, vatRappen: vatIncluded(share, b.rateBp) };
  });
}

export const vatSummarySchema = z.object({
  /** The rate in percent, e.g. "8.1". */
  rate: z.string(),
  /** Gross minus VAT. */
  net: moneySchema,
  amount: moneySchema,
});

export const receiptLineSchema = z.object({
  name: z.string(),
  quantity: z.number().int(),
  /** The unit price, VAT included. */
  price: moneySchema,
  /** The rate in percent, e.g. "2.6". */
  vatRate: z.string(),
  kind: z.enum(['item', 'shipping']),
});

const partySchema = z.object({ name: z.string(), address: z.string() });

/** GET /api/orders/{id}/receipt/ with Accept: application/json. */
export const receiptSchema = z.object({
  number: z.string(),
  /** The day of payment, YYYY-MM-DD (Europe/Zurich). */
  date: z.string(),
  order: z.number().int(),
  seller: partySchema.extend({ vatNumber: z.string() }),
  buyer: partySchema,
  lines: z.array(receiptLineSchema),
  vat: z.array(vatSummarySchema),
  total: moneySchema,
  currency: z.literal('CHF'),
});
export type Receipt = z.infer<typeof receiptSchema>;

/** One completed refund of a paid order, as a credit note referencing the receipt. */
export const creditNoteSchema = z.object({
  number: z.string(),
  receipt: z.string(),
  date: z.string(),
  amount: moneySchema,
  vat: z.array(vatSummarySchema),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;
