/**
 * The finance staff's money to send back (decisions 231, 234, 250): bank credits to return
 * (overpaid, or for an order that can no longer take them) and refunds to pay out by transfer.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BankRefund, PagedBankEntries, PagedBankRefunds } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';

export const usePaymentsToReturn = (offset: number, limit: number) =>
  useQuery({
    queryKey: ['admin', 'bank-entries', 'toReturn', offset, limit],
    queryFn: ({ signal }) =>
      api<PagedBankEntries>('/api/admin/bank-entries/', {
        query: { list: 'toReturn', offset, limit },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useBankRefundsToPay = (state: 'open' | 'paidOut', offset: number, limit: number) =>
  useQuery({
    queryKey: ['admin', 'bank-refunds', state, offset, limit],
    queryFn: ({ signal }) =>
      api<PagedBankRefunds>('/api/admin/bank-refunds/', { query: { state, offset, limit }, signal }),
    placeholderData: keepPreviousData,
  });

export function useMarkPaidOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<BankRefund>(`/api/admin/bank-refunds/${id}/paid-out/`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'bank-refunds'] }),
  });
}
