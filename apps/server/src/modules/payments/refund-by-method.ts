/**
 * Where a refund goes, by how the order was paid (issue 27, decision 247): PayPal (or its test
 * provider) through the payment provider, TWINT through the wallet provider, an invoice paid by
 * bank as a payout line to the IBAN the customer gives on cancellation (decision 234).
 */
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
  // Without an account, the customer's cancellation is a 400; a seller's waits for it (decision 250).
  if (payment.provider === 'bank') return to.bankRefunds.queue({ ...refund, ...bank });
  if (paymentMethod === 'TWINT')
    return to.wallet.refund({ ...refund, transactionId: payment.providerReference });
  return to.provider.refund({ ...refund, paymentReference: payment.providerReference });
}
