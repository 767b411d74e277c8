import { useMutation } from '@tanstack/react-query';
import type { LoginResponse, Role } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';
import { startSession } from './login';

export interface RegisterVariables {
  username: string;
  email: string;
  password: string;
  status: Role;
}

/** Creates the account with its profile (status from the tab) and signs in with the answer. */
export function useRegister() {
  return useMutation({
    mutationFn: async (input: RegisterVariables) => {
      const info = await api<LoginResponse>('/api/users/registration/', {
        method: 'POST',
        body: input,
        auth: false,
      });
      await startSession(info);
      return info;
    },
  });
}
