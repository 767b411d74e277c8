import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResponse } from '@marktgasse/shared';
import { useSession } from '../../../stores/session';
import { Component as CustomerOrders } from './customer-orders';
import { Component as SellerOrders } from './seller-orders';

const TOTAL = 23;

const order = (id: number) => ({
  id,
  createdAt: '2026-11-20T10:00:00.000Z',
  totalPrice: '10.00',
  totalShippingPrice: '20.00',
  totalAmount: '30.00',
  paidAt: null,
  isPaid: false,
  status: 'pending',
  paymentMethod: 'PayPal',
});
const sellerOrder = (id: number) => ({
  id,
  createdAt: '2026-11-20T10:00:00.000Z',
  totalPrice: '30.00',
  completedAt: null,
  order: { id: id + 1000, isPaid: true, paidAt: '2026-11-20T11:00:00.000Z' },
  customer: { username: 'anna', email: 'anna@example.ch', name: 'Anna Muster' },
  state: 'toDo',
  leftToDo: { send: true, pickUps: 2 },
});

/** A server with TOTAL orders, newest (highest id) first, answering pages as the API does. */
function serveOrders(make: (id: number) => object) {
  const fetchMock = vi.fn(async (url: string) => {
    const query = new URL(url, 'http://localhost').searchParams;
    const offset = Number(query.get('offset'));
    const limit = Number(query.get('limit'));
    const ids = Array.from({ length: TOTAL }, (_, i) => TOTAL - i).slice(offset, offset + limit);
    const next = offset + limit < TOTAL ? offset + limit : null;
    return new Response(JSON.stringify({ results: ids.map(make), count: TOTAL, next }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderScreen(Screen: ComponentType) {
  const router = createMemoryRouter([{ path: '*', element: <Screen /> }], { initialEntries: ['/orders'] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useSession.setState({ userInfo: { access: 'token' } as LoginResponse, user: null });
});
afterEach(() => vi.unstubAllGlobals());

describe.each([
  ['customer', CustomerOrders, order, '/api/orders/myorders/', 'Details of order'],
  ['seller', SellerOrders, sellerOrder, '/api/seller-orders/myorders/', 'Details of seller order'],
] as const)('the %s order list', (_, Screen, make, path, detailsLabel) => {
  it('shows the first page and loads the rest with Load More', async () => {
    const fetchMock = serveOrders(make);
    renderScreen(Screen);
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: new RegExp(detailsLabel) })).toHaveLength(20),
    );
    expect(screen.getByRole('link', { name: `${detailsLabel} ${TOTAL}` })).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`${path}?offset=0&limit=20`);

    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: new RegExp(detailsLabel) })).toHaveLength(TOTAL),
    );
    expect(String(fetchMock.mock.calls[1]![0])).toBe(`${path}?offset=20&limit=20`);
    expect(screen.getByRole('link', { name: `${detailsLabel} 1` })).toBeTruthy();
    // The last page is there: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });
});

describe('the seller order list by state', () => {
  it('shows each part’s state, customer and what is left, and asks the server for one state', async () => {
    const fetchMock = serveOrders(sellerOrder);
    renderScreen(SellerOrders);
    await waitFor(() => expect(screen.getAllByText('Anna Muster')).toHaveLength(20));
    expect(screen.getAllByText('Send the parcel · Hand over 2 items')).toHaveLength(20);

    await userEvent.selectOptions(screen.getByLabelText('Show'), 'To do');
    await waitFor(() =>
      expect(String(fetchMock.mock.calls.at(-1)![0])).toBe(
        '/api/seller-orders/myorders/?offset=0&limit=20&state=toDo',
      ),
    );
  });

  it('says a cancelled order is cancelled instead of "Not paid"', async () => {
    serveOrders((id) => ({
      ...order(id),
      status: 'cancelled',
      cancelledAt: '2026-11-20T12:00:00.000Z',
    }));
    renderScreen(CustomerOrders);
    await waitFor(() => expect(screen.getAllByText('Cancelled')).toHaveLength(20));
    expect(screen.queryByText('Not paid')).toBeNull();
  });
});
