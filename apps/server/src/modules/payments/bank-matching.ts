/**
 * What a bank credit means for the order its QR reference names (decision 231). Pure: the
 * service reads the order and the credits received before, and acts on the verdict.
 */
import type { BankCredit } from './camt.ts';

export type InvoiceOrderStatus = 'unpaid' | 'paid' | 'cancelled' | 'expired';

export interface InvoiceOrderState {
  orderId: number;
  /** The order's total, in Rappen. */
  totalRappen: number;
  status: InvoiceOrderStatus;
}

/**
 * The orders side, injected (the orders module implements it when invoice orders are wired in):
 * find the order a reference names, and mark it paid as a capture does (same e-mails, same
 * ledger entries). `markPaid` answers false when the order can no longer be paid (it expired
 * or was cancelled a moment ago): the credit then goes to the list of payments to return.
 */
export interface InvoiceOrders {
  findByQrReference(qrReference: string): Promise<InvoiceOrderState | null>;
  markPaid(orderId: number, payment: { amountRappen: number; bankReference: string }): Promise<boolean>;
}

export type ReturnReason = 'overpaid' | 'cancelled' | 'expired' | 'alreadyPaid' | 'currency';

export type Verdict =
  | { outcome: 'unmatched' }
  /**
   * The order is paid by this credit (with what came before); `returnRappen` is any excess,
   * `paidRappen` the order's whole amount that the credits together pay.
   */
  | {
      outcome: 'booked';
      orderId: number;
      paidRappen: number;
      returnRappen: number;
      reason: 'overpaid' | null;
    }
  | { outcome: 'underpaid'; orderId: number; stillDueRappen: number }
  | { outcome: 'toReturn'; orderId: number; reason: ReturnReason };

/**
 * `receivedRappen`: what earlier underpayments for this order brought in. Exact → booked; too
 * little → underpaid with what is still due; too much → booked, the excess returned; a credit
 * for an order that is paid, cancelled or expired, or not in CHF → returned whole.
 */
export function classifyCredit(
  credit: BankCredit,
  order: InvoiceOrderState | null,
  receivedRappen: number,
): Verdict {
  if (!order) return { outcome: 'unmatched' };
  const orderId = order.orderId;
  if (credit.currency !== 'CHF') return { outcome: 'toReturn', orderId, reason: 'currency' };
  if (order.status === 'paid') return { outcome: 'toReturn', orderId, reason: 'alreadyPaid' };
  if (order.status !== 'unpaid') return { outcome: 'toReturn', orderId, reason: order.status };
  const due = order.totalRappen - receivedRappen;
  if (credit.amountRappen < due)
    return { outcome: 'underpaid', orderId, stillDueRappen: due - credit.amountRappen };
  const excess = credit.amountRappen - due;
  return {
    outcome: 'booked',
    orderId,
    paidRappen: order.totalRappen,
    returnRappen: excess,
    reason: excess > 0 ? 'overpaid' : null,
  };
}
