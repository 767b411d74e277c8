/**
 * Cancellation (decisions 157, 158, 196): an order or a seller's part cancelled (and undone when
 * its refund is refused), its stock allocations released, an unpaid order's totals settled.
 */
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { type DbOrTx } from '../../../db/client.ts';
import { rawRows } from '../../../db/sql.ts';
import { orderItems, orders, sellerOrders, stockAllocations } from '../../../db/schema.ts';
import type { OrderRow } from '../repo.ts';

/**
 * An unpaid, pending order asks for its live parts only: items and shipping become the sums of
 * its seller orders not cancelled (each part's shipping is the shipping rule's answer for that
 * seller's items). When the amount changes, the provider order made for the old amount is
 * forgotten, so the next checkout asks the provider for the new one.
 */
export async function settleUnpaidTotals(tx: DbOrTx, orderId: number): Promise<void> {
  const live = (column: SQL) =>
    sql`(select coalesce(sum(${column}), 0)::int from ${sellerOrders} so
         where so.order_id = ${orderId} and so.cancelled_at is null)`;
  const items = live(sql`so.items_rappen`);
  const shipping = live(sql`so.shipping_rappen`);
  await tx
    .update(orders)
    .set({
      itemsRappen: items,
      shippingRappen: shipping,
      providerOrderId: sql`case when ${orders.itemsRappen} + ${orders.shippingRappen} = ${items} + ${shipping}
        then ${orders.providerOrderId} else null end`,
    })
    .where(and(eq(orders.id, orderId), eq(orders.isPaid, false), eq(orders.status, 'pending')));
}

export async function setOrderLocale(db: DbOrTx, orderId: number, locale: string): Promise<void> {
  await db.update(orders).set({ locale }).where(eq(orders.id, orderId));
}

/** pending or paid → cancelled, once; null when the order was in another state. */
export async function markOrderCancelled(
  tx: DbOrTx,
  orderId: number,
  from: 'pending' | 'paid',
): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ status: 'cancelled', cancelledAt: sql`now()` })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, from),
        from === 'pending' ? sql`${orders.expiresAt} > now()` : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

/** cancelled → paid again after the provider refused the refund (the order as it was). */
export async function uncancelPaidOrder(tx: DbOrTx, orderId: number): Promise<void> {
  await tx
    .update(orders)
    .set({ status: 'paid', cancelledAt: null })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'cancelled'), eq(orders.isPaid, true)));
}

/** Seller orders of the order not cancelled yet: cancelled with it. */
export async function cancelRemainingSellerOrders(tx: DbOrTx, orderId: number): Promise<void> {
  await tx
    .update(sellerOrders)
    .set({ cancelledAt: sql`now()` })
    .where(and(eq(sellerOrders.orderId, orderId), isNull(sellerOrders.cancelledAt)));
}

/** One seller's part → cancelled with the reason, once; false when it was cancelled before. */
export async function markSellerOrderCancelled(
  tx: DbOrTx,
  sellerOrderId: number,
  reason: string,
): Promise<boolean> {
  const rows = await tx
    .update(sellerOrders)
    .set({ cancelledAt: sql`now()`, cancelReason: reason })
    .where(and(eq(sellerOrders.id, sellerOrderId), isNull(sellerOrders.cancelledAt)))
    .returning({ id: sellerOrders.id });
  return rows.length === 1;
}

/** The seller's part as it was, after the provider refused its refund. */
export async function uncancelSellerOrder(tx: DbOrTx, sellerOrderId: number): Promise<void> {
  await tx
    .update(sellerOrders)
    .set({ cancelledAt: null, cancelReason: null })
    .where(eq(sellerOrders.id, sellerOrderId));
}

/**
 * Locks every seller order of the order (in id order): a cancellation holding them cannot
 * interleave with a send or a pick-up, which lock the seller order they change.
 */
export async function lockSellerOrdersOf(tx: DbOrTx, orderId: number): Promise<void> {
  await tx
    .select({ id: sellerOrders.id })
    .from(sellerOrders)
    .where(eq(sellerOrders.orderId, orderId))
    .orderBy(asc(sellerOrders.id))
    .for('update');
}

/** True when every seller order of the order is cancelled. */
export async function allSellerOrdersCancelled(tx: DbOrTx, orderId: number): Promise<boolean> {
  const open = await tx
    .select({ id: sellerOrders.id })
    .from(sellerOrders)
    .where(and(eq(sellerOrders.orderId, orderId), isNull(sellerOrders.cancelledAt)))
    .limit(1);
  return open.length === 0;
}

/** Something of the order (of a part not cancelled) was sent or picked up. */
export async function anythingHandedOver(
  tx: DbOrTx,
  orderId: number,
  sellerOrderId?: number,
): Promise<boolean> {
  const scope = sellerOrderId === undefined ? sql`so.order_id = ${orderId}` : sql`so.id = ${sellerOrderId}`;
  const rows = await rawRows<{ id: number }>(
    tx,
    sql`select so.id from ${sellerOrders} so
        where ${scope} and so.cancelled_at is null
          and (so.is_shipped or exists (
            select 1 from ${orderItems} i where i.seller_order_id = so.id and i.is_retrieved))
        limit 1`,
  );
  return rows.length > 0;
}

/** releaseAllocations for one seller's part: its unreleased units, once. */
export async function releaseSellerOrderAllocations(
  tx: DbOrTx,
  sellerOrderId: number,
): Promise<{ storeId: number; productId: number; quantity: number }[]> {
  return tx
    .update(stockAllocations)
    .set({ releasedAt: sql`now()` })
    .where(
      and(
        isNull(stockAllocations.releasedAt),
        inArray(
          stockAllocations.orderItemId,
          tx
            .select({ id: orderItems.id })
            .from(orderItems)
            .where(eq(orderItems.sellerOrderId, sellerOrderId)),
        ),
      ),
    )
    .returning({
      storeId: stockAllocations.storeId,
      productId: stockAllocations.productId,
      quantity: stockAllocations.quantity,
    });
}
