import { useMutation } from '@tanstack/react-query';
import type { LoginResponse, Role } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { useSession } from '../../../stores/session';
import { fetchMe } from './me';

/** Session transition of spec §4: store the login response, then fetch and store the own details. */
export async function startSession(info: LoginResponse): Promise<void> {
  queryClient.clear();
  useSession.getState().login(info);
  const me = await fetchMe();
  useSession.getState().setUser(me);
  queryClient.setQueryData(['users', 'me'], me);
}

export interface LoginVariables {
  username: string;
  password: string;
  /** The Customer/Seller tab; the server knows the account's role, so it is not sent. */
  role: Role;
}

export function useLogin() {
  return useMutation({
    mutationFn: async ({ username, password }: LoginVariables) => {
      const info = await api<LoginResponse>('/api/users/login/', {
        method: 'POST',
        body: { username, password },
        auth: false,
      });
      await startSession(info);
      return info;
    },
  });
}
