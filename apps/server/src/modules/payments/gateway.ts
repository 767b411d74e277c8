/**
 * The one service through which the orders module reaches money (issue 30, decision 263): the
 * card/PayPal provider, TWINT's wallet provider and the bank refunds of invoices. Providers only
 * move money and report what happened; the orders module decides what an order may do.
 */
import type { PaymentConfig } from '@marktgasse/shared';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { BankRefunds } from './bank-refunds.ts';
import * as repo from './repo.ts';
import { createPaymentProvider } from './providers/create-provider.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { refundByMethod, type BankDetails } from './refund-by-method.ts';
import { createWalletProvider, type TwintPayment } from './twint.ts';
import { confirmTwint, giveBackTwint, startTwint } from './twint-pay.ts';
import type { WalletCheckout, WalletProvider } from './wallet-provider.ts';

interface Payment {
  provider: string;
  providerReference: string;
}

interface GatewayOrder {
  id: number;
  totalRappen: number;
}

export class PaymentGateway {
  readonly provider: PaymentProvider;
  /** TWINT's provider (Datatrans, or the built-in test provider; decisions 230, 247). */
  readonly wallet: WalletProvider;
  private readonly bankRefunds: BankRefunds;

  constructor(
    private readonly config: Config,
    private readonly db: Db,
  ) {
    this.provider = createPaymentProvider(config);
    this.wallet = createWalletProvider(config);
    this.bankRefunds = new BankRefunds(db);
  }

  paymentConfig(): PaymentConfig {
    return { provider: this.provider.name, clientId: this.provider.clientId, currency: 'CHF' };
  }

  /**
   * Sends a refund back the way the payment came (decision 247); the provider's reference.
   * Bank money goes to the account `bank` names, or with 'payer' to the account the transfer
   * came from (decision 263): a seller or staff member refunding cannot know the customer's.
   */
  async refund(
    paymentMethod: string,
    payment: Payment,
    refund: { orderId: number; amountRappen: number; key: string },
    bank?: BankDetails | 'payer',
  ): Promise<{ reference: string }> {
    const to = { provider: this.provider, wallet: this.wallet, bankRefunds: this.bankRefunds };
    const account = bank === 'payer' ? await this.payerAccount(payment) : bank;
    return refundByMethod(to, paymentMethod, payment, refund, account);
  }

  /** The account a bank transfer came from, when the bank's file named it and its holder. */
  private async payerAccount(payment: Payment): Promise<BankDetails | undefined> {
    if (payment.provider !== 'bank') return undefined;
    const entry = await repo.findEntry(this.db, payment.providerReference);
    if (!entry?.debtorIban || !entry.debtorName) return undefined;
    return { iban: entry.debtorIban, accountHolder: entry.debtorName };
  }

  startTwint(order: GatewayOrder): Promise<WalletCheckout> {
    return startTwint(this.wallet, this.config, order);
  }

  confirmTwint(order: GatewayOrder, transactionId: string): Promise<TwintPayment> {
    return confirmTwint(this.wallet, order, transactionId);
  }

  giveBackTwint(order: GatewayOrder, transactionId: string): Promise<void> {
    return giveBackTwint(this.wallet, order, transactionId);
  }
}
