import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { reloadCartFromStorage } from '../../../stores/cart';
import { useSession } from '../../../stores/session';

/** Revokes the token on the server, clears the stored session keys and cached data, goes home. */
export function useLogout() {
  const navigate = useNavigate();
  return async () => {
    const hadToken = Boolean(useSession.getState().userInfo);
    if (hadToken) await api('/api/users/logout/', { method: 'POST' }).catch(() => undefined);
    useSession.getState().logout();
    reloadCartFromStorage();
    queryClient.clear();
    navigate('/');
  };
}
