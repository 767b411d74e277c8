/** The only place that knows the ledger's tables (decision 225). */
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rawRows } from '../../db/sql.ts';
import {
  commissionRules,
  ledgerEntries,
  ledgerLines,
  ledgerLineTerms,
  orderItems,
  products,
  sellerOrders,
} from '../../db/schema.ts';
import { ACCOUNTS, type Posting } from './accounts.ts';

/** The journal, the frozen commission terms and the rules. Built on the database or on the caller's transaction: `new LedgerRepo(tx)`. */
export class LedgerRepo {
  constructor(readonly db: DbOrTx) {}

  /** Writes an entry and its lines; null when an entry with its event key exists already. */
  async insertEntry(posting: Posting): Promise<number | null> {
    const [row] = await this.db
      .insert(ledgerEntries)
      .values({
        eventKey: posting.eventKey,
        kind: posting.kind,
        sellerId: posting.sellerId ?? null,
        orderId: posting.orderId ?? null,
        payoutRunId: posting.payoutRunId ?? null,
        grossRappen: posting.grossRappen ?? 0,
        commissionRappen: posting.commissionRappen ?? 0,
        vatRappen: posting.vatRappen ?? 0,
        memo: posting.memo ?? '',
        ...(posting.occurredAt ? { occurredAt: posting.occurredAt } : {}),
      })
      .onConflictDoNothing({ target: ledgerEntries.eventKey })
      .returning({ id: ledgerEntries.id });
    if (!row) return null;
    await this.db.insert(ledgerLines).values(
      posting.lines.map((line) => ({
        entryId: row.id,
        account: line.account,
        sellerId: line.sellerId ?? null,
        partRef: line.partRef ?? null,
        amountRappen: line.amountRappen,
      })),
    );
    return row.id;
  }

  async findEntry(eventKey: string): Promise<EntryFacts | null> {
    const [row] = await this.db
      .select({
        id: ledgerEntries.id,
        grossRappen: ledgerEntries.grossRappen,
        commissionRappen: ledgerEntries.commissionRappen,
        vatRappen: ledgerEntries.vatRappen,
        sellerId: ledgerEntries.sellerId,
        occurredAt: ledgerEntries.occurredAt,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.eventKey, eventKey));
    return row ?? null;
  }

  /** Sum of one account's lines for one seller part (what is still pending of it). */
  async partBalance(account: string, partRef: number): Promise<number> {
    const [row] = await this.db
      .select({ sum: sql<string>`coalesce(sum(${ledgerLines.amountRappen}), 0)` })
      .from(ledgerLines)
      .where(and(eq(ledgerLines.account, account), eq(ledgerLines.partRef, partRef)));
    return Number(row?.sum ?? 0);
  }

  /** Sums per account (and seller) of the lines on `accounts`, for one seller or all. */
  async balances(
    accounts: readonly string[],
    sellerId?: number,
  ): Promise<{ account: string; sellerId: number | null; sum: number }[]> {
    const rows = await this.db
      .select({
        account: ledgerLines.account,
        sellerId: ledgerLines.sellerId,
        sum: sql<string>`sum(${ledgerLines.amountRappen})`,
      })
      .from(ledgerLines)
      .where(
        sellerId === undefined
          ? inArray(ledgerLines.account, [...accounts])
          : and(inArray(ledgerLines.account, [...accounts]), eq(ledgerLines.sellerId, sellerId)),
      )
      .groupBy(ledgerLines.account, ledgerLines.sellerId);
    return rows.map((r) => ({ account: r.account, sellerId: r.sellerId, sum: Number(r.sum) }));
  }

  /** Every account's balance (sellers' accounts summed over sellers). */
  async trialBalance(): Promise<{ account: string; sum: number }[]> {
    const rows = await this.db
      .select({ account: ledgerLines.account, sum: sql<string>`sum(${ledgerLines.amountRappen})` })
      .from(ledgerLines)
      .groupBy(ledgerLines.account)
      .orderBy(asc(ledgerLines.account));
    return rows.map((r) => ({ account: r.account, sum: Number(r.sum) }));
  }

  /** Seller parts fulfilled before `cutoff` with something still pending. */
  async releasableParts(cutoff: Date): Promise<{ partRef: number; sellerId: number; pending: number }[]> {
    const rows = await rawRows<{ part_ref: number; seller_id: number; pending: string }>(
      this.db,
      sql`
      select l.part_ref, l.seller_id, sum(l.amount_rappen) as pending
        from ${ledgerLines} l
       where l.account = ${ACCOUNTS.sellerPending}
         and l.part_ref in (
           select f.part_ref from ${ledgerLines} f join ${ledgerEntries} e on e.id = f.entry_id
            where e.kind = 'fulfilment' and e.occurred_at <= ${cutoff.toISOString()}
              and f.account = ${ACCOUNTS.sellerPending})
       group by l.part_ref, l.seller_id
      having sum(l.amount_rappen) <> 0
       order by l.part_ref`,
    );
    return rows.map((r) => ({ partRef: r.part_ref, sellerId: r.seller_id, pending: Number(r.pending) }));
  }

  /** The entries that changed a seller's balance within [from, to), oldest first. */
  async sellerEntries(sellerId: number, from: Date | null, to: Date | null): Promise<StatementRow[]> {
    const conditions = [
      eq(ledgerLines.sellerId, sellerId),
      inArray(ledgerLines.account, [ACCOUNTS.sellerPending, ACCOUNTS.sellerAvailable]),
      ...(from ? [gte(ledgerEntries.occurredAt, from)] : []),
      ...(to ? [lt(ledgerEntries.occurredAt, to)] : []),
    ];
    const rows = await this.db
      .select({
        entryId: ledgerEntries.id,
        kind: ledgerEntries.kind,
        occurredAt: ledgerEntries.occurredAt,
        orderId: ledgerEntries.orderId,
        payoutRunId: ledgerEntries.payoutRunId,
        grossRappen: ledgerEntries.grossRappen,
        commissionRappen: ledgerEntries.commissionRappen,
        vatRappen: ledgerEntries.vatRappen,
        sum: sql<string>`sum(${ledgerLines.amountRappen})`,
      })
      .from(ledgerLines)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
      .where(and(...conditions))
      .groupBy(ledgerEntries.id)
      .having(sql`sum(${ledgerLines.amountRappen}) <> 0`)
      .orderBy(asc(ledgerEntries.occurredAt), asc(ledgerEntries.id));
    return rows.map(({ sum, ...row }) => ({ ...row, netRappen: -Number(sum) }));
  }

  /** The months (YYYY-MM, Europe/Zurich) in which a seller's balance moved, newest first. */
  async sellerMonths(sellerId: number): Promise<string[]> {
    const rows = await rawRows<{ month: string }>(
      this.db,
      sql`
      select distinct to_char(e.occurred_at at time zone 'Europe/Zurich', 'YYYY-MM') as month
        from ${ledgerEntries} e join ${ledgerLines} l on l.entry_id = e.id
       where l.seller_id = ${sellerId}
         and l.account in (${ACCOUNTS.sellerPending}, ${ACCOUNTS.sellerAvailable})
       order by month desc`,
    );
    return rows.map((r) => r.month);
  }

  /** Sum of every entry's amount on one account by kind (the property test's money in and out). */
  async accountSumByKind(account: string): Promise<Record<string, number>> {
    const rows = await this.db
      .select({ kind: ledgerEntries.kind, sum: sql<string>`sum(${ledgerLines.amountRappen})` })
      .from(ledgerLines)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
      .where(eq(ledgerLines.account, account))
      .groupBy(ledgerEntries.kind);
    return Object.fromEntries(rows.map((r) => [r.kind, Number(r.sum)]));
  }

  async commissionRuleRows() {
    return this.db
      .select({
        sellerId: commissionRules.sellerId,
        categoryId: commissionRules.categoryId,
        percentBp: commissionRules.percentBp,
        fixedFeeRappen: commissionRules.fixedFeeRappen,
      })
      .from(commissionRules)
      .orderBy(asc(commissionRules.id));
  }

  /** Freezes terms at placement; a repeated placement step keeps the first terms. */
  async insertTerms(rows: FrozenTerms[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.insert(ledgerLineTerms).values(rows).onConflictDoNothing();
  }

  /** A seller part's frozen totals (lines and shipping together). */
  async partTerms(
    sellerOrderId: number,
  ): Promise<{ gross: number; commission: number; vat: number; lines: number }> {
    const [row] = await this.db
      .select({
        gross: sql<string>`coalesce(sum(${ledgerLineTerms.grossRappen}), 0)`,
        commission: sql<string>`coalesce(sum(${ledgerLineTerms.commissionRappen}), 0)`,
        vat: sql<string>`coalesce(sum(${ledgerLineTerms.vatRappen}), 0)`,
        lines: sql<string>`count(*)`,
      })
      .from(ledgerLineTerms)
      .where(eq(ledgerLineTerms.sellerOrderId, sellerOrderId));
    return {
      gross: Number(row?.gross ?? 0),
      commission: Number(row?.commission ?? 0),
      vat: Number(row?.vat ?? 0),
      lines: Number(row?.lines ?? 0),
    };
  }

  /** A seller's payouts (run and when it was booked), newest first. */
  async sellerPayoutTimes(sellerId: number): Promise<{ runId: number; at: Date }[]> {
    const rows = await this.db
      .select({ runId: ledgerEntries.payoutRunId, at: ledgerEntries.occurredAt })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.sellerId, sellerId), eq(ledgerEntries.kind, 'payout')))
      .orderBy(desc(ledgerEntries.occurredAt), desc(ledgerEntries.id));
    return rows.map((r) => ({ runId: r.runId as number, at: r.at }));
  }

  /** Sets the rule of one scope (seller, category, both, or neither = a second default). */
  async upsertCommissionRule(rule: {
    sellerId: number | null;
    categoryId: number | null;
    percentBp: number;
    fixedFeeRappen: number;
  }): Promise<void> {
    await rawRows(
      this.db,
      sql`
      insert into ${commissionRules} (seller_id, category_id, percent_bp, fixed_fee_rappen)
      values (${rule.sellerId}, ${rule.categoryId}, ${rule.percentBp}, ${rule.fixedFeeRappen})
      on conflict (coalesce(seller_id, 0), coalesce(category_id, 0))
      do update set percent_bp = excluded.percent_bp, fixed_fee_rappen = excluded.fixed_fee_rappen`,
    );
  }

  /** The seller parts of an order (or one part), with each line's product category and VAT rate. */
  async partRows(of: { orderId: number } | { sellerOrderId: number }): Promise<PartRows[]> {
    const where =
      'orderId' in of ? eq(sellerOrders.orderId, of.orderId) : eq(sellerOrders.id, of.sellerOrderId);
    const rows = await this.db
      .select({
        sellerOrderId: sellerOrders.id,
        sellerId: sellerOrders.sellerId,
        shippingRappen: sellerOrders.shippingRappen,
        orderItemId: orderItems.id,
        categoryId: products.categoryId,
        vat: products.vatRate,
        unitPriceRappen: orderItems.priceRappen,
        quantity: orderItems.quantity,
      })
      .from(sellerOrders)
      .innerJoin(orderItems, eq(orderItems.sellerOrderId, sellerOrders.id))
      .innerJoin(products, eq(products.id, orderItems.productId))
      .where(where)
      .orderBy(asc(sellerOrders.id), asc(orderItems.id));
    const parts = new Map<number, PartRows>();
    for (const row of rows) {
      let part = parts.get(row.sellerOrderId);
      if (!part) {
        part = {
          sellerOrderId: row.sellerOrderId,
          sellerId: row.sellerId,
          shippingRappen: row.shippingRappen,
          lines: [],
        };
        parts.set(row.sellerOrderId, part);
      }
      part.lines.push({
        orderItemId: row.orderItemId,
        categoryId: row.categoryId,
        vat: row.vat,
        unitPriceRappen: row.unitPriceRappen,
        quantity: row.quantity,
      });
    }
    return [...parts.values()];
  }
}

export interface EntryFacts {
  id: number;
  grossRappen: number;
  commissionRappen: number;
  vatRappen: number;
  sellerId: number | null;
  occurredAt: Date;
}

export interface StatementRow {
  entryId: number;
  kind: string;
  occurredAt: Date;
  orderId: number | null;
  payoutRunId: number | null;
  grossRappen: number;
  commissionRappen: number;
  vatRappen: number;
  /** What the entry changed of the seller's balance (pending + available), as the seller sees it. */
  netRappen: number;
}

export interface FrozenTerms {
  sellerOrderId: number;
  orderItemId: number | null;
  grossRappen: number;
  percentBp: number;
  fixedFeeRappen: number;
  commissionRappen: number;
  vatRateBp: number;
  vatRappen: number;
}

/** A placed seller part's rows, as the ledger freezes their terms (decision 228). */
export interface PartRows {
  sellerOrderId: number;
  sellerId: number;
  shippingRappen: number;
  lines: {
    orderItemId: number;
    categoryId: number;
    vat: 'standard' | 'reduced' | 'exempt';
    unitPriceRappen: number;
    quantity: number;
  }[];
}
