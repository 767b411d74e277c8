import { useQuery } from '@tanstack/react-query';
import type { PaymentMethods, User } from '@marktgasse/shared';
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
 * Whether the invoice must wait for the customer's confirmed e-mail address (decision 253):
 * true only when the installation asks for one and the server says this address is not
 * confirmed yet. Read fresh, since the customer may have just opened the link.
 */
export function useInvoiceWaitsForEmail(required: boolean) {
  const me = useQuery({
    queryKey: ['checkout', 'email-confirmed'],
    queryFn: () => api<User>('/api/users/me/'),
    enabled: required,
    staleTime: 0,
  });
  return required && me.data?.emailConfirmed === false;
}
