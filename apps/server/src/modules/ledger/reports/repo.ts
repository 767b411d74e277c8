/** The operator's reports read from the journal and the payment records (decision 236). */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rawRows } from '../../../db/sql.ts';

const ZURICH_QUARTER = sql`to_char(e.occurred_at at time zone 'Europe/Zurich', 'YYYY-"Q"Q')`;

/** The operator's money reports' reads. Built on the database or on the caller's transaction: `new LedgerReportsRepo(tx)`. */
export class LedgerReportsRepo {
  constructor(readonly db: DbOrTx) {}

  /** Per seller part fulfilled in the quarter, per VAT rate: the frozen gross and VAT. */
  async salesByRate(quarter: string): Promise<{ rateBp: number; grossRappen: number; vatRappen: number }[]> {
    const rows = await rawRows<{ rate_bp: number; gross: string; vat: string }>(
      this.db,
      sql`
      select t.vat_rate_bp as rate_bp, sum(t.gross_rappen) as gross, sum(t.vat_rappen) as vat
      from ledger_entries e
      join ledger_line_terms t on e.event_key = 'fulfilment:' || t.seller_order_id
      where e.kind = 'fulfilment' and ${ZURICH_QUARTER} = ${quarter}
      group by t.vat_rate_bp`,
    );
    return rows.map((r) => ({
      rateBp: Number(r.rate_bp),
      grossRappen: Number(r.gross),
      vatRappen: Number(r.vat),
    }));
  }

  /** Refunds after fulfilment booked in the quarter (credit notes): their part, gross and VAT. */
  async creditNotesIn(
    quarter: string,
  ): Promise<{ partRef: number; grossRappen: number; vatRappen: number }[]> {
    const rows = await rawRows<{ part_ref: number; gross: number; vat: number }>(
      this.db,
      sql`
      select min(l.part_ref) as part_ref, -e.gross_rappen as gross, -e.vat_rappen as vat
      from ledger_entries e
      join ledger_lines l on l.entry_id = e.id and l.part_ref is not null
      where e.kind = 'refund' and e.vat_rappen <> 0 and ${ZURICH_QUARTER} = ${quarter}
      group by e.id`,
    );
    return rows.map((r) => ({
      partRef: Number(r.part_ref),
      grossRappen: Number(r.gross),
      vatRappen: Number(r.vat),
    }));
  }

  /** The frozen gross per VAT rate of the given seller parts. */
  async partRates(partRefs: number[]): Promise<{ partRef: number; rateBp: number; grossRappen: number }[]> {
    if (partRefs.length === 0) return [];
    const rows = await rawRows<{ part_ref: number; rate_bp: number; gross: string }>(
      this.db,
      sql`
      select seller_order_id as part_ref, vat_rate_bp as rate_bp, sum(gross_rappen) as gross
      from ledger_line_terms
      where seller_order_id in (${sql.join(
        partRefs.map((p) => sql`${p}`),
        sql`, `,
      )})
      group by seller_order_id, vat_rate_bp`,
    );
    return rows.map((r) => ({
      partRef: Number(r.part_ref),
      rateBp: Number(r.rate_bp),
      grossRappen: Number(r.gross),
    }));
  }

  /** Commission revenue (net of commission returned with refunds) per Zurich month of a year. */
  async commissionByMonth(year: number): Promise<{ month: string; rappen: number }[]> {
    const rows = await rawRows<{ month: string; total: string }>(
      this.db,
      sql`
      select to_char(e.occurred_at at time zone 'Europe/Zurich', 'YYYY-MM') as month,
             -sum(l.amount_rappen) as total
      from ledger_entries e join ledger_lines l on l.entry_id = e.id
      where l.account = 'commission_revenue'
        and to_char(e.occurred_at at time zone 'Europe/Zurich', 'YYYY') = ${String(year)}
      group by 1 order by 1`,
    );
    return rows.map((r) => ({ month: r.month, rappen: Number(r.total) }));
  }

  /** Captures: every payment row against its `capture:{order}` entry, both ways. */
  async captureMismatches(): Promise<{ matched: number; unmatched: Mismatch[] }> {
    const rows = await rawRows<{ order_id: number; provider: number | null; ledger: number | null }>(
      this.db,
      sql`
      select coalesce(p.order_id, e.order_id) as order_id, p.amount_rappen as provider, e.gross_rappen as ledger
      from payments p
      full join (select * from ledger_entries where kind = 'capture') e on e.event_key = 'capture:' || p.order_id
      order by 1`,
    );
    return split(
      rows.map((r) => ({ order: r.order_id, reference: `order-${r.order_id}`, p: r.provider, l: r.ledger })),
    );
  }

  /** Completed refunds against their `refund:{key}` entries, both ways. */
  async refundMismatches(): Promise<{ matched: number; unmatched: Mismatch[] }> {
    const rows = await rawRows<{
      order_id: number;
      key: string;
      provider: number | null;
      ledger: number | null;
    }>(
      this.db,
      sql`
      select coalesce(r.order_id, e.order_id) as order_id,
             coalesce(r.key, substr(e.event_key, 8)) as key,
             r.amount_rappen as provider,
             case when e.id is null then null else coalesce(-(
               select sum(l.amount_rappen) from ledger_lines l
               where l.entry_id = e.id and l.account = 'customer_funds'), 0) end as ledger
      from (select * from refunds where completed_at is not null) r
      full join (select * from ledger_entries where kind = 'refund') e on e.event_key = 'refund:' || r.key
      order by 1, 2`,
    );
    return split(rows.map((r) => ({ order: r.order_id, reference: r.key, p: r.provider, l: r.ledger })));
  }
}

export interface Mismatch {
  order: number | null;
  /** The provider's record: the payment's order or the refund's key. */
  reference: string;
  providerRappen: number | null;
  ledgerRappen: number | null;
}

function split(rows: { order: number | null; reference: string; p: number | null; l: number | null }[]) {
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  const unmatched = rows
    .filter((r) => num(r.p) !== num(r.l))
    .map((r) => ({
      order: r.order,
      reference: r.reference,
      providerRappen: num(r.p),
      ledgerRappen: num(r.l),
    }));
  return { matched: rows.length - unmatched.length, unmatched };
}
