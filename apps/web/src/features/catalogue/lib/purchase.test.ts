import { describe, expect, it } from 'vitest';
import type { Product } from '@marktgasse/shared';
import {
  availableFor,
  canAddToCart,
  quantityOptions,
  storeOptionText,
  storeStockText,
  toCartItem,
} from './purchase';

const product = {
  id: 5,
  brand: 'Victorinox',
  name: 'Swiss Champ',
  price: '89.00',
  description: '',
  image: '/media/p/5.webp',
  thumbnail: '/media/p/5-thumb.webp',
  category: 1,
  categoryName: 'Haushalt',
  subcategory: 2,
  subcategoryName: 'Messer',
  vatRate: 'standard',
  seller: 9,
  sellerDetails: { id: 9, name: 'Messerschmiede Bern', image: '/media/placeholder/v1/profile.svg' },
  seller_id: 9,
  username: 'messer-bern',
  rating: 4.5,
  numReviews: 2,
  countInStock: 7,
  stocks: [
    { id: 31, number: 4, store: 3, storeName: 'Bern Altstadt', city: 'Bern' },
    { id: 32, number: 3, store: 4, storeName: 'Thun', city: 'Thun' },
    { id: 33, number: 0, store: 5, storeName: 'Biel', city: 'Biel' },
  ],
  createdAt: '2025-01-01T00:00:00Z',
} satisfies Product;

describe('purchase options', () => {
  it('offers the total stock for online and the chosen store’s stock for in-store pick-up', () => {
    expect(availableFor(product, 'online', null)).toBe(7);
    expect(availableFor(product, 'inStore', 4)).toBe(3);
    expect(availableFor(product, 'inStore', 5)).toBe(0);
    expect(availableFor(product, 'inStore', null)).toBe(0);
    expect(availableFor(product, 'none', null)).toBe(0);
  });

  it('lists quantities from 0 up to what is available', () => {
    expect(quantityOptions(3)).toEqual([0, 1, 2, 3]);
    expect(quantityOptions(0)).toEqual([0]);
    expect(quantityOptions(5000)).toHaveLength(101);
  });

  it('refuses Add to Cart at quantity 0, without stock, without a store and for own products', () => {
    const base = { product, orderType: 'online' as const, storeId: null, quantity: 2, ownProduct: false };
    expect(canAddToCart(base)).toBe(true);
    expect(canAddToCart({ ...base, quantity: 0 })).toBe(false);
    expect(canAddToCart({ ...base, ownProduct: true })).toBe(false);
    expect(canAddToCart({ ...base, orderType: 'inStore' })).toBe(false);
    expect(canAddToCart({ ...base, orderType: 'inStore', storeId: 4, quantity: 4 })).toBe(false);
    expect(canAddToCart({ ...base, product: { ...product, stocks: [] } })).toBe(false);
  });

  it('builds the cart line with the store of an in-store pick-up', () => {
    const line = toCartItem(product, 'inStore', 3, 2);
    expect(line).toMatchObject({
      id: 5,
      quantity: 2,
      seller: 'Messerschmiede Bern',
      sellerId: 9,
      orderType: 'inStore',
      productStock: 4,
      stockId: 31,
      storeName: 'Bern Altstadt',
      storeId: 3,
    });
    expect(toCartItem(product, 'online', null, 1)).toMatchObject({
      productStock: 7,
      stockId: null,
      storeId: null,
    });
  });
  it('names a store’s town unless its name says it as a word of its own', () => {
    const t = (key: string, values?: Record<string, string | number>) =>
      key === 'catalogue.purchase.storeStock'
        ? `${values!.count} in stock`
        : `${values!.store} (${values!.count} in stock)`;
    const store = (storeName: string, city: string) => ({ storeName, city, number: 1200 });
    expect(storeStockText(t, 'de-CH', store('Velo Bern', 'Bern'))).toBe('1’200 in stock');
    expect(storeStockText(t, 'de-CH', store('Bernina Nähcenter', 'Bern'))).toBe('Bern · 1’200 in stock');
    expect(storeStockText(t, 'de-CH', store('Lesezeichen Yverdon-les-Bains', 'Yverdon-les-Bains'))).toBe(
      '1’200 in stock',
    );
    expect(storeOptionText(t, 'de-CH', store('Altstadt', 'Bern'))).toBe('Altstadt, Bern (1’200 in stock)');
    expect(storeOptionText(t, 'de-CH', store('Laden St. Gallen', 'St. Gallen'))).toBe(
      'Laden St. Gallen (1’200 in stock)',
    );
  });
});
