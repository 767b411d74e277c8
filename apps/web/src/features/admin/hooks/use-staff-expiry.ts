/**
 * A staff token lives STAFF_TOKEN_IDLE_MINUTES after the last admin request, and each admin
 * answer renews it (server decision 205; the API client keeps the renewed one). An idle staff
 * member is signed out when the current token runs out, not at their next click, so an open
 * back office never shows data to whoever sits down at the desk later.
 */
import { useEffect } from 'react';
import { useSession } from '../../../stores/session';

/** The token's expiry (ms since epoch) from its `exp` claim, or null when it has none. */
export function tokenExpiry(token: string): number | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/')) as string;
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

export function useStaffExpiry(token: string | undefined): void {
  useEffect(() => {
    const expiry = token ? tokenExpiry(token) : null;
    if (expiry === null) return;
    // Timers longer than ~24.8 days overflow; a staff token is far shorter.
    const timer = setTimeout(() => useSession.getState().expire(), Math.max(0, expiry - Date.now()));
    return () => clearTimeout(timer);
  }, [token]);
}
