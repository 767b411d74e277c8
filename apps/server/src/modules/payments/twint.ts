/**
 * One path for every signal about a TWINT payment (decision 230): the webhook, the browser's
 * return and the status poll all call `confirm`, which reads the transaction from the provider
 * and settles it only for an order that can still be paid. A second signal changes nothing:
 * settlement carries an idempotency key and the orders side marks an order paid once.
 */
import type { Config } from '../../config/env.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { DatatransProvider } from './datatrans.ts';
import { datatransConfigured } from './methods.ts';
import { TestWalletProvider } from './test-wallet-provider.ts';
import {
  walletRefno,
  type WalletOrder,
  type WalletProvider,
  type WalletTransaction,
} from './wallet-provider.ts';

export interface TwintOrder extends WalletOrder {
  /** unpaid: may be paid; paid: paid already (by `paidWith`); closed: expired or cancelled. */
  state: 'unpaid' | 'paid' | 'closed';
  /** The transaction that paid the order, when it is paid. */
  paidWith: string | null;
}

export interface TwintPayment {
  provider: 'datatrans' | 'test';
  /** The provider's transaction id. */
  reference: string;
  amountRappen: number;
  currency: 'CHF';
}

export type ConfirmOutcome =
  /** Settled now or before: the orders side marks the order paid (once). */
  | { outcome: 'paid'; payment: TwintPayment }
  /** The order was paid by this transaction already: nothing to do. */
  | { outcome: 'alreadyPaid' }
  /** The shopper has not approved yet (a poll asks again later). */
  | { outcome: 'pending' }
  /** Declined, cancelled, or authorised but not settleable: nothing charged, the shopper may retry. */
  | { outcome: 'failed' }
  /** The order cannot take it (expired, cancelled, paid otherwise): authorisation released. */
  | { outcome: 'released' }
  /** …or, settled already, credited back in full. */
  | { outcome: 'refunded'; reference: string };

export function createWalletProvider(config: Config): WalletProvider {
  if (datatransConfigured(config))
    return new DatatransProvider({
      merchantId: config.DATATRANS_MERCHANT_ID!,
      password: config.DATATRANS_PASSWORD!,
      apiUrl: config.DATATRANS_API_URL,
      payUrl: config.DATATRANS_PAY_URL,
    });
  return new TestWalletProvider(config.NODE_ENV === 'production');
}

export class TwintPayments {
  constructor(readonly provider: WalletProvider) {}

  async confirm(order: TwintOrder, transactionId: string): Promise<ConfirmOutcome> {
    const tx = await this.provider.status(transactionId);
    if (tx.refno !== walletRefno(order.id))
      throw conflict(`TWINT payment ${transactionId} does not belong to order ${order.id}.`);
    if (order.state === 'paid' && order.paidWith === transactionId) return { outcome: 'alreadyPaid' };
    const payable = order.state === 'unpaid';
    switch (tx.status) {
      case 'initialized':
      case 'authenticated':
        return { outcome: 'pending' };
      case 'canceled':
      case 'failed':
        return { outcome: 'failed' };
      case 'authorized':
        return payable ? this.settle(order, tx) : this.release(transactionId);
      case 'settled':
      case 'transmitted':
        if (!payable) return this.giveBack(order, tx);
        return { outcome: 'paid', payment: this.checked(order, tx, tx.settledRappen) };
    }
  }

  private async settle(order: TwintOrder, tx: WalletTransaction): Promise<ConfirmOutcome> {
    if (tx.currency !== 'CHF' || tx.authorizedRappen !== order.totalRappen) {
      await this.provider.cancel(tx.transactionId);
      throw conflict(
        `TWINT authorised a different amount than the order total of order ${order.id}. Nothing was charged.`,
      );
    }
    try {
      await this.provider.settle(tx.transactionId, order);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'CONFLICT') throw error;
      // Refused by the acquirer: release the authorisation, so nothing stays reserved.
      await this.provider.cancel(tx.transactionId).catch(() => undefined);
      return { outcome: 'failed' };
    }
    return { outcome: 'paid', payment: this.checked(order, tx, order.totalRappen) };
  }

  private async release(transactionId: string): Promise<ConfirmOutcome> {
    await this.provider.cancel(transactionId);
    return { outcome: 'released' };
  }

  /** Money taken for an order that cannot have it goes back whole, as for PayPal (decision 155). */
  private async giveBack(order: TwintOrder, tx: WalletTransaction): Promise<ConfirmOutcome> {
    const refund = await this.provider.refund({
      transactionId: tx.transactionId,
      orderId: order.id,
      amountRappen: tx.settledRappen,
      key: `refused-${order.id}-${tx.transactionId}`,
    });
    return { outcome: 'refunded', reference: refund.reference };
  }

  private checked(order: TwintOrder, tx: WalletTransaction, amountRappen: number): TwintPayment {
    if (tx.currency !== 'CHF' || amountRappen !== order.totalRappen)
      throw conflict(
        `TWINT took a different amount than the order total of order ${order.id}. The order is not marked as paid.`,
      );
    return { provider: this.provider.name, reference: tx.transactionId, amountRappen, currency: 'CHF' };
  }
}
