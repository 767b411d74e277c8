/** POST /api/admin/users/{id}/password-reset/ (support): the account is mailed a reset link; the reason goes to the audit log. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useStaffPasswordReset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: number; reason: string }) =>
      api<{ detail: string }>(`/api/admin/users/${userId}/password-reset/`, {
        method: 'POST',
        body: { reason },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
