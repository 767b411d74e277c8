/** The seller's money (issue 26): balance, statements, and the payout account on the profile. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FinanceBalance, Profile, Statement } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';

export interface StatementSummary {
  id: string;
  kind: 'month' | 'payout';
  from: string | null;
  to: string;
}

export const balanceQuery = () =>
  queryOptions({
    queryKey: ['finance', 'balance'],
    queryFn: ({ signal }) => api<FinanceBalance>('/api/finance/balance/', { signal }),
  });

export const useBalance = () => useQuery(balanceQuery());

export const useStatements = () =>
  useQuery({
    queryKey: ['finance', 'statements'],
    queryFn: ({ signal }) => api<StatementSummary[]>('/api/finance/statements/', { signal }),
  });

export const useStatement = (id: string | null) =>
  useQuery({
    queryKey: ['finance', 'statement', id],
    queryFn: ({ signal }) => api<Statement>(`/api/finance/statements/${id}/`, { signal }),
    enabled: id !== null,
  });

export const useOwnProfile = (userId: number) =>
  useQuery({
    queryKey: ['profiles', userId, 'own'],
    queryFn: ({ signal }) => api<Profile>(`/api/profiles/${userId}/`, { signal }),
  });

export interface PayoutAccount {
  iban: string;
  accountHolder: string;
}

export function useSavePayoutAccount(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PayoutAccount) =>
      api<Profile>(`/api/profiles/${userId}/`, { method: 'PATCH', body: input }),
    onSuccess: (profile) => client.setQueryData(['profiles', userId, 'own'], profile),
  });
}
