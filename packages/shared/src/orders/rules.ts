import { RAPPEN_PER_FRANC } from '../money/money.ts';

export const SHIPPING_FEE_RAPPEN = 20 * RAPPEN_PER_FRANC;
export const FREE_SHIPPING_FROM_RAPPEN = 100 * RAPPEN_PER_FRANC;

export type OrderType = 'online' | 'inStore';

export interface PricedLine {
  sellerId: number;
  unitPriceRappen: number;
  quantity: number;
  orderType: OrderType;
}

export interface SellerTotals {
  sellerId: number;
  itemsRappen: number;
  shippingRappen: number;
  hasOnline: boolean;
}

export interface CartTotals {
  sellers: SellerTotals[];
  itemsRappen: number;
  shippingRappen: number;
  totalRappen: number;
  itemCount: number;
}

/**
 * Shipping per seller group: CHF 20 when the group has an online line, free when that
 * seller's whole subtotal (online and in-store, as the product does) is CHF 100 or more.
 * In-store-only groups carry no shipping.
 */
export function shippingForSeller(itemsRappen: number, hasOnline: boolean): number {
  if (!hasOnline) return 0;
  return itemsRappen >= FREE_SHIPPING_FROM_RAPPEN ? 0 : SHIPPING_FEE_RAPPEN;
}

export function computeCartTotals(lines: readonly PricedLine[]): CartTotals {
  const bySeller = new Map<number, SellerTotals>();
  let itemCount = 0;
  for (const line of lines) {
    const group = bySeller.get(line.sellerId) ?? {
      sellerId: line.sellerId,
      itemsRappen: 0,
      shippingRappen: 0,
      hasOnline: false,
    };
    group.itemsRappen += line.unitPriceRappen * line.quantity;
    group.hasOnline ||= line.orderType === 'online';
    bySeller.set(line.sellerId, group);
    itemCount += line.quantity;
  }
  const sellers = [...bySeller.values()];
  for (const group of sellers) group.shippingRappen = shippingForSeller(group.itemsRappen, group.hasOnline);
  const itemsRappen = sellers.reduce((sum, g) => sum + g.itemsRappen, 0);
  const shippingRappen = sellers.reduce((sum, g) => sum + g.shippingRappen, 0);
  return { sellers, itemsRappen, shippingRappen, totalRappen: itemsRappen + shippingRappen, itemCount };
}
