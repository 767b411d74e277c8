import { describe, expect, it } from 'vitest';
import type { CartItem, Product } from '@marktgasse/shared';
import { t } from '../../../i18n';
import { money } from '../../../i18n/format';
import { noticeText, recheckLine, type LineNotice } from './recheck-cart';

/** The notice as an English reader sees it. */
const texts = (notice: LineNotice | null) =>
  notice?.messages.map((m) => noticeText(m, t, (a) => money(a, 'en')));

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
    expect(texts(notice)).toEqual(['The price changed from CHF 29.90 to CHF 24.50.']);
    expect(notice!.blocking).toBe(false);
  });

  it('reduces the quantity to the stock left', () => {
    const left = [
      { id: 1, number: 3, store: 11, storeName: 'Bern', city: 'Bern' },
      { id: 2, number: 2, store: 12, storeName: 'Thun', city: 'Thun' },
    ];
    const { line, notice } = recheckLine(item({ quantity: 8 }), product({ countInStock: 5, stocks: left }));
    expect(line).toMatchObject({ quantity: 5, productStock: 5 });
    expect(texts(notice)).toEqual(['Only 5 left: the quantity was reduced from 8 to 5.']);
  });

  it('checks an in-store line against its own store', () => {
    const inStore = item({ orderType: 'inStore', storeId: 12, storeName: 'Thun', quantity: 2 });
    expect(recheckLine(inStore, product()).line!.productStock).toBe(4);
    const sold = recheckLine(
      inStore,
      product({ stocks: [{ id: 2, number: 0, store: 12, storeName: 'Thun', city: 'Thun' }] }),
    );
    expect(texts(sold.notice)).toEqual(['Out of stock at Thun.']);
    expect(sold.notice!.blocking).toBe(true);
    const unnamed = recheckLine({ ...inStore, storeName: null }, product({ stocks: [] }));
    expect(texts(unnamed.notice)).toEqual(['The store no longer offers this product.']);
  });

  it('flags a product that is gone', () => {
    const gone = recheckLine(item(), null);
    expect(gone.line).toBeNull();
    expect(texts(gone.notice)).toEqual(['This product is no longer available.']);
    expect(gone.notice!.blocking).toBe(true);
  });
});
