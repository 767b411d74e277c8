/**
 * The operator's reports (decision 236): VAT per quarter and rate with credit notes deducted,
 * commission revenue per month, and the reconciliation of the journal against the provider's
 * captures and refunds.
 */
import { rappenToDecimal, vatRatePercent } from '@marktgasse/shared';
import { mulDivHalfUp } from '@marktgasse/shared';
import type { DbOrTx } from '../../../db/client.ts';
import { LedgerReportsRepo, type Mismatch } from './repo.ts';

interface RateSum {
  gross: number;
  credit: number;
  vat: number;
}

/** A credit note's gross and VAT split over its part's rates in proportion to their gross. */
function splitCredit(
  note: { grossRappen: number; vatRappen: number },
  rates: { rateBp: number; grossRappen: number }[],
): { rateBp: number; gross: number; vat: number }[] {
  const total = rates.reduce((sum, r) => sum + r.grossRappen, 0);
  if (rates.length === 0 || total === 0) return [{ rateBp: 0, gross: note.grossRappen, vat: note.vatRappen }];
  let grossLeft = note.grossRappen;
  let vatLeft = note.vatRappen;
  return rates.map((r, i) => {
    const last = i === rates.length - 1;
    const gross = last ? grossLeft : mulDivHalfUp(note.grossRappen, r.grossRappen, total);
    const vat = last ? vatLeft : mulDivHalfUp(note.vatRappen, r.grossRappen, total);
    grossLeft -= gross;
    vatLeft -= vat;
    return { rateBp: r.rateBp, gross, vat };
  });
}

export async function vatReport(db: DbOrTx, quarter: string) {
  const byRate = new Map<number, RateSum>();
  const at = (rateBp: number) => {
    const sum = byRate.get(rateBp) ?? { gross: 0, credit: 0, vat: 0 };
    byRate.set(rateBp, sum);
    return sum;
  };
  for (const sale of await new LedgerReportsRepo(db).salesByRate(quarter)) {
    at(sale.rateBp).gross += sale.grossRappen;
    at(sale.rateBp).vat += sale.vatRappen;
  }
  const notes = await new LedgerReportsRepo(db).creditNotesIn(quarter);
  const rates = await new LedgerReportsRepo(db).partRates([...new Set(notes.map((n) => n.partRef))]);
  for (const note of notes) {
    for (const share of splitCredit(
      note,
      rates.filter((r) => r.partRef === note.partRef),
    )) {
      at(share.rateBp).credit += share.gross;
      at(share.rateBp).vat -= share.vat;
    }
  }
  const rows = [...byRate.entries()].sort(([a], [b]) => b - a);
  return {
    quarter,
    rates: rows.map(([rateBp, s]) => ({
      rate: vatRatePercent(rateBp),
      turnover: rappenToDecimal(s.gross - s.credit),
      creditNotes: rappenToDecimal(s.credit),
      vat: rappenToDecimal(s.vat),
    })),
    totalVat: rappenToDecimal(rows.reduce((sum, [, s]) => sum + s.vat, 0)),
  };
}

export async function commissionReport(db: DbOrTx, year: number) {
  const months = await new LedgerReportsRepo(db).commissionByMonth(year);
  return {
    year,
    months: months.map((m) => ({ month: m.month, commission: rappenToDecimal(m.rappen) })),
    total: rappenToDecimal(months.reduce((sum, m) => sum + m.rappen, 0)),
  };
}

export async function reconciliation(db: DbOrTx) {
  const answer = (m: Mismatch) => ({
    order: m.order,
    reference: m.reference,
    provider: m.providerRappen === null ? null : rappenToDecimal(m.providerRappen),
    ledger: m.ledgerRappen === null ? null : rappenToDecimal(m.ledgerRappen),
  });
  const captures = await new LedgerReportsRepo(db).captureMismatches();
  const refunds = await new LedgerReportsRepo(db).refundMismatches();
  return {
    captures: { matched: captures.matched, unmatched: captures.unmatched.map(answer) },
    refunds: { matched: refunds.matched, unmatched: refunds.unmatched.map(answer) },
    balanced: captures.unmatched.length === 0 && refunds.unmatched.length === 0,
  };
}
