/**
 * Where a refund goes, by how the order was paid (issue 27, decision 247): PayPal (or its test
 * provider) through the payment provider, TWINT through the wallet provider, an invoice paid by
 * bank as a payout line to the IBAN the customer gives on cancellation (decision 234).
 */
import { badRequest } from '../../lib/errors.ts';
import type { BankRefunds } from './bank-refunds.ts';
import type { WalletProvider } from './wallet-provider.ts';
import type { PaymentProvider } from './providers/provider.ts';

/** The customer's account for the refund of an invoice paid by bank transfer. */
export interface BankDetails {
  iban?: string | undefined;
  accountHolder?: string | undefined;
}

export interface RefundTo {
  provider: PaymentProvider;
  wallet: WalletProvider;
  bankRefunds: BankRefunds;
}

interface Payment {
  provider: string;
  providerReference: string;
}

interface RefundOrder {
  orderId: number;
  amountRappen: number;
  key: string;
}

export async function refundByMethod(
  to: RefundTo,
  paymentMethod: string,
  payment: Payment,
  refund: RefundOrder,
  bank: BankDetails = {},
): Promise<{ reference: string }> {
  if (payment.provider === 'bank') {
    if (!bank.iban || !bank.accountHolder)
      throw badRequest(
        'This order was paid by bank transfer: enter the IBAN and the account holder the refund goes to.',
      );
    return to.bankRefunds.queue({ ...refund, iban: bank.iban, accountHolder: bank.accountHolder });
  }
  if (paymentMethod === 'TWINT')
    return to.wallet.refund({ ...refund, transactionId: payment.providerReference });
  return to.provider.refund({ ...refund, paymentReference: payment.providerReference });
}
