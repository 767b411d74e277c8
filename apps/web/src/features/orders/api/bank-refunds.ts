/**
 * Refunds of invoice orders paid by bank transfer (decisions 234, 250): cancelling with the
 * account the refund goes to, the order's bank refunds, and the account for those that wait.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerBankRefund, Order, PaymentMethods } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';

export interface RefundAccount {
  iban: string;
  accountHolder: string;
}

/** The customer cancels the whole order; an invoice paid by bank sends the refund's account. */
export function useCancelToAccount(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: RefundAccount) =>
      api<Order>(`/api/orders/${id}/cancel/`, { method: 'PUT', body: account }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}

export function useBankRefunds(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', 'bank-refunds', id],
    queryFn: () => api<{ results: CustomerBankRefund[] }>(`/api/orders/${id}/bank-refunds/`),
    enabled,
    staleTime: 0,
  });
}

export function useGiveRefundAccount(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: RefundAccount) =>
      api<{ results: CustomerBankRefund[] }>(`/api/orders/${id}/bank-refunds/account/`, {
        method: 'PUT',
        body: account,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders', 'bank-refunds', id] }),
  });
}

/** The invoice terms (grace days) for the bill's due date; the same query as the payment screen's. */
export function useInvoiceTerms(enabled: boolean) {
  return useQuery({
    queryKey: ['payments', 'methods'],
    queryFn: () => api<PaymentMethods>('/api/payments/methods/'),
    staleTime: 5 * 60_000,
    enabled,
    select: (methods) => methods.invoice,
  });
}
