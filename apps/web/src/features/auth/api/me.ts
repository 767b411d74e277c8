import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../stores/session';

export const fetchMe = () => api<User>('/api/users/me/');

/** The user's own details (GET /api/users/me/), kept in the session store as `user`. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'me'],
    queryFn: async () => {
      const user = await fetchMe();
      useSession.getState().setUser(user);
      return user;
    },
  });

export function useMe(enabled: boolean) {
  return useQuery({ ...meQueryOptions(), enabled });
}
