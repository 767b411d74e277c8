import type { Order, OrderItem, SellerOrder } from '@marktgasse/shared';

/** Item counts (quantities) of one or more seller orders. */
export function orderCounts(sellerOrders: readonly SellerOrder[]): {
  items: number;
  online: number;
  inStore: number;
} {
  let online = 0;
  let inStore = 0;
  for (const so of sellerOrders) {
    online += so.onlineOrderItems.reduce((n, i) => n + i.quantity, 0);
    inStore += so.inStoreOrderItems.reduce((n, i) => n + i.quantity, 0);
  }
  return { items: online + inStore, online, inStore };
}

/** Nothing left to ship and no in-store item left to hand over. */
export function nothingLeft(so: SellerOrder): boolean {
  const hasAny = so.onlineOrderItems.length + so.inStoreOrderItems.length > 0;
  return (
    hasAny &&
    (so.onlineOrderItems.length === 0 || so.isShipped) &&
    so.inStoreOrderItems.every((i) => i.isRetrieved)
  );
}

/** The stores a seller order's pick-up items wait in, each once (null for a line without its store). */
export function pickupStores(so: SellerOrder): OrderItem['store'][] {
  return [...new Map(so.inStoreOrderItems.map((item) => [item.store?.id, item.store])).values()];
}

/** Nothing of these parts (those not cancelled) was sent or picked up: the order may still be cancelled. */
export function nothingHandedOver(parts: readonly SellerOrder[]): boolean {
  return parts.every(
    (so) =>
      so.isCancelled ||
      (!so.isShipped && [...so.onlineOrderItems, ...so.inStoreOrderItems].every((i) => !i.isRetrieved)),
  );
}

/** A part that will not go on: cancelled (by its seller or with the order) or run out unpaid. */
export function isOver(so: Pick<SellerOrder, 'state'>): boolean {
  return so.state === 'cancelled' || so.state === 'expired';
}

/** An order that will not go on: cancelled, refunded in full, or run out unpaid. */
export function orderIsOver(order: Pick<Order, 'status'>): boolean {
  return order.status === 'cancelled' || order.status === 'refunded' || order.status === 'expired';
}
