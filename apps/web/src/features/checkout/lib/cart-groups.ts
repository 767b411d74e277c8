/**
 * Grouping and totals of the cart as every checkout screen shows them. The money rule itself
 * (shipping per seller) comes from @marktgasse/shared, the same code the server prices with.
 */
import { computeCartTotals, parseRappen, type CartItem, type CartTotals } from '@marktgasse/shared';
import type { Translate } from '../../../i18n';

export interface SellerGroup {
  sellerId: number;
  seller: string;
  items: CartItem[];
  itemCount: number;
  itemsRappen: number;
  shippingRappen: number;
  hasOnline: boolean;
}

export interface CartSummary extends CartTotals {
  groups: SellerGroup[];
  hasOnline: boolean;
  hasInStore: boolean;
  /** Spec §2 Cart: the side card mentions free shipping when any item is online. */
  showFreeShippingNote: boolean;
}

export function summarizeCart(items: readonly CartItem[]): CartSummary {
  const totals = computeCartTotals(
    items.map((i) => ({
      sellerId: i.sellerId,
      unitPriceRappen: parseRappen(i.price) ?? 0,
      quantity: i.quantity,
      orderType: i.orderType,
    })),
  );
  const groups = new Map<number, SellerGroup>();
  for (const item of items) {
    const group = groups.get(item.sellerId) ?? {
      sellerId: item.sellerId,
      seller: item.seller,
      items: [],
      itemCount: 0,
      itemsRappen: 0,
      shippingRappen: 0,
      hasOnline: false,
    };
    group.items.push(item);
    group.itemCount += item.quantity;
    groups.set(item.sellerId, group);
  }
  for (const sellerTotals of totals.sellers) {
    const group = groups.get(sellerTotals.sellerId)!;
    group.itemsRappen = sellerTotals.itemsRappen;
    group.shippingRappen = sellerTotals.shippingRappen;
    group.hasOnline = sellerTotals.hasOnline;
  }
  const hasOnline = items.some((i) => i.orderType === 'online');
  return {
    ...totals,
    groups: [...groups.values()],
    hasOnline,
    hasInStore: items.some((i) => i.orderType === 'inStore'),
    showFreeShippingNote: hasOnline,
  };
}

export interface PickupLocation {
  sellerId: number;
  seller: string;
  stores: { storeId: number | null; storeName: string; count: number }[];
}

/** In-store lines per seller and store, with the number of products to collect there. */
export function pickupLocations(items: readonly CartItem[], storeFallback = 'Store'): PickupLocation[] {
  const bySeller = new Map<number, PickupLocation>();
  for (const item of items) {
    if (item.orderType !== 'inStore') continue;
    const entry = bySeller.get(item.sellerId) ?? { sellerId: item.sellerId, seller: item.seller, stores: [] };
    const store = entry.stores.find((s) => s.storeId === item.storeId);
    if (store) store.count += item.quantity;
    else
      entry.stores.push({
        storeId: item.storeId,
        storeName: item.storeName ?? storeFallback,
        count: item.quantity,
      });
    bySeller.set(item.sellerId, entry);
  }
  return [...bySeller.values()];
}

/** 'Online' or the store name, as the cart line labels it. */
export function lineLabel(item: CartItem, t: Translate): string {
  return item.orderType === 'online'
    ? t('checkout.line.online')
    : (item.storeName ?? t('checkout.line.inStore'));
}
