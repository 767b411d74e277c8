import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Order } from '@marktgasse/shared';
import { useI18n } from '../../../i18n';
import { CancelOrderBox } from './cancel-order';

const invoicePaid = {
  id: 42,
  paymentMethod: 'Invoice',
  isPaid: true,
  status: 'paid',
  totalAmount: '69.90',
  refundedAmount: '0.00',
  sellerOrder: [],
} as unknown as Order;

function renderBox(order: Order) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(order), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CancelOrderBox order={order} />
    </QueryClientProvider>,
  );
  return fetch;
}

describe('cancelling an invoice paid by bank transfer', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await useI18n.getState().setLocale('en');
  });

  it('asks for the IBAN and holder, refuses a QR-IBAN in the browser, then sends the account', async () => {
    await useI18n.getState().setLocale('de-CH');
    const fetch = renderBox(invoicePaid);
    fireEvent.click(screen.getByRole('button', { name: 'Bestellung stornieren' }));
    const iban = await screen.findByLabelText('IBAN');
    fireEvent.change(iban, { target: { value: 'CH44 3199 9123 0008 8901 2' } });
    fireEvent.change(screen.getByLabelText('Kontoinhaber/in'), { target: { value: 'Anna Muster' } });
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bestellung stornieren' }));
    expect(await screen.findByText(/QR-IBAN, die nur Zahlungen/)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.change(iban, { target: { value: 'ch93 0076 2011 6238 5295 7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bestellung stornieren' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/orders/42/cancel/');
    expect(JSON.parse(String(init.body))).toEqual({
      iban: 'ch93 0076 2011 6238 5295 7',
      accountHolder: 'Anna Muster',
    });
  });

  it('keeps the plain confirmation for an unpaid invoice', async () => {
    renderBox({ ...invoicePaid, isPaid: false, status: 'pending' } as Order);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText(/Nothing has been charged/)).toBeTruthy();
    expect(screen.queryByLabelText('IBAN')).toBeNull();
  });
});
