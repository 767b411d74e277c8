/** Fulfilment: a part sent, an item picked up, a part completed once nothing is left. */
import { and, eq, sql } from 'drizzle-orm';
import type { Carrier } from '@marktgasse/shared';
import { type DbOrTx } from '../../../db/client.ts';
import { orderItems, sellerOrders } from '../../../db/schema.ts';

export async function markShipped(
  tx: DbOrTx,
  sellerOrderId: number,
  parcel: { carrier: Carrier | null; trackingNumber: string | null },
): Promise<boolean> {
  const rows = await tx
    .update(sellerOrders)
    .set({ isShipped: true, shippedAt: sql`now()`, ...parcel })
    .where(and(eq(sellerOrders.id, sellerOrderId), eq(sellerOrders.isShipped, false)))
    .returning({ id: sellerOrders.id });
  return rows.length === 1;
}

export async function markRetrieved(tx: DbOrTx, itemId: number): Promise<boolean> {
  const rows = await tx
    .update(orderItems)
    .set({ isRetrieved: true, retrievedAt: sql`now()` })
    .where(and(eq(orderItems.id, itemId), eq(orderItems.isRetrieved, false)))
    .returning({ id: orderItems.id });
  return rows.length === 1;
}

/**
 * Completes the seller order when nothing is left to ship or pick up, once: the
 * `is_completed = false` condition makes a second call a no-op. True when it completed now.
 */
export async function completeIfDone(tx: DbOrTx, sellerOrderId: number): Promise<boolean> {
  const rows = await tx
    .update(sellerOrders)
    .set({ isCompleted: true, completedAt: sql`now()` })
    .where(
      and(
        eq(sellerOrders.id, sellerOrderId),
        eq(sellerOrders.isCompleted, false),
        sql`(${sellerOrders.isShipped} or not exists (select 1 from ${orderItems} where ${orderItems.sellerOrderId} = ${sellerOrders.id} and ${orderItems.orderType} = 'online'))`,
        sql`not exists (select 1 from ${orderItems} where ${orderItems.sellerOrderId} = ${sellerOrders.id} and ${orderItems.orderType} = 'inStore' and ${orderItems.isRetrieved} = false)`,
      ),
    )
    .returning({ id: sellerOrders.id });
  return rows.length === 1;
}
