/**
 * Paying an order (decision 156): the provider's order id, the pending-capture record, the
 * payment and its refunds rows. The only file of the orders' payment side that knows the ORM.
 */
import { and, asc, eq, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { type DbOrTx } from '../../../db/client.ts';
import { orders, payments, refunds, sellerOrders, users } from '../../../db/schema.ts';
import type { OrderRow, RefundRow } from '../repo.ts';

/** True when a seller of the order has deleted their account (decision 171: it cannot be paid). */
export async function hasDeletedSeller(db: DbOrTx, orderId: number): Promise<boolean> {
  const rows = await db
    .select({ id: sellerOrders.id })
    .from(sellerOrders)
    .innerJoin(users, eq(users.id, sellerOrders.sellerId))
    .where(and(eq(sellerOrders.orderId, orderId), sql`${users.deletedAt} is not null`))
    .limit(1);
  return rows.length > 0;
}

/** Sets the provider's order id where `guard` holds and the order still asks `totalRappen`. */
function storeProviderOrderId(
  db: DbOrTx,
  orderId: number,
  providerOrderId: string,
  totalRappen: number,
  guard: SQL,
) {
  return db
    .update(orders)
    .set({ providerOrderId })
    .where(
      and(
        eq(orders.id, orderId),
        guard,
        sql`${orders.itemsRappen} + ${orders.shippingRappen} = ${totalRappen}`,
      ),
    );
}

/** Keeps the provider's order id, once, and only while the order still asks `totalRappen`. */
export async function setProviderOrderId(
  db: DbOrTx,
  orderId: number,
  providerOrderId: string,
  totalRappen: number,
): Promise<void> {
  await storeProviderOrderId(db, orderId, providerOrderId, totalRappen, isNull(orders.providerOrderId));
}

/** A new TWINT transaction replaces an earlier one not paid with, while the order still asks `totalRappen`. */
export async function replaceProviderOrderId(
  db: DbOrTx,
  orderId: number,
  providerOrderId: string,
  totalRappen: number,
): Promise<void> {
  await storeProviderOrderId(db, orderId, providerOrderId, totalRappen, eq(orders.isPaid, false));
}

export async function insertPayment(
  tx: DbOrTx,
  values: {
    orderId: number;
    provider: string;
    providerReference: string;
    amountRappen: number;
    currency: string;
  },
): Promise<void> {
  await tx.insert(payments).values(values);
}

/**
 * pending → paying before the provider is asked to capture: the pending-capture record. The
 * expiry sweep only looks at pending orders, so the hold cannot run out under a capture;
 * payingUntil bounds how long that protection lasts. Null when the order is not pending
 * within its hold any more (paid, paying elsewhere, expired, cancelled).
 */
export async function beginPaying(
  tx: DbOrTx,
  orderId: number,
  seconds: number,
  locale: string | null,
): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({
      status: 'paying',
      payingUntil: sql`now() + make_interval(secs => ${seconds})`,
      ...(locale ? { locale } : {}),
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending'), sql`${orders.expiresAt} > now()`))
    .returning();
  return row ?? null;
}

/** paying → pending when nothing was captured (the sweep may then expire it as usual). */
export async function endPaying(tx: DbOrTx, orderId: number): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ status: 'pending', payingUntil: null })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'paying')))
    .returning({ id: orders.id });
  return rows.length === 1;
}

/**
 * Records a completed capture: paying → paid, or pending → paid while the hold lasts (the
 * job put it back to pending meanwhile). Only for exactly the amount the order asks now: a
 * part cancelled after the job put it back changed that (decision 196). Null when the order
 * can no longer be honoured.
 */
export async function markPaidAfterCapture(
  tx: DbOrTx,
  orderId: number,
  amountRappen: number,
): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ isPaid: true, paidAt: sql`now()`, status: 'paid', payingUntil: null })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.isPaid, false),
        sql`(${orders.status} = 'paying' or (${orders.status} = 'pending' and ${orders.expiresAt} > now()))`,
        sql`${orders.itemsRappen} + ${orders.shippingRappen} = ${amountRappen}`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Orders whose capture has outlived its time (its answer never reached the database). */
export async function overduePayingOrderIds(db: DbOrTx, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'paying'), lte(orders.payingUntil, sql`now()`)))
    .orderBy(asc(orders.payingUntil))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The payment row once; a second insert for the same order does nothing. */
export async function insertPaymentOnce(tx: DbOrTx, values: typeof payments.$inferInsert): Promise<void> {
  await tx.insert(payments).values(values).onConflictDoNothing({ target: payments.orderId });
}

/**
 * The refund of one cancellation, once: the unique key makes a repeated or raced insert find
 * nothing (null), whichever process it comes from.
 */
export async function insertRefund(
  tx: DbOrTx,
  values: {
    key: string;
    orderId: number;
    sellerOrderId: number | null;
    amountRappen: number;
    provider: string;
  },
): Promise<RefundRow | null> {
  const [row] = await tx
    .insert(refunds)
    .values(values)
    .onConflictDoNothing({ target: refunds.key })
    .returning();
  return row ?? null;
}

export async function findRefund(db: DbOrTx, key: string): Promise<RefundRow | undefined> {
  const rows = await db.select().from(refunds).where(eq(refunds.key, key));
  return rows[0];
}

/**
 * Marks the refund done with the provider's reference and adds its amount to the order's
 * refunded total, once (false when it was completed before).
 */
export async function completeRefund(tx: DbOrTx, id: number, reference: string): Promise<RefundRow | null> {
  const [row] = await tx
    .update(refunds)
    .set({ completedAt: sql`now()`, providerReference: reference })
    .where(and(eq(refunds.id, id), isNull(refunds.completedAt)))
    .returning();
  if (!row) return null;
  await tx
    .update(orders)
    .set({ refundedRappen: sql`${orders.refundedRappen} + ${row.amountRappen}` })
    .where(eq(orders.id, row.orderId));
  return row;
}

/** Drops a refund the provider refused (never one that completed). */
export async function dropRefund(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(refunds).where(and(eq(refunds.id, id), isNull(refunds.completedAt)));
}

/**
 * Refunds asked for more than `seconds` ago that never completed (a crash, a lost answer).
 * Not those of an order whose capture is still unknown: they wait for the capture (decision 196).
 */
export async function stalePendingRefunds(db: DbOrTx, seconds: number, limit: number): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(
      and(
        isNull(refunds.completedAt),
        lte(refunds.createdAt, sql`now() - make_interval(secs => ${seconds})`),
        sql`not exists (select 1 from ${orders} o where o.id = ${refunds.orderId} and o.status = 'paying')`,
      ),
    )
    .orderBy(asc(refunds.id))
    .limit(limit);
}

/** Unpaid TWINT orders whose transaction started over two minutes ago: the status poll's work. */
export async function pendingTwintTransactions(db: DbOrTx, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: orders.providerOrderId })
    .from(orders)
    .where(
      and(
        eq(orders.paymentMethod, 'TWINT'),
        eq(orders.isPaid, false),
        eq(orders.status, 'pending'),
        sql`${orders.providerOrderId} is not null`,
        sql`${orders.createdAt} < now() - interval '2 minutes'`,
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id!);
}

/** The order a TWINT transaction belongs to. */
export async function findOrderByProviderOrderId(
  db: DbOrTx,
  providerOrderId: string,
): Promise<OrderRow | undefined> {
  const rows = await db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId)).limit(1);
  return rows[0];
}
