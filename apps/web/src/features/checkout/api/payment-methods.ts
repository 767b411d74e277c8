import { useQuery } from '@tanstack/react-query';
import type { PaymentMethods } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';

/** What this installation offers (GET /api/payments/methods/): the payment screen shows only these. */
export function usePaymentMethods() {
  return useQuery({
    queryKey: ['payments', 'methods'],
    queryFn: () => api<PaymentMethods>('/api/payments/methods/'),
    staleTime: 5 * 60_000,
  });
}
