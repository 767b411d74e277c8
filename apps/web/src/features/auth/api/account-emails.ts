/**
 * The account's mailed links (decisions 253, 254, 293): confirm the address, ask for another
 * confirmation, "forgot password", set a new password with the reset link, and a new staff
 * member's first password with the invitation link.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

/** POST /api/users/email-confirmation/ {token}: works signed in or not (the link decides the account). */
export function useConfirmEmail() {
  return useMutation({
    mutationFn: (token: string) =>
      api<{ emailConfirmed: boolean }>('/api/users/email-confirmation/', {
        method: 'POST',
        body: { token },
        auth: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users', 'me'] }),
  });
}

/** POST /api/users/email-confirmation/resend/ (signed in; a few an hour). */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: () => api<{ detail: string }>('/api/users/email-confirmation/resend/', { method: 'POST' }),
  });
}

/** POST /api/users/password-reset/ with the username or the e-mail address (the same answer either way). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (login: string) =>
      api<{ detail: string }>('/api/users/password-reset/', {
        method: 'POST',
        body: login.includes('@') ? { email: login } : { username: login },
        auth: false,
      }),
  });
}

/** POST /api/users/password-reset/confirm/ {token, password}: every session of the account ends. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      api<void>('/api/users/password-reset/confirm/', { method: 'POST', body: input, auth: false }),
  });
}

/** POST /api/users/staff-invitation/accept/ {token, password}: a new staff member's first password. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      api<void>('/api/users/staff-invitation/accept/', { method: 'POST', body: input, auth: false }),
  });
}
