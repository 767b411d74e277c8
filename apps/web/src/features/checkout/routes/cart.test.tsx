import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CartItem } from '@marktgasse/shared';
import { reloadCartFromStorage, useCart } from '../../../stores/cart';
import { useSession } from '../../../stores/session';
import { Component as Cart } from './cart';

const line = (overrides: Partial<CartItem>): CartItem => ({
  id: 1,
  brand: 'Brand',
  name: 'Product',
  image: null,
  price: '40.00',
  stocks: [],
  quantity: 1,
  seller: 'Käserei',
  sellerId: 7,
  orderType: 'online',
  productStock: 4,
  stockId: null,
  storeName: null,
  storeId: null,
  ...overrides,
});

function renderCart() {
  const router = createMemoryRouter(
    [
      { path: '/cart', element: <Cart /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/cart'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** The products as the server has them now, keyed by id. */
function serverProducts(
  products: Record<
    number,
    { price: string; countInStock: number; stocks?: { store: number; number: number }[] }
  >,
) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const id = Number(/products\/(\d+)/.exec(url)?.[1]);
      const p = products[id];
      if (!p) return new Response(JSON.stringify({ detail: 'Not found.' }), { status: 404 });
      // As the server answers: countInStock is the sum of the stock rows (one store unless given).
      const stocks = p.stocks ?? [{ store: 99, number: p.countInStock }];
      return new Response(JSON.stringify({ id, ...p, stocks }), { status: 200 });
    }),
  );
}

beforeEach(() => {
  reloadCartFromStorage();
  useSession.setState({ userInfo: null, user: null });
});
afterEach(() => vi.unstubAllGlobals());

describe('Cart', () => {
  it('shows the empty state with a disabled checkout button', () => {
    renderCart();
    expect(screen.getByText(/Your cart is empty/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Back' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Proceed To Checkout' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: 'Clear Cart' })).toBeNull();
  });

  it('groups by seller, totals, notes free shipping and sends a visitor to the login', async () => {
    serverProducts({ 1: { price: '40.00', countInStock: 4 }, 2: { price: '15.50', countInStock: 9 } });
    useCart.getState().addItem(line({ id: 1, quantity: 2 }));
    useCart
      .getState()
      .addItem(line({ id: 2, price: '15.50', sellerId: 8, seller: 'Velo AG', productStock: 9 }));
    const router = renderCart();
    expect(screen.getByRole('link', { name: 'Käserei' }).getAttribute('href')).toBe('/seller/7');
    expect(screen.getAllByTestId('seller-subtotal').map((e) => e.textContent)).toEqual([
      'CHF 80.-',
      'CHF 15.50',
    ]);
    expect(screen.getByTestId('cart-count').textContent).toBe('3');
    expect(screen.getByTestId('cart-total').textContent).toBe('CHF 95.50');
    expect(screen.getByText('Free shipping per seller from CHF 100.-')).toBeTruthy();
    // Each seller's shipping where it is decided: CHF 20 below CHF 100 from that seller.
    expect(screen.getAllByTestId('seller-shipping').map((e) => e.textContent)).toEqual([
      'Shipping: CHF 20.-',
      'Shipping: CHF 20.-',
    ]);
    expect(screen.getAllByTestId('seller-free-shipping-hint').map((e) => e.textContent)).toEqual([
      'Add CHF 20.- more from Käserei and their shipping is free.',
      'Add CHF 84.50 more from Velo AG and their shipping is free.',
    ]);
    expect(screen.getByTestId('cart-shipping').textContent).toBe('CHF 40.-');
    expect(screen.getByTestId('cart-total-with-shipping').textContent).toBe('CHF 135.50');
    expect(screen.getByRole('button', { name: 'Clear Cart' })).toBeTruthy();
    const quantity = screen.getAllByRole('combobox', { name: 'Quantity of Product' })[0] as HTMLSelectElement;
    expect([...quantity.options].map((o) => o.value)).toEqual(['1', '2', '3', '4']);
    expect(quantity.value).toBe('2');
    await userEvent.click(screen.getByRole('button', { name: 'Proceed To Checkout' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fshipping');
  });

  it('sends a logged-in customer with only pick-up items to the payment step', async () => {
    serverProducts({ 3: { price: '40.00', countInStock: 4, stocks: [{ store: 1, number: 4 }] } });
    useSession.setState({ userInfo: { access: 't' } as never });
    useCart.getState().addItem(line({ id: 3, orderType: 'inStore', storeId: 1, storeName: 'Bern' }));
    const router = renderCart();
    await waitFor(() => expect(screen.queryByText('Checking prices and stock…')).toBeNull());
    expect(screen.queryByText('Free shipping per seller from CHF 100.-')).toBeNull();
    expect(screen.queryByTestId('seller-shipping')).toBeNull();
    expect(screen.getByText('Bern')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Proceed To Checkout' }));
    expect(router.state.location.pathname).toBe('/payment');
  });

  it('shows a changed price and a vanished product on their lines', async () => {
    serverProducts({ 1: { price: '35.00', countInStock: 4 } });
    useCart.getState().addItem(line({ id: 1, name: 'Alpkäse' }));
    useCart.getState().addItem(line({ id: 2, name: 'Bergkäse' }));
    renderCart();
    await waitFor(() => expect(screen.getAllByTestId('line-notice')).toHaveLength(2));
    expect(screen.getByText('The price changed from CHF 40.- to CHF 35.-.')).toBeTruthy();
    expect(screen.getByText('This product is no longer available.')).toBeTruthy();
    expect(useCart.getState().cartItems.find((i) => i.id === 1)!.price).toBe('35.00');
    expect((screen.getByRole('button', { name: 'Proceed To Checkout' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});

describe('Cart shipping', () => {
  it('shows a seller group from CHF 100.- as shipped free, with no hint', async () => {
    serverProducts({ 1: { price: '50.00', countInStock: 4 } });
    useCart.getState().addItem(line({ id: 1, price: '50.00', quantity: 2 }));
    renderCart();
    expect(screen.getByTestId('seller-shipping').textContent).toBe('Shipping: free');
    expect(screen.queryByTestId('seller-free-shipping-hint')).toBeNull();
    expect(screen.getByTestId('cart-total-with-shipping').textContent).toBe('CHF 100.-');
  });
});
