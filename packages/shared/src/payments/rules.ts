/** Who may pay by invoice (issue 27, decision 232): the order's total and the customer's record. */

export interface InvoiceLimits {
  requireConfirmedEmail: boolean;
  minPaidOrders: number;
  maxRappen: number;
}

export interface InvoiceCustomer {
  emailConfirmed: boolean;
  paidOrders: number;
}

export type InvoiceRefusal = 'emailNotConfirmed' | 'tooFewPaidOrders' | 'aboveMaximum';

/** Why invoice is not offered for this order, or null when it is. */
export function invoiceRefusal(
  customer: InvoiceCustomer,
  totalRappen: number,
  limits: InvoiceLimits,
): InvoiceRefusal | null {
  if (limits.requireConfirmedEmail && !customer.emailConfirmed) return 'emailNotConfirmed';
  if (customer.paidOrders < limits.minPaidOrders) return 'tooFewPaidOrders';
  if (totalRappen > limits.maxRappen) return 'aboveMaximum';
  return null;
}
