/**
 * A seller's statements, read from the journal (decision 227): one per month (Europe/Zurich)
 * and one per payout run (everything since the seller's previous payout, up to and with this
 * one). Opening + the lines = closing, and the latest closing is the seller's balance.
 */
import { rappenToDecimal } from '@marktgasse/shared';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { LedgerRepo } from './repo.ts';

export interface StatementLine {
  date: Date;
  kind: string;
  order: number | null;
  grossRappen: number;
  commissionRappen: number;
  vatRappen: number;
  netRappen: number;
}

export interface StatementData {
  id: string;
  kind: 'month' | 'payout';
  from: Date | null;
  to: Date;
  openingRappen: number;
  lines: StatementLine[];
}

const KIND_LABEL: Record<string, string> = { fulfilment: 'sold', refund: 'refund', payout: 'payout' };

/** The UTC instant of midnight on the first of a month in Zurich (no DST change falls on the 1st). */
export function zurichMonthStart(year: number, month: number): Date {
  const guess = new Date(Date.UTC(year, month - 1, 1));
  const name = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Zurich', timeZoneName: 'longOffset' })
    .formatToParts(guess)
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  const offset = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  return new Date(guess.getTime() - offset * 60_000);
}

function periodOfMonth(id: string): { from: Date; to: Date } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(id);
  if (!match) return null;
  const [year, month] = [Number(match[1]), Number(match[2])];
  if (month < 1 || month > 12 || year < 2000 || year > 2999) return null;
  return {
    from: zurichMonthStart(year, month),
    to: zurichMonthStart(month === 12 ? year + 1 : year, (month % 12) + 1),
  };
}

export class StatementsService {
  constructor(private readonly db: Db) {}

  async list(
    sellerId: number,
  ): Promise<{ id: string; kind: 'month' | 'payout'; from: Date | null; to: Date }[]> {
    const months = await new LedgerRepo(this.db).sellerMonths(sellerId);
    const runs = await new LedgerRepo(this.db).sellerPayoutTimes(sellerId);
    const payouts = runs.map((run, i) => ({
      id: `payout-${run.runId}`,
      kind: 'payout' as const,
      from: runs[i + 1]?.at ?? null,
      to: run.at,
    }));
    const monthly = months.map((id) => ({ id, kind: 'month' as const, ...periodOfMonth(id)! }));
    return [...payouts, ...monthly];
  }

  async get(sellerId: number, id: string): Promise<StatementData> {
    const period = await this.period(sellerId, id);
    if (!period) throw notFound(`Statement ${id} does not exist.`);
    // Half-open [from, to): a payout statement ends just after its payout entry.
    const to = period.kind === 'payout' ? new Date(period.to.getTime() + 1) : period.to;
    const from = period.kind === 'payout' && period.from ? new Date(period.from.getTime() + 1) : period.from;
    const before = from ? await new LedgerRepo(this.db).sellerEntries(sellerId, null, from) : [];
    const rows = await new LedgerRepo(this.db).sellerEntries(sellerId, from, to);
    return {
      ...period,
      openingRappen: before.reduce((sum, row) => sum + row.netRappen, 0),
      lines: rows.map((row) => ({
        date: row.occurredAt,
        kind: KIND_LABEL[row.kind] ?? row.kind,
        order: row.orderId,
        grossRappen: row.grossRappen,
        commissionRappen: row.commissionRappen,
        vatRappen: row.vatRappen,
        netRappen: row.netRappen,
      })),
    };
  }

  private async period(sellerId: number, id: string) {
    const month = periodOfMonth(id);
    if (month) return { id, kind: 'month' as const, ...month };
    const match = /^payout-(\d{1,9})$/.exec(id);
    if (!match) return null;
    const runs = await new LedgerRepo(this.db).sellerPayoutTimes(sellerId);
    const index = runs.findIndex((run) => run.runId === Number(match[1]));
    if (index < 0) return null;
    return { id, kind: 'payout' as const, from: runs[index + 1]?.at ?? null, to: runs[index]!.at };
  }
}

/** The JSON answer of a statement: decimal strings, totals that reconcile. */
export function statementAnswer(data: StatementData) {
  const sum = (pick: (line: StatementLine) => number) => data.lines.reduce((s, l) => s + pick(l), 0);
  const net = sum((l) => l.netRappen);
  return {
    id: data.id,
    kind: data.kind,
    from: data.from?.toISOString() ?? null,
    to: data.to.toISOString(),
    currency: 'CHF' as const,
    opening: rappenToDecimal(data.openingRappen),
    closing: rappenToDecimal(data.openingRappen + net),
    lines: data.lines.map((l) => ({
      date: l.date.toISOString(),
      kind: l.kind,
      order: l.order,
      gross: rappenToDecimal(l.grossRappen),
      commission: rappenToDecimal(l.commissionRappen),
      vat: rappenToDecimal(l.vatRappen),
      net: rappenToDecimal(l.netRappen),
    })),
    totals: {
      gross: rappenToDecimal(sum((l) => l.grossRappen)),
      commission: rappenToDecimal(sum((l) => l.commissionRappen)),
      net: rappenToDecimal(net),
    },
  };
}

/** The CSV variant: one header row, one row per line, a totals row; amounts as in the JSON. */
export function statementCsv(data: StatementData): string {
  const answer = statementAnswer(data);
  const rows = [
    ['date', 'kind', 'order', 'gross', 'commission', 'vat', 'net'],
    ['', 'opening', '', '', '', '', answer.opening],
    ...answer.lines.map((l) => [
      l.date,
      l.kind,
      l.order === null ? '' : String(l.order),
      l.gross,
      l.commission,
      l.vat,
      l.net,
    ]),
    ['', 'total', '', answer.totals.gross, answer.totals.commission, '', answer.totals.net],
    ['', 'closing', '', '', '', '', answer.closing],
  ];
  return rows.map((row) => row.join(',')).join('\r\n') + '\r\n';
}
