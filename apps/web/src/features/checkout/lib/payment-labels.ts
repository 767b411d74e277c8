import type { PaymentMethod } from '@marktgasse/shared';

/** The payment screen's name of each method (message keys). */
export const PAYMENT_LABELS: Record<PaymentMethod, string> = {
  PayPal: 'checkout.payment.paypal',
  TWINT: 'checkout.payment.twint',
  Invoice: 'checkout.payment.invoice',
};
