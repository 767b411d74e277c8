/**
 * The cart, with the shipping address and payment method of the checkout, persisted under
 * the spec's keys (cartItems, shippingAddress, paymentMethod).
 */
import { createHydratable } from './hydratable';
import type { CartItem, ShippingAddress } from '@marktgasse/shared';
import { readKey, writeKey } from './storage';

export const DEFAULT_PAYMENT_METHOD = 'PayPal';

interface CartState {
  cartItems: CartItem[];
  shippingAddress: ShippingAddress | null;
  paymentMethod: string | null;
  /** Adding an item whose id already exists replaces that line (spec §4 Cart). */
  addItem(item: CartItem): void;
  setQuantity(id: number, quantity: number): void;
  removeItem(id: number): void;
  clear(): void;
  saveShippingAddress(address: ShippingAddress): void;
  savePaymentMethod(method: string): void;
}

function persistItems(items: CartItem[]) {
  writeKey('cartItems', items.length ? items : null);
}

export const useCart = createHydratable<CartState>(
  (set, get) => ({
    // Empty until `restoreStored()` (main.tsx) reads the stored cart.
    cartItems: [],
    shippingAddress: null,
    paymentMethod: null,
    addItem(item) {
      const existing = get().cartItems;
      const items = existing.some((i) => i.id === item.id)
        ? existing.map((i) => (i.id === item.id ? item : i))
        : [...existing, item];
      persistItems(items);
      set({ cartItems: items });
    },
    setQuantity(id, quantity) {
      const items = get().cartItems.map((i) => (i.id === id ? { ...i, quantity } : i));
      persistItems(items);
      set({ cartItems: items });
    },
    removeItem(id) {
      const items = get().cartItems.filter((i) => i.id !== id);
      persistItems(items);
      set({ cartItems: items });
    },
    clear() {
      persistItems([]);
      set({ cartItems: [] });
    },
    saveShippingAddress(address) {
      writeKey('shippingAddress', address);
      set({ shippingAddress: address });
    },
    savePaymentMethod(method) {
      writeKey('paymentMethod', method);
      set({ paymentMethod: method });
    },
  }),
  // A server-rendered page shows an empty cart; the stored one follows right after hydration.
  (state) => ({ ...state, cartItems: [], shippingAddress: null, paymentMethod: null }),
);

/** Re-read the stored keys (after logout or in another tab). */
export function reloadCartFromStorage() {
  useCart.setState({
    cartItems: readKey<CartItem[]>('cartItems') ?? [],
    shippingAddress: readKey<ShippingAddress>('shippingAddress'),
    paymentMethod: readKey<string>('paymentMethod'),
  });
}

export const selectCartCount = (s: CartState) => s.cartItems.reduce((sum, i) => sum + i.quantity, 0);
