/**
 * The signed-in user's own address and password (decision 324): ask for a change of address
 * (a link goes to the new one), open that link, and change the password.
 */
import { useMutation } from '@tanstack/react-query';
import type { EmailChangeRequest, LoginResponse, PasswordChange } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { useSession } from '../../../stores/session';
import { startSession } from './login';

/** POST /api/users/me/email/ {email, password}: nothing changes until the mailed link is opened. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (input: EmailChangeRequest) =>
      api<{ detail: string }>('/api/users/me/email/', { method: 'POST', body: input }),
  });
}

/** POST /api/users/email-change/confirm/ {token}: works signed in or not (the link names the account). */
export function useConfirmEmailChange() {
  return useMutation({
    mutationFn: (token: string) =>
      api<{ email: string; emailConfirmed: boolean }>('/api/users/email-change/confirm/', {
        method: 'POST',
        body: { token },
        auth: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users', 'me'] }),
  });
}

/**
 * POST /api/users/me/password/: every session of the account ends on the server, this one too,
 * so this browser signs in again with the new password (a staff account, which needs its code,
 * is signed out instead). Answers whether the browser is still signed in.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (input: PasswordChange): Promise<{ signedIn: boolean }> => {
      const username = useSession.getState().userInfo?.username ?? '';
      await api<void>('/api/users/me/password/', { method: 'POST', body: input });
      try {
        const info = await api<LoginResponse>('/api/users/login/', {
          method: 'POST',
          body: { username, password: input.newPassword },
          auth: false,
        });
        await startSession(info);
        return { signedIn: true };
      } catch {
        useSession.getState().logout();
        return { signedIn: false };
      }
    },
  });
}
