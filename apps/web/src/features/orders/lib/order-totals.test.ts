import { describe, expect, it } from 'vitest';
import type { OrderItem, SellerOrder } from '@marktgasse/shared';
import { nothingLeft, orderCounts, pickupStores } from './order-totals';

const item = (overrides: Partial<OrderItem> = {}): OrderItem => ({
  id: 1,
  product: 10,
  name: 'Alpkäse',
  brand: 'Sennerei',
  image: '/media/placeholder/v1/product.svg',
  price: '12.00',
  quantity: 2,
  orderType: 'online',
  store: null,
  details: { seller: 'sennerei', sellerId: 3 },
  shippingPrice: '20.00',
  isRetrieved: false,
  retrievedAt: null,
  ...overrides,
});

const sellerOrder = (overrides: Partial<SellerOrder> = {}) =>
  ({ onlineOrderItems: [], inStoreOrderItems: [], isShipped: false, ...overrides }) as SellerOrder;

describe('seller order state', () => {
  it('counts quantities of online and in-store items', () => {
    const so = sellerOrder({
      onlineOrderItems: [item({ quantity: 2 })],
      inStoreOrderItems: [item({ id: 2, orderType: 'inStore', quantity: 3 })],
    });
    expect(orderCounts([so, so])).toEqual({ items: 10, online: 4, inStore: 6 });
  });

  it('has something left until shipped and every pick-up item handed over', () => {
    const pickup = item({ id: 2, orderType: 'inStore' });
    expect(nothingLeft(sellerOrder({ onlineOrderItems: [item()], inStoreOrderItems: [pickup] }))).toBe(false);
    expect(
      nothingLeft(sellerOrder({ onlineOrderItems: [item()], inStoreOrderItems: [pickup], isShipped: true })),
    ).toBe(false);
    expect(
      nothingLeft(
        sellerOrder({
          onlineOrderItems: [item()],
          inStoreOrderItems: [{ ...pickup, isRetrieved: true }],
          isShipped: true,
        }),
      ),
    ).toBe(true);
    expect(nothingLeft(sellerOrder({ inStoreOrderItems: [{ ...pickup, isRetrieved: true }] }))).toBe(true);
    expect(nothingLeft(sellerOrder())).toBe(false);
  });
});

describe('pick-up stores', () => {
  it('lists each store of the pick-up items once, in order', () => {
    const bern = { id: 1, name: 'Laden Bern', owner_name: 'sennerei', city: 'Bern' };
    const thun = { id: 2, name: 'Laden Thun', owner_name: 'sennerei', city: 'Thun' };
    const so = sellerOrder({
      inStoreOrderItems: [
        item({ id: 1, orderType: 'inStore', store: bern }),
        item({ id: 2, orderType: 'inStore', store: thun }),
        item({ id: 3, orderType: 'inStore', store: bern }),
      ],
    });
    expect(pickupStores(so)).toEqual([bern, thun]);
    expect(pickupStores(sellerOrder())).toEqual([]);
  });
});
