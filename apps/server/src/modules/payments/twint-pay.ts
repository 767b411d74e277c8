/**
 * TWINT for an order (decision 247): start the provider's transaction (its id kept as the
 * order's provider_order_id) and confirm it; the orders module records the payment through
 * its capture path. The built-in test provider approves at once, so `PUT /pay/` completes a
 * TWINT order offline; it refuses in production.
 */
import type { Config } from '../../config/env.ts';
import { conflict } from '../../lib/errors.ts';
import { TwintPayments, type TwintPayment } from './twint.ts';
import type { WalletCheckout, WalletProvider } from './wallet-provider.ts';

/** Where the provider sends the browser back: the order page, with the outcome (trusted for nothing). */
export function twintReturnUrls(config: Config, orderId: number) {
  const base = (config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`).replace(/\/$/, '');
  const page = (outcome: string) => `${base}/#/customer-order/${orderId}?twint=${outcome}`;
  return { success: page('success'), cancel: page('cancel'), error: page('error') };
}

export async function startTwint(
  wallet: WalletProvider,
  config: Config,
  order: { id: number; totalRappen: number },
): Promise<WalletCheckout> {
  return wallet.init(order, twintReturnUrls(config, order.id));
}

/** Confirms an unpaid order's transaction: the payment to record, or a 409 saying why not. */
export async function confirmTwint(
  wallet: WalletProvider,
  order: { id: number; totalRappen: number },
  transactionId: string,
): Promise<TwintPayment> {
  const result = await new TwintPayments(wallet).confirm(
    { ...order, state: 'unpaid', paidWith: null },
    transactionId,
  );
  if (result.outcome === 'paid') return result.payment;
  if (result.outcome === 'pending')
    throw conflict(
      `TWINT has not confirmed the payment of order ${order.id} yet. Please try again in a moment.`,
    );
  throw conflict('TWINT could not take the payment. Nothing was charged; please try again.');
}

/** Settled money for an order that can no longer take it goes back whole (decision 230). */
export async function giveBackTwint(
  wallet: WalletProvider,
  order: { id: number; totalRappen: number },
  transactionId: string,
): Promise<void> {
  await new TwintPayments(wallet).confirm({ ...order, state: 'closed', paidWith: null }, transactionId);
}
