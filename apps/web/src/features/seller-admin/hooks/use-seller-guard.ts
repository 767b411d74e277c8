import { useLocation } from 'react-router';
import { loginFor } from '../../../config/paths';
import { selectRole, useSession } from '../../../stores/session';

/** Seller pages: returns where to send anyone who is not a signed-in seller, or null for a seller. */
export function useSellerRedirect(): string | null {
  const role = useSession(selectRole);
  const signedIn = useSession((s) => Boolean(s.userInfo));
  const location = useLocation();
  if (signedIn && role === 'STORE_OWNER') return null;
  return loginFor(location.pathname + location.search);
}
