/** The only place that knows the bank_entries and bank_refunds tables (decisions 231, 234). */
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bankEntries, bankRefunds } from '../../db/schema.ts';

export type BankEntryRow = typeof bankEntries.$inferSelect;
export type NewBankEntry = typeof bankEntries.$inferInsert;

/** Inserts the entry unless its key was imported before: the row when this call claimed it. */
export async function claimEntry(db: DbOrTx, entry: NewBankEntry): Promise<BankEntryRow | null> {
  const [row] = await db.insert(bankEntries).values(entry).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findEntry(db: DbOrTx, key: string): Promise<BankEntryRow | null> {
  const [row] = await db.select().from(bankEntries).where(eq(bankEntries.key, key));
  return row ?? null;
}

/**
 * Re-matches an entry that found no order before (the reference may name one now): only one
 * caller moves it off `unmatched`, so two imports never both book it.
 */
export async function reclaimUnmatched(
  db: DbOrTx,
  key: string,
  change: Pick<NewBankEntry, 'outcome' | 'orderId' | 'reason' | 'returnRappen'>,
): Promise<BankEntryRow | null> {
  const [row] = await db
    .update(bankEntries)
    .set(change)
    .where(and(eq(bankEntries.key, key), eq(bankEntries.outcome, 'unmatched')))
    .returning();
  return row ?? null;
}

export async function setOutcome(
  db: DbOrTx,
  id: number,
  change: Pick<NewBankEntry, 'outcome' | 'reason' | 'returnRappen'>,
): Promise<void> {
  await db.update(bankEntries).set(change).where(eq(bankEntries.id, id));
}

export async function putBack(db: DbOrTx, row: BankEntryRow): Promise<void> {
  await db
    .update(bankEntries)
    .set({ outcome: row.outcome, orderId: row.orderId, reason: row.reason, returnRappen: row.returnRappen })
    .where(eq(bankEntries.id, row.id));
}

export async function deleteEntry(db: DbOrTx, id: number): Promise<void> {
  await db.delete(bankEntries).where(eq(bankEntries.id, id));
}

/** What earlier partial payments for the order brought in (underpaid credits), in Rappen. */
export async function receivedForOrder(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string | null>`sum(${bankEntries.amountRappen})` })
    .from(bankEntries)
    .where(and(eq(bankEntries.orderId, orderId), eq(bankEntries.outcome, 'underpaid')));
  return Number(row?.sum ?? 0);
}

/** The earlier partial payments of an order that a later credit completed count as booked. */
export async function bookUnderpaid(db: DbOrTx, orderId: number): Promise<void> {
  await db
    .update(bankEntries)
    .set({ outcome: 'booked' })
    .where(and(eq(bankEntries.orderId, orderId), eq(bankEntries.outcome, 'underpaid')));
}

export type EntryList = 'toReturn' | 'unmatched' | 'underpaid' | 'booked';

/** toReturn: every credit with money to give back (returned whole, or the excess of a booking). */
const listCondition = (list: EntryList) =>
  list === 'toReturn' ? sql`${bankEntries.returnRappen} > 0` : eq(bankEntries.outcome, list);

export async function listEntries(
  db: DbOrTx,
  list: EntryList,
  offset: number,
  limit: number,
): Promise<{ rows: BankEntryRow[]; count: number }> {
  const where = listCondition(list);
  const rows = await db
    .select()
    .from(bankEntries)
    .where(where)
    .orderBy(desc(bankEntries.id))
    .offset(offset)
    .limit(limit);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bankEntries)
    .where(where);
  return { rows, count: Number(total?.n ?? 0) };
}

// ── bank_refunds (decision 234) ─────────────────────────────────────────────────────────

export type BankRefundRow = typeof bankRefunds.$inferSelect;

/** First key of the advisory lock that serialises one order's bank refunds (27 for issue 27). */
const BANK_REFUND_LOCK = 27_001;

export async function insertRefund(
  db: DbOrTx,
  refund: typeof bankRefunds.$inferInsert,
): Promise<BankRefundRow | null> {
  const [row] = await db.insert(bankRefunds).values(refund).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findRefund(db: DbOrTx, key: string): Promise<BankRefundRow | null> {
  const [row] = await db.select().from(bankRefunds).where(eq(bankRefunds.key, key));
  return row ?? null;
}

/** What came in by bank for the order (booked credits, less any excess returned), in Rappen. */
export async function bankPaidForOrder(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string | null>`sum(${bankEntries.amountRappen} - ${bankEntries.returnRappen})` })
    .from(bankEntries)
    .where(and(eq(bankEntries.orderId, orderId), eq(bankEntries.outcome, 'booked')));
  return Number(row?.sum ?? 0);
}

export async function refundedForOrder(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string | null>`sum(${bankRefunds.amountRappen})` })
    .from(bankRefunds)
    .where(eq(bankRefunds.orderId, orderId));
  return Number(row?.sum ?? 0);
}

/** Serialises refunds of one order across processes (the sum check and the insert). */
export async function lockOrderRefunds(tx: DbOrTx, orderId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BANK_REFUND_LOCK}, ${orderId})`);
}

export async function listRefunds(
  db: DbOrTx,
  open: boolean,
  offset: number,
  limit: number,
): Promise<{ rows: BankRefundRow[]; count: number }> {
  const where = open ? isNull(bankRefunds.paidOutAt) : isNotNull(bankRefunds.paidOutAt);
  const rows = await db
    .select()
    .from(bankRefunds)
    .where(where)
    .orderBy(asc(bankRefunds.id))
    .offset(offset)
    .limit(limit);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bankRefunds)
    .where(where);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function markRefundPaidOut(db: DbOrTx, id: number, by: number): Promise<BankRefundRow | null> {
  const [row] = await db
    .update(bankRefunds)
    .set({
      paidOutAt: sql`coalesce(${bankRefunds.paidOutAt}, now())`,
      paidOutBy: sql`coalesce(${bankRefunds.paidOutBy}, ${by})`,
    })
    .where(eq(bankRefunds.id, id))
    .returning();
  return row ?? null;
}
