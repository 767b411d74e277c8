import { useQuery } from '@tanstack/react-query';
import type { InvoiceEligibility, PaymentMethods } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';

/** What this installation offers (GET /api/payments/methods/): the payment screen shows only these. */
export function usePaymentMethods() {
  return useQuery({
    queryKey: ['payments', 'methods'],
    queryFn: () => api<PaymentMethods>('/api/payments/methods/'),
    staleTime: 5 * 60_000,
  });
}

/**
 * Why this customer cannot choose the invoice yet (decision 253 and INVOICE_MIN_PAID_ORDERS), or
 * null: the server applies placement's rule without the total. Read fresh, since the customer may
 * have just opened the confirmation link.
 */
export function useInvoiceRefusal(offered: boolean): InvoiceEligibility['refusal'] {
  const answer = useQuery({
    queryKey: ['checkout', 'invoice-eligibility'],
    queryFn: () => api<InvoiceEligibility>('/api/orders/invoice-eligibility/'),
    enabled: offered,
    staleTime: 0,
  });
  return offered ? (answer.data?.refusal ?? null) : null;
}
