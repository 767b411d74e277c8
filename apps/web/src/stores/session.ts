/**
 * The session: the login response (userInfo, with the access token) and the user's own
 * details (user), persisted under the spec's keys.
 */
import { createHydratable } from './hydratable';
import type { LoginResponse, User } from '@marktgasse/shared';
import { readKey, writeKey } from './storage';

interface SessionState {
  userInfo: LoginResponse | null;
  user: User | null;
  /** The server refused the token (expired or revoked), as opposed to a sign-out: say so. */
  expired: boolean;
  login(info: LoginResponse): void;
  setUser(user: User): void;
  /** Clears userInfo, user, shippingAddress and paymentMethod (spec §4 Session). */
  logout(): void;
  /** The server refused the token: forget it. */
  expire(): void;
}

export const useSession = createHydratable<SessionState>(
  (set) => ({
    // A guest until `restoreStored()` (main.tsx) reads the stored session.
    userInfo: null,
    user: null,
    expired: false,
    login(info) {
      writeKey('userInfo', info);
      set({ userInfo: info, expired: false });
    },
    setUser(user) {
      writeKey('user', user);
      set({ user });
    },
    logout() {
      for (const key of ['userInfo', 'user', 'shippingAddress', 'paymentMethod']) writeKey(key, null);
      set({ userInfo: null, user: null, expired: false });
    },
    expire() {
      writeKey('userInfo', null);
      writeKey('user', null);
      set({ userInfo: null, user: null, expired: true });
    },
  }),
  // A server-rendered page shows a guest; the stored session follows right after hydration.
  (state) => ({ ...state, userInfo: null, user: null }),
);

export const selectRole = (s: SessionState) => s.userInfo?.status ?? s.user?.profile?.status ?? null;

/** Reads the stored session into the store (at the app's start: `restoreStored`). */
export function reloadSessionFromStorage() {
  useSession.setState({ userInfo: readKey<LoginResponse>('userInfo'), user: readKey<User>('user') });
}
