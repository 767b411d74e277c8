import { conflict, forbidden } from '../../lib/errors.ts';
import {
  walletRefno,
  type WalletCheckout,
  type WalletOrder,
  type WalletProvider,
  type WalletRefundRequest,
  type WalletReturnUrls,
  type WalletTransaction,
} from './wallet-provider.ts';

/**
 * Stands in for TWINT without moving money, so the whole flow runs offline; refused in
 * production. The shopper "approves" at once: a transaction is authorised from its start, and
 * the browser goes straight back to our success page. Its books live in this process.
 */
export class TestWalletProvider implements WalletProvider {
  readonly name = 'test' as const;
  readonly transactions = new Map<string, WalletTransaction>();
  readonly refunds = new Map<string, WalletRefundRequest & { reference: string }>();

  constructor(private readonly production: boolean) {}

  private allowed(): void {
    if (this.production)
      throw forbidden('Test payments are switched off in production. Please pay with PayPal.');
  }

  private find(transactionId: string): WalletTransaction {
    const tx = this.transactions.get(transactionId);
    if (!tx) throw conflict(`TWINT does not know the payment ${transactionId}.`);
    return tx;
  }

  async init(order: WalletOrder, urls: WalletReturnUrls): Promise<WalletCheckout> {
    this.allowed();
    const transactionId = `test-twint-${order.id}-${this.transactions.size + 1}`;
    this.transactions.set(transactionId, {
      transactionId,
      status: 'authorized',
      refno: walletRefno(order.id),
      currency: 'CHF',
      authorizedRappen: order.totalRappen,
      settledRappen: 0,
    });
    return { transactionId, redirectUrl: urls.success };
  }

  async status(transactionId: string): Promise<WalletTransaction> {
    return { ...this.find(transactionId) };
  }

  async settle(transactionId: string, order: WalletOrder): Promise<void> {
    this.allowed();
    const tx = this.find(transactionId);
    if (tx.status === 'settled') return;
    if (tx.status !== 'authorized')
      throw conflict('TWINT could not take the payment. Nothing was charged; please try again.');
    tx.status = 'settled';
    tx.settledRappen = order.totalRappen;
  }

  async cancel(transactionId: string): Promise<void> {
    const tx = this.find(transactionId);
    if (tx.status !== 'settled') tx.status = 'canceled';
  }

  async refund(request: WalletRefundRequest): Promise<{ reference: string }> {
    this.allowed();
    const first = this.refunds.get(request.key);
    if (first) return { reference: first.reference };
    const tx = this.find(request.transactionId);
    const before = [...this.refunds.values()]
      .filter((r) => r.transactionId === request.transactionId)
      .reduce((sum, r) => sum + r.amountRappen, 0);
    if (before + request.amountRappen > tx.settledRappen)
      throw conflict('The payment provider refused the refund: it is more than what is left of the payment.');
    const reference = `test-twint-refund-${this.refunds.size + 1}`;
    this.refunds.set(request.key, { ...request, reference });
    return { reference };
  }
}
