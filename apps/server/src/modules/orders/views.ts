/** Maps order rows to the §3 response shapes. Money leaves as decimal strings, times as ISO 8601. */
import { rappenToDecimal, type Order, type OrderItem, type SellerOrder } from '@marktgasse/shared';
import type { MediaStorage } from '../media/storage.ts';
import { mediaUrl } from '../media/pipeline.ts';
import type { OrderGraph, OrderRow, SellerOrderRow } from './repo.ts';

type GraphItem = OrderGraph['items'][number];

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/**
 * The status a client sees: a pending order past its hold time is shown as expired even
 * before the sweep reaches it; a capture in flight is still pending; money sent back turns
 * cancelled or expired into refunded, and paid into partlyRefunded.
 */
export function effectiveStatus(order: OrderRow, now = new Date()): Order['status'] {
  if (order.status === 'paying') return 'pending';
  if (order.status === 'pending' && order.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (order.refundedRappen > 0) return order.status === 'paid' ? 'partlyRefunded' : 'refunded';
  return order.status;
}

function itemView(media: MediaStorage, graph: OrderGraph, item: GraphItem, so: SellerOrderRow): OrderItem {
  const seller = graph.users.get(so.sellerId);
  return {
    id: item.id,
    product: item.productId,
    name: item.name,
    brand: item.brand,
    image: mediaUrl(media, item.image, 'product'),
    price: rappenToDecimal(item.priceRappen),
    quantity: item.quantity,
    orderType: item.orderType,
    store:
      item.storeId === null
        ? null
        : {
            id: item.storeId,
            name: item.storeName ?? '',
            owner_name: item.storeOwnerName ?? '',
            city: item.storeCity ?? '',
          },
    details: { seller: seller?.username ?? '', sellerId: so.sellerId },
    shippingPrice: item.orderType === 'online' ? rappenToDecimal(so.shippingRappen) : '0.00',
    isRetrieved: item.isRetrieved,
    retrievedAt: iso(item.retrievedAt),
  };
}

export function sellerOrderView(
  media: MediaStorage,
  graph: OrderGraph,
  so: SellerOrderRow,
  audience: 'customer' | 'seller',
): SellerOrder {
  const order = graph.orders.find((o) => o.id === so.orderId)!;
  const seller = graph.users.get(so.sellerId);
  const customer = graph.users.get(order.customerId);
  const items = graph.items.filter((i) => i.sellerOrderId === so.id);
  const online = items.filter((i) => i.orderType === 'online').map((i) => itemView(media, graph, i, so));
  const inStore = items.filter((i) => i.orderType === 'inStore').map((i) => itemView(media, graph, i, so));
  return {
    id: so.id,
    seller: {
      id: so.sellerId,
      username: seller?.username ?? '',
      name: seller?.name ?? seller?.username ?? '',
    },
    customer: { username: customer?.username ?? '', email: customer?.email ?? '' },
    order: {
      id: order.id,
      isPaid: order.isPaid,
      paidAt: iso(order.paidAt),
      status: effectiveStatus(order),
      createdAt: order.createdAt.toISOString(),
    },
    // A seller whose share is pick-up only has no need for the customer's home address.
    shippingAddress: online.length > 0 ? (order.shippingAddress ?? null) : null,
    onlineOrderItems: online,
    inStoreOrderItems: inStore,
    itemsPrice: rappenToDecimal(so.itemsRappen),
    shippingPrice: rappenToDecimal(so.shippingRappen),
    totalPrice: rappenToDecimal(so.itemsRappen + so.shippingRappen),
    isShipped: so.isShipped,
    shippedAt: iso(so.shippedAt),
    isCompleted: so.isCompleted,
    completedAt: iso(so.completedAt),
    createdAt: so.createdAt.toISOString(),
    // The code proves the collector is the customer: only the customer's view carries it.
    pickupCode: audience === 'customer' ? so.pickupCode : null,
    isCancelled: so.cancelledAt !== null,
    cancelledAt: iso(so.cancelledAt),
    cancelReason: so.cancelReason,
  };
}

export function orderView(media: MediaStorage, graph: OrderGraph, order: OrderRow): Order {
  const customer = graph.users.get(order.customerId);
  return {
    id: order.id,
    customer: { name: customer?.username ?? '', email: customer?.email ?? '' },
    shippingAddress: order.shippingAddress ?? null,
    paymentMethod: order.paymentMethod,
    isPaid: order.isPaid,
    paidAt: iso(order.paidAt),
    status: effectiveStatus(order),
    expiresAt: order.expiresAt.toISOString(),
    holdExtensionsLeft: effectiveStatus(order) === 'pending' ? order.holdExtensionsLeft : 0,
    totalPrice: rappenToDecimal(order.itemsRappen),
    totalShippingPrice: rappenToDecimal(order.shippingRappen),
    totalAmount: rappenToDecimal(order.itemsRappen + order.shippingRappen),
    refundedAmount: rappenToDecimal(order.refundedRappen),
    cancelledAt: iso(order.cancelledAt),
    createdAt: order.createdAt.toISOString(),
    sellerOrder: graph.sellerOrders
      .filter((so) => so.orderId === order.id)
      .map((so) => sellerOrderView(media, graph, so, 'customer')),
  };
}
