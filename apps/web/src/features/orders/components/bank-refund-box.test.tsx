import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Order } from '@marktgasse/shared';
import { BankRefundBox } from './bank-refund-box';

const order = {
  id: 7,
  paymentMethod: 'Invoice',
  isPaid: true,
  status: 'partlyRefunded',
  refundedAmount: '30.00',
} as unknown as Order;

const waiting = { id: 3, amount: '30.00', awaitingAccount: true, ibanEnding: null, paidOut: false };

describe('the bank refund a seller’s cancellation left waiting', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the account and sends it once it is a valid IBAN', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT'
        ? new Response(
            JSON.stringify({ results: [{ ...waiting, awaitingAccount: false, ibanEnding: '2957' }] }),
          )
        : new Response(JSON.stringify({ results: [waiting] })),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BankRefundBox order={order} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Refund of CHF 30.-: waiting for your bank account.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('IBAN'), { target: { value: 'CH93 0076 2011 6238 5295 8' } });
    fireEvent.change(screen.getByLabelText('Account holder'), { target: { value: 'Anna Muster' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the refund to this account' }));
    expect(await screen.findByText(/This is not a valid IBAN/)).toBeTruthy();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('IBAN'), { target: { value: 'CH93 0076 2011 6238 5295 7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the refund to this account' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [url, init] = fetch.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(url).toContain('/api/orders/7/bank-refunds/account/');
    expect(JSON.parse(String(init!.body))).toEqual({
      iban: 'CH93 0076 2011 6238 5295 7',
      accountHolder: 'Anna Muster',
    });
  });

  it('shows nothing for an order paid otherwise', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <BankRefundBox order={{ ...order, paymentMethod: 'TWINT' } as Order} />
      </QueryClientProvider>,
    );
    expect(container.textContent).toBe('');
    expect(fetch).not.toHaveBeenCalled();
  });
});
