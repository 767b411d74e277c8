import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PaymentMethods } from '@marktgasse/shared';
import { useI18n } from '../../../i18n';
import { Component as Payment } from './payment';

function renderPayment(
  methods: PaymentMethods['methods'],
  refusal: 'emailNotConfirmed' | 'tooFewPaidOrders' | null = null,
) {
  const answer: PaymentMethods = {
    currency: 'CHF',
    methods,
    invoice: methods.some((m) => m.method === 'Invoice')
      ? { holdDays: 10, graceDays: 3, requireConfirmedEmail: true, minPaidOrders: 1, maxAmount: '1000.00' }
      : null,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      String(url).includes('/api/orders/invoice-eligibility/')
        ? new Response(JSON.stringify({ offered: true, refusal }), { status: 200 })
        : new Response(JSON.stringify(answer), { status: 200 }),
    ),
  );
  const router = createMemoryRouter([{ path: '/payment', element: <Payment /> }], {
    initialEntries: ['/payment'],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the payment screen', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await useI18n.getState().setLocale('en');
  });

  it('offers TWINT and the QR-bill invoice in Swiss German, PayPal chosen by default', async () => {
    await useI18n.getState().setLocale('de-CH');
    renderPayment([
      { method: 'PayPal', provider: 'test', clientId: null },
      { method: 'TWINT', provider: 'test', clientId: null },
      { method: 'Invoice', provider: 'bank', clientId: null },
    ]);
    expect(((await screen.findByLabelText('Rechnung (QR-Rechnung)')) as HTMLInputElement).checked).toBe(
      false,
    );
    expect((screen.getByLabelText('TWINT') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('PayPal oder Kreditkarte') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/innert 7 Tagen/)).toBeTruthy();
  });

  it('shows only what the installation lists', async () => {
    renderPayment([{ method: 'PayPal', provider: 'paypal', clientId: 'abc' }]);
    expect(((await screen.findByLabelText('PayPal or Credit Card')) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText('TWINT')).toBeNull();
    expect(screen.queryByLabelText('Invoice (QR-bill)')).toBeNull();
  });

  it('keeps the invoice for a confirmed e-mail address and says how to confirm it', async () => {
    renderPayment(
      [
        { method: 'PayPal', provider: 'test', clientId: null },
        { method: 'Invoice', provider: 'bank', clientId: null },
      ],
      'emailNotConfirmed',
    );
    expect(await screen.findByTestId('invoice-needs-email')).toBeTruthy();
    expect((screen.getByLabelText('Invoice (QR-bill)') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('PayPal or Credit Card') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('link', { name: /profile page/ }).getAttribute('href')).toBe('/profile');
  });

  it('disables the invoice for a customer without a paid order and says when it comes', async () => {
    await useI18n.getState().setLocale('fr-CH');
    renderPayment(
      [
        { method: 'PayPal', provider: 'test', clientId: null },
        { method: 'Invoice', provider: 'bank', clientId: null },
      ],
      'tooFewPaidOrders',
    );
    expect((await screen.findByTestId('invoice-needs-paid-order')).textContent).toMatch(
      /commande précédente/,
    );
    expect((screen.getByLabelText('Facture (QR-facture)') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('invoice-needs-email')).toBeNull();
  });
});
