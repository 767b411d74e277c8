/**
 * A paid order's page offers the receipt and, under it, each credit note (decision 280) with
 * its number, amount and day, downloaded as PDF with the customer's bearer token.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResponse, Order } from '@marktgasse/shared';
import { useSession } from '../../../stores/session';
import { ReceiptLink } from './receipt-link';

const order = { id: 12, paidAt: '2026-11-20T11:00:00.000Z' } as Order;
const note = { number: 'C-000012-7', receipt: 'R-000012', date: '2026-11-25', amount: '12.50', vat: [] };

function serve(notes: unknown[]) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (String(url).endsWith('/credit-notes/')) return new Response(JSON.stringify(notes), { status: 200 });
    return new Response(new Blob(['%PDF']), { status: 200, headers: { 'content-type': 'application/pdf' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderLink() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ReceiptLink order={order} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useSession.setState({ userInfo: { access: 'token' } as LoginResponse, user: null });
  URL.createObjectURL = vi.fn(() => 'blob:pdf');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('ReceiptLink credit notes', () => {
  it('lists each credit note with amount and day and downloads its PDF with the token', async () => {
    const fetchMock = serve([note]);
    renderLink();
    const link = await screen.findByRole('button', { name: 'Credit note C-000012-7 (PDF)' });
    const row = link.closest('li')?.textContent ?? '';
    expect(row).toContain('12.50');
    expect(row).toContain('25.11.2026');
    await userEvent.click(link);
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/orders/12/credit-notes/7/'),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/credit-notes/7/'))!;
    expect(init?.headers).toMatchObject({ authorization: 'Bearer token' });
  });

  it('shows only the receipt while the order has no credit note', async () => {
    serve([]);
    renderLink();
    expect(screen.getByTestId('receipt-link')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('credit-notes')).toBeNull();
  });
});
