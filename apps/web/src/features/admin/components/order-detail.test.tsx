/**
 * The staff order detail offers support a password reset e-mail for the order's customer
 * (decision 254); staff without support do not see it (the server refuses them anyway).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginResponse } from '@marktgasse/shared';
import { useSession } from '../../../stores/session';
import { OrderDetail } from './order-detail';

const detail = {
  id: 12,
  customer: 'anna',
  customer_id: 41,
  customer_email: 'anna@example.ch',
  sellers: ['Velo Muster'],
  status: 'paid',
  totalPrice: '30.00',
  refunded: '0.00',
  createdAt: '2026-11-20T10:00:00.000Z',
  seller_orders: [],
  payments: [],
  refunds: [],
  stock_holds: [],
};

function serve() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST')
      return new Response(JSON.stringify({ detail: 'Reset e-mail sent.' }), { status: 200 });
    if (String(url).includes('/api/admin/orders/12/'))
      return new Response(JSON.stringify(detail), { status: 200 });
    return new Response(JSON.stringify({ detail: 'Not found.' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderDetail(permissions: string[]) {
  useSession.setState({
    userInfo: { access: 'token', is_staff: true, permissions } as unknown as LoginResponse,
    user: null,
  });
  const router = createMemoryRouter([{ path: '/admin/orders/:id', element: <OrderDetail /> }], {
    initialEntries: ['/admin/orders/12'],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('OrderDetail password reset', () => {
  it('lets support send the customer a reset e-mail with a reason', async () => {
    const fetchMock = serve();
    renderDetail(['support']);
    await userEvent.type(await screen.findByLabelText('Reason'), 'Customer called, lost access');
    await userEvent.click(screen.getByRole('button', { name: 'Send password reset e-mail' }));
    expect(await screen.findByText('Reset e-mail sent.')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toContain('/api/admin/users/41/password-reset/');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reason: 'Customer called, lost access' });
  });

  it('does not offer it to staff without support', async () => {
    serve();
    renderDetail(['finance']);
    await screen.findByText(/anna@example\.ch/);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Send password reset e-mail' })).toBeNull(),
    );
  });
});
