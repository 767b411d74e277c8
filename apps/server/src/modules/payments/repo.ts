/** The only place that knows the bank_entries and bank_refunds tables (decisions 231, 234). */
import { and, asc, desc, eq, gt, isNotNull, isNull, lte, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bankEntries, bankRefunds, invoiceReminders, orders, users } from '../../db/schema.ts';

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

/** Marks a refund with its account as paid out; null when it was paid out before or waits for its account. */
export async function markRefundPaidOut(db: DbOrTx, id: number, by: number): Promise<BankRefundRow | null> {
  const [row] = await db
    .update(bankRefunds)
    .set({ paidOutAt: sql`now()`, paidOutBy: by })
    .where(and(eq(bankRefunds.id, id), isNotNull(bankRefunds.iban), isNull(bankRefunds.paidOutAt)))
    .returning();
  return row ?? null;
}

export async function findRefundById(db: DbOrTx, id: number): Promise<BankRefundRow | null> {
  const [row] = await db.select().from(bankRefunds).where(eq(bankRefunds.id, id));
  return row ?? null;
}

/** Gives the account to the order's lines that wait for one; answers the lines it completed. */
export async function fillRefundAccount(
  tx: DbOrTx,
  orderId: number,
  account: { iban: string; accountHolder: string },
): Promise<BankRefundRow[]> {
  return tx
    .update(bankRefunds)
    .set(account)
    .where(and(eq(bankRefunds.orderId, orderId), isNull(bankRefunds.iban)))
    .returning();
}

export async function refundsOfOrder(db: DbOrTx, orderId: number): Promise<BankRefundRow[]> {
  return db.select().from(bankRefunds).where(eq(bankRefunds.orderId, orderId)).orderBy(asc(bankRefunds.id));
}

// ── reads of orders and users, and the outbox (table-owners.json says why) ──────────────

export interface OrderCustomer {
  orderId: number;
  customerId: number;
  email: string;
  username: string;
  locale: string | null;
}

const orderCustomerColumns = {
  orderId: orders.id,
  customerId: orders.customerId,
  email: users.email,
  username: users.username,
  locale: orders.locale,
};

/** The order's customer (for the ownership check and the e-mail), or null when there is no such order. */
export async function findOrderCustomer(db: DbOrTx, orderId: number): Promise<OrderCustomer | null> {
  const [row] = await db
    .select(orderCustomerColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .where(eq(orders.id, orderId));
  return row ?? null;
}

/** Lines waiting for an account whose customer has not been asked yet. */
export async function refundsToAskAccountFor(db: DbOrTx, limit: number): Promise<BankRefundRow[]> {
  return db
    .select()
    .from(bankRefunds)
    .where(and(isNull(bankRefunds.iban), isNull(bankRefunds.accountAskedAt)))
    .orderBy(asc(bankRefunds.id))
    .limit(limit);
}

/** Claims the e-mail asking for the line's account: true for exactly one caller. */
export async function claimAccountRequest(tx: DbOrTx, id: number): Promise<boolean> {
  const rows = await tx
    .update(bankRefunds)
    .set({ accountAskedAt: sql`now()` })
    .where(and(eq(bankRefunds.id, id), isNull(bankRefunds.accountAskedAt)))
    .returning({ id: bankRefunds.id });
  return rows.length > 0;
}

export interface OverdueInvoice extends OrderCustomer {
  totalRappen: number;
  expiresAt: Date;
}

/**
 * Unpaid invoice orders whose due date (the hold's end less the grace days) has passed while
 * the hold still runs, not reminded yet.
 */
export async function overdueInvoices(
  db: DbOrTx,
  graceDays: number,
  limit: number,
): Promise<OverdueInvoice[]> {
  return db
    .select({
      ...orderCustomerColumns,
      totalRappen: sql<number>`(${orders.itemsRappen} + ${orders.shippingRappen})::int`,
      expiresAt: orders.expiresAt,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .where(
      and(
        eq(orders.paymentMethod, 'Invoice'),
        eq(orders.status, 'pending'),
        eq(orders.isPaid, false),
        gt(orders.expiresAt, sql`now()`),
        lte(orders.expiresAt, sql`now() + make_interval(days => ${graceDays})`),
        notExists(
          db
            .select({ one: sql`1` })
            .from(invoiceReminders)
            .where(eq(invoiceReminders.orderId, orders.id)),
        ),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(limit);
}

/** Claims the order's one reminder: true for exactly one caller, however many processes ask. */
export async function claimReminder(tx: DbOrTx, orderId: number): Promise<boolean> {
  const rows = await tx.insert(invoiceReminders).values({ orderId }).onConflictDoNothing().returning();
  return rows.length > 0;
}
