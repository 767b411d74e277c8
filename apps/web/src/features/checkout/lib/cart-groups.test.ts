import { describe, expect, it } from 'vitest';
import type { CartItem } from '@marktgasse/shared';
import { t } from '../../../i18n';
import { lineLabel, pickupLocations, summarizeCart } from './cart-groups';

const line = (overrides: Partial<CartItem>): CartItem => ({
  id: 1,
  brand: 'Brand',
  name: 'Product',
  image: null,
  price: '10.00',
  stocks: [],
  quantity: 1,
  seller: 'Käserei Muster',
  sellerId: 7,
  orderType: 'online',
  productStock: 10,
  stockId: null,
  storeName: null,
  storeId: null,
  ...overrides,
});

describe('summarizeCart', () => {
  it('groups lines by seller with subtotals and shipping per seller', () => {
    const summary = summarizeCart([
      line({ id: 1, price: '49.95', quantity: 2, sellerId: 7 }), // 99.90 online → CHF 20 shipping
      line({ id: 2, price: '50.00', quantity: 2, sellerId: 8, seller: 'Uhren AG' }), // 100.00 → free
      line({
        id: 3,
        price: '12.50',
        quantity: 1,
        sellerId: 7,
        orderType: 'inStore',
        storeId: 3,
        storeName: 'Bern',
      }),
    ]);
    expect(summary.groups.map((g) => g.seller)).toEqual(['Käserei Muster', 'Uhren AG']);
    const [first, second] = summary.groups;
    expect(first!.items.map((i) => i.id)).toEqual([1, 3]);
    // Seller 7's whole subtotal (online + in-store) is 112.40, so shipping is free (spec §9).
    expect(first!.itemsRappen).toBe(11240);
    expect(first!.shippingRappen).toBe(0);
    expect(second!.itemsRappen).toBe(10000);
    expect(second!.shippingRappen).toBe(0);
    expect(summary.itemCount).toBe(5);
    expect(summary.itemsRappen).toBe(21240);
  });

  it('charges CHF 20 to a seller with online items below CHF 100 and nothing to in-store-only sellers', () => {
    const summary = summarizeCart([
      line({ id: 1, price: '99.95', sellerId: 7 }),
      line({ id: 2, price: '30.00', sellerId: 8, orderType: 'inStore', storeId: 4, storeName: 'Zürich HB' }),
    ]);
    expect(summary.groups.map((g) => g.shippingRappen)).toEqual([2000, 0]);
    expect(summary.shippingRappen).toBe(2000);
    expect(summary.totalRappen).toBe(9995 + 3000 + 2000);
  });

  it('shows the free-shipping note only when an item is online', () => {
    expect(summarizeCart([line({ orderType: 'online' })]).showFreeShippingNote).toBe(true);
    const inStoreOnly = summarizeCart([line({ orderType: 'inStore', storeId: 1, storeName: 'Bern' })]);
    expect(inStoreOnly.showFreeShippingNote).toBe(false);
    expect(inStoreOnly.hasOnline).toBe(false);
    expect(inStoreOnly.hasInStore).toBe(true);
  });

  it('handles an empty cart', () => {
    const summary = summarizeCart([]);
    expect(summary.groups).toEqual([]);
    expect(summary.itemCount).toBe(0);
    expect(summary.showFreeShippingNote).toBe(false);
  });
});

describe('pickupLocations and labels', () => {
  it('counts products per seller and store', () => {
    const locations = pickupLocations([
      line({ id: 1, orderType: 'inStore', storeId: 3, storeName: 'Bern', quantity: 2 }),
      line({ id: 2, orderType: 'inStore', storeId: 3, storeName: 'Bern', quantity: 1 }),
      line({ id: 3, orderType: 'inStore', storeId: 4, storeName: 'Thun', quantity: 1 }),
      line({ id: 4, orderType: 'online', quantity: 5 }),
      line({ id: 5, orderType: 'inStore', sellerId: 9, seller: 'Velo', storeId: 5, storeName: 'Basel' }),
    ]);
    expect(locations).toEqual([
      {
        sellerId: 7,
        seller: 'Käserei Muster',
        stores: [
          { storeId: 3, storeName: 'Bern', count: 3 },
          { storeId: 4, storeName: 'Thun', count: 1 },
        ],
      },
      { sellerId: 9, seller: 'Velo', stores: [{ storeId: 5, storeName: 'Basel', count: 1 }] },
    ]);
  });

  it("labels a line 'Online' or with its store name", () => {
    expect(lineLabel(line({ orderType: 'online' }), t)).toBe('Online');
    expect(lineLabel(line({ orderType: 'inStore', storeName: 'Bern Bahnhof' }), t)).toBe('Bern Bahnhof');
  });
});
