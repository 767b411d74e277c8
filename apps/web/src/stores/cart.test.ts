import { beforeEach, describe, expect, it } from 'vitest';
import type { CartItem } from '@marktgasse/shared';
import { reloadCartFromStorage, selectCartCount, useCart } from './cart';
import { useSession } from './session';

const item = (id: number, quantity = 1): CartItem => ({
  id,
  brand: 'Gruyère AOP',
  name: `Käse ${id}`,
  image: null,
  price: '12.50',
  stocks: [],
  quantity,
  seller: 'Käserei',
  sellerId: 7,
  orderType: 'online',
  productStock: 10,
  stockId: null,
  storeName: null,
  storeId: null,
});

beforeEach(() => {
  localStorage.clear();
  reloadCartFromStorage();
});

describe('cart store', () => {
  it('replaces a line whose product is already in the cart and persists under cartItems', () => {
    useCart.getState().addItem(item(1, 1));
    useCart.getState().addItem(item(1, 3));
    useCart.getState().addItem(item(2, 2));
    expect(useCart.getState().cartItems).toHaveLength(2);
    expect(selectCartCount(useCart.getState())).toBe(5);
    expect(JSON.parse(localStorage.getItem('cartItems')!)).toHaveLength(2);
  });

  it('removes the stored cart when the last line goes', () => {
    useCart.getState().addItem(item(1));
    useCart.getState().removeItem(1);
    expect(localStorage.getItem('cartItems')).toBeNull();
  });

  it('logout clears the session keys, shipping address and payment method but keeps the cart', () => {
    useCart.getState().addItem(item(1));
    useCart
      .getState()
      .saveShippingAddress({ address: 'Marktgasse 1', city: 'Bern', postalCode: '3011', country: 'Schweiz' });
    useCart.getState().savePaymentMethod('PayPal');
    localStorage.setItem('userInfo', '{"access":"x"}');
    useSession.getState().logout();
    reloadCartFromStorage();
    for (const key of ['userInfo', 'user', 'shippingAddress', 'paymentMethod'])
      expect(localStorage.getItem(key)).toBeNull();
    expect(useCart.getState().shippingAddress).toBeNull();
    expect(useCart.getState().cartItems).toHaveLength(1);
  });
});
