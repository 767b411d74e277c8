/**
 * Placement's payment method (issue 27, decisions 232 and 247): is the method offered here,
 * may this customer pay this total by invoice, and how long the order holds its stock.
 */
import {
  invoiceRefusal,
  type InvoiceCustomer,
  type InvoiceEligibility,
  type InvoiceRefusal,
  type PaymentMethod,
} from '@marktgasse/shared';
import type { Config } from '../../config/env.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { isEmailConfirmed } from '../accounts/account-emails.ts';
import { invoiceLimits, offeredMethods } from '../payments/methods.ts';
import * as repo from './placement/repo.ts';

const REFUSALS: Record<InvoiceRefusal, string> = {
  emailNotConfirmed:
    'Invoice is offered once your e-mail address is confirmed. Please choose another payment method.',
  tooFewPaidOrders:
    'Invoice is offered once you have paid earlier orders. Please choose another payment method.',
  aboveMaximum: 'This order is above the amount payable by invoice. Please choose another payment method.',
};

/** 400 when the method is not offered by this installation; 409 when invoice is refused for this order. */
export async function checkPaymentMethod(
  db: DbOrTx,
  config: Config,
  caller: Caller,
  method: PaymentMethod,
  totalRappen: number,
): Promise<void> {
  if (method === 'PayPal') return; // as before issue 27: the PayPal provider decides at payment
  if (!offeredMethods(config).methods.some((m) => m.method === method))
    throw badRequest(`${method} is not offered on this server. Please choose another payment method.`);
  if (method !== 'Invoice') return;
  const refusal = invoiceRefusal(await invoiceCustomer(db, caller), totalRappen, invoiceLimits(config));
  if (refusal) throw conflict(REFUSALS[refusal]);
}

async function invoiceCustomer(db: DbOrTx, caller: Caller): Promise<InvoiceCustomer> {
  return {
    // Confirmed by the mailed link (decision 253); with INVOICE_REQUIRE_CONFIRMED_EMAIL=false not asked.
    emailConfirmed: await isEmailConfirmed(db, caller.id),
    paidOrders: await repo.countPaidOrders(db, caller.id),
  };
}

/**
 * Whether this customer may choose the invoice on the payment screen: the same rule placement
 * applies, without the total (any total up to the maximum), so nobody fills in a whole checkout
 * to be refused at the last step.
 */
export async function invoiceEligibility(
  db: DbOrTx,
  config: Config,
  caller: Caller,
): Promise<InvoiceEligibility> {
  if (!offeredMethods(config).methods.some((m) => m.method === 'Invoice'))
    return { offered: false, refusal: null };
  const refusal = invoiceRefusal(await invoiceCustomer(db, caller), 0, invoiceLimits(config));
  return { offered: true, refusal: refusal === 'aboveMaximum' ? null : refusal };
}

/** Invoice orders hold their stock INVOICE_HOLD_DAYS while the transfer comes in; others ORDER_HOLD_MINUTES. */
export function holdMinutes(config: Config, method: PaymentMethod): number {
  return method === 'Invoice' ? config.INVOICE_HOLD_DAYS * 24 * 60 : config.ORDER_HOLD_MINUTES;
}
