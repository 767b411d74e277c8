import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@marktgasse/shared';
import { LiveRegion } from '../../../components/announcer';
import { HoldWarning } from './hold-warning';

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const order = (expiresAt: string) =>
  ({ id: 7, expiresAt, isPaid: false, status: 'pending' }) as unknown as Order;

function show(minutesLeft: number) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LiveRegion />
      <p data-testid="hold-time">Reserved</p>
      <HoldWarning order={order(inMinutes(minutesLeft))} minutesLeft={minutesLeft} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('HoldWarning', () => {
  it('stays away while more than five minutes are left', () => {
    show(12);
    expect(screen.queryByTestId('hold-warning')).toBeNull();
  });

  it('warns in the live region and keeps the order through PUT /extend/', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(order(inMinutes(30))), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    show(4);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Your order is reserved for only 4 more minutes. Pay now, or keep it for longer.',
      ),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Keep my order' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/orders\/7\/extend\/$/);
    expect(init.method).toBe('PUT');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toMatch(/^Your order is now reserved until /),
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('hold-time')));
  });

  it('shows and announces a refusal, keeping focus on the button', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ detail: 'This order cannot be held any longer.' }), { status: 409 }),
      ),
    );
    show(2);
    const button = screen.getByRole('button', { name: 'Keep my order' });
    await userEvent.setup().click(button);
    expect((await screen.findByRole('alert')).textContent).toBe('This order cannot be held any longer.');
    expect(document.activeElement).toBe(button);
  });
});
