import { describe, expect, it } from 'vitest';
import type { CartItem, Product } from '@marktgasse/shared';
import { recheckLine } from './recheck-cart';

const item = (overrides: Partial<CartItem> = {}): CartItem => ({
  id: 5,
  brand: 'Sigg',
  name: 'Trinkflasche',
  image: null,
  price: '29.90',
  stocks: [],
  quantity: 3,
  seller: 'Outdoor AG',
  sellerId: 2,
  orderType: 'online',
  productStock: 10,
  stockId: null,
  storeName: null,
  storeId: null,
  ...overrides,
});

const product = (overrides: Partial<Product> = {}) =>
  ({
    id: 5,
    price: '29.90',
    countInStock: 10,
    stocks: [
      { id: 1, number: 6, store: 11, storeName: 'Bern', city: 'Bern' },
      { id: 2, number: 4, store: 12, storeName: 'Thun', city: 'Thun' },
    ],
    ...overrides,
  }) as Product;

describe('recheckLine', () => {
  it('leaves an unchanged line alone', () => {
    const { line, notice } = recheckLine(item(), product());
    expect(notice).toBeNull();
    expect(line).toMatchObject({ price: '29.90', quantity: 3, productStock: 10 });
  });

  it('takes the new price and says so', () => {
    const { line, notice } = recheckLine(item(), product({ price: '24.50' }));
    expect(line!.price).toBe('24.50');
    expect(notice!.messages).toEqual(['The price changed from CHF 29.90 to CHF 24.50.']);
    expect(notice!.blocking).toBe(false);
  });

  it('reduces the quantity to the stock left', () => {
    const { line, notice } = recheckLine(item({ quantity: 8 }), product({ countInStock: 5 }));
    expect(line).toMatchObject({ quantity: 5, productStock: 5 });
    expect(notice!.messages[0]).toContain('Only 5 left');
  });

  it('checks an in-store line against its own store', () => {
    const inStore = item({ orderType: 'inStore', storeId: 12, storeName: 'Thun', quantity: 2 });
    expect(recheckLine(inStore, product()).line!.productStock).toBe(4);
    const sold = recheckLine(
      inStore,
      product({ stocks: [{ id: 2, number: 0, store: 12, storeName: 'Thun', city: 'Thun' }] }),
    );
    expect(sold.notice).toEqual({ messages: ['Out of stock at Thun.'], blocking: true });
  });

  it('flags a product that is gone', () => {
    expect(recheckLine(item(), null)).toEqual({
      line: null,
      notice: { messages: ['This product is no longer available.'], blocking: true },
    });
  });
});
