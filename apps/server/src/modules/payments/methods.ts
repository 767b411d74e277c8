/**
 * What this installation offers (decision 232): PayPal when configured, TWINT through Datatrans
 * when configured, Invoice when the platform has a QR-IBAN; outside production the built-in
 * test provider stands in for PayPal and TWINT, and a test QR-IBAN for the invoice.
 */
import { parseRappen, rappenToDecimal, type InvoiceLimits, type PaymentMethods } from '@marktgasse/shared';
import type { Config } from '../../config/env.ts';
import { platformAccount } from './qr-bill.ts';

export function datatransConfigured(config: Config): boolean {
  return Boolean(config.DATATRANS_MERCHANT_ID && config.DATATRANS_PASSWORD);
}

export function invoiceLimits(config: Config): InvoiceLimits {
  return {
    requireConfirmedEmail: config.INVOICE_REQUIRE_CONFIRMED_EMAIL === 'true',
    minPaidOrders: config.INVOICE_MIN_PAID_ORDERS,
    maxRappen: parseRappen(config.INVOICE_MAX_CHF) ?? 0,
  };
}

export function offeredMethods(config: Config): PaymentMethods {
  const testing = config.NODE_ENV !== 'production';
  const methods: PaymentMethods['methods'] = [];
  if (config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET)
    methods.push({ method: 'PayPal', provider: 'paypal', clientId: config.PAYPAL_CLIENT_ID });
  else if (testing) methods.push({ method: 'PayPal', provider: 'test', clientId: null });
  if (datatransConfigured(config)) methods.push({ method: 'TWINT', provider: 'datatrans', clientId: null });
  else if (testing) methods.push({ method: 'TWINT', provider: 'test', clientId: null });
  const invoice = platformAccount(config) !== null;
  if (invoice) methods.push({ method: 'Invoice', provider: 'bank', clientId: null });
  const limits = invoiceLimits(config);
  return {
    currency: 'CHF',
    methods,
    invoice: invoice
      ? {
          holdDays: config.INVOICE_HOLD_DAYS,
          graceDays: config.INVOICE_GRACE_DAYS,
          requireConfirmedEmail: limits.requireConfirmedEmail,
          minPaidOrders: limits.minPaidOrders,
          maxAmount: rappenToDecimal(limits.maxRappen),
        }
      : null,
  };
}
