/** Maps order rows to the §3 response shapes. Money leaves as decimal strings, times as ISO 8601. */
import {
  qrReferenceForOrder,
  rappenToDecimal,
  trackingUrl,
  type Order,
  type OrderItem,
  type SellerOrder,
  type SellerOrderState,
  type ShippingAddressView,
} from '@marktgasse/shared';
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

/** Name and phone always answered (null on orders placed before they were asked for). */
function addressView(address: OrderRow['shippingAddress']): ShippingAddressView | null {
  if (!address) return null;
  const { name, phone, ...rest } = address;
  return { name: name ?? null, ...rest, phone: phone ?? null };
}

/** Where a seller part stands, and what its seller still has to do (nothing once it is over). */
function progress(
  order: OrderRow,
  so: SellerOrderRow,
  online: OrderItem[],
  inStore: OrderItem[],
): Pick<SellerOrder, 'state' | 'leftToDo'> {
  const status = effectiveStatus(order);
  let state: SellerOrderState;
  if (so.cancelledAt || status === 'cancelled' || status === 'refunded') state = 'cancelled';
  else if (status === 'expired') state = 'expired';
  else if (!order.isPaid) state = 'unpaid';
  else if (so.isCompleted) state = 'completed';
  else state = 'toDo';
  const open = state === 'unpaid' || state === 'toDo';
  return {
    state,
    leftToDo: {
      send: open && online.length > 0 && !so.isShipped,
      pickUps: open ? inStore.filter((i) => !i.isRetrieved).length : 0,
    },
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
    customer: {
      username: customer?.username ?? '',
      email: customer?.email ?? '',
      name: order.shippingAddress?.name || customer?.username || '',
    },
    order: {
      id: order.id,
      isPaid: order.isPaid,
      paidAt: iso(order.paidAt),
      status: effectiveStatus(order),
      createdAt: order.createdAt.toISOString(),
    },
    // A seller whose share is pick-up only has no need for the customer's home address.
    shippingAddress: online.length > 0 ? addressView(order.shippingAddress) : null,
    onlineOrderItems: online,
    inStoreOrderItems: inStore,
    itemsPrice: rappenToDecimal(so.itemsRappen),
    shippingPrice: rappenToDecimal(so.shippingRappen),
    totalPrice: rappenToDecimal(so.itemsRappen + so.shippingRappen),
    isShipped: so.isShipped,
    shippedAt: iso(so.shippedAt),
    carrier: so.carrier,
    trackingNumber: so.trackingNumber,
    trackingUrl: trackingUrl(so.carrier, so.trackingNumber),
    isCompleted: so.isCompleted,
    completedAt: iso(so.completedAt),
    createdAt: so.createdAt.toISOString(),
    // The code proves the collector is the customer: only the customer's view carries it.
    pickupCode: audience === 'customer' ? so.pickupCode : null,
    isCancelled: so.cancelledAt !== null,
    cancelledAt: iso(so.cancelledAt),
    cancelReason: so.cancelReason,
    ...progress(order, so, online, inStore),
  };
}

export function orderView(media: MediaStorage, graph: OrderGraph, order: OrderRow): Order {
  const customer = graph.users.get(order.customerId);
  return {
    id: order.id,
    customer: { name: customer?.username ?? '', email: customer?.email ?? '' },
    shippingAddress: addressView(order.shippingAddress),
    paymentMethod: order.paymentMethod,
    ...(order.paymentMethod === 'Invoice' ? { qrReference: qrReferenceForOrder(order.id) } : {}),
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
