/**
 * Wallet payments (TWINT) through a payment service provider: the browser is sent to the
 * provider, the shopper approves in the TWINT app, the provider authorises; we settle when we
 * accept the order. Like orders/payments/provider.ts, a provider only moves money and reports
 * what happened; the service decides (decision 230).
 */

export interface WalletOrder {
  id: number;
  /** Items plus shipping, in Rappen. */
  totalRappen: number;
}

export interface WalletReturnUrls {
  success: string;
  cancel: string;
  error: string;
}

export interface WalletCheckout {
  transactionId: string;
  /** Where the browser goes to pay. */
  redirectUrl: string;
}

/** Datatrans' states, as far as they matter to us. */
export type WalletStatus =
  'initialized' | 'authenticated' | 'authorized' | 'settled' | 'transmitted' | 'canceled' | 'failed';

export interface WalletTransaction {
  transactionId: string;
  status: WalletStatus;
  /** Our reference sent at init: `order-<id>`. */
  refno: string;
  currency: string;
  /** What the shopper authorised, in Rappen (0 before authorisation). */
  authorizedRappen: number;
  /** What was settled, in Rappen (0 before settlement). */
  settledRappen: number;
}

export interface WalletRefundRequest {
  transactionId: string;
  orderId: number;
  amountRappen: number;
  /** The refunds row's key: sent as the idempotency key, so a retry never refunds twice. */
  key: string;
}

export interface WalletProvider {
  readonly name: 'datatrans' | 'test';
  /** Starts a TWINT payment for our total; answers where the browser goes. */
  init(order: WalletOrder, urls: WalletReturnUrls): Promise<WalletCheckout>;
  status(transactionId: string): Promise<WalletTransaction>;
  /** Takes the authorised money. Throws CONFLICT when the provider refuses, UNAVAILABLE when unreachable. */
  settle(transactionId: string, order: WalletOrder): Promise<void>;
  /** Releases an authorisation that will not be settled (nothing is charged). */
  cancel(transactionId: string): Promise<void>;
  /** Sends settled money back, all or part. Throws CONFLICT when refused (nothing refunded). */
  refund(request: WalletRefundRequest): Promise<{ reference: string }>;
}

export const walletRefno = (orderId: number) => `order-${orderId}`;
