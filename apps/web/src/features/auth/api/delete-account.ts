import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** DELETE /api/users/{id}/; the caller then logs out locally and goes home. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (userId: number) => api<void>(`/api/users/${userId}/`, { method: 'DELETE' }),
  });
}
