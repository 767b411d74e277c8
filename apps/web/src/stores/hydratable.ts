/**
 * A zustand store whose hook renders a chosen "server snapshot" while React hydrates a
 * server-rendered page, and the store's state right after (docs/decisions/210). zustand's own hook
 * renders the state the store was created with there, which in the browser is the stored session
 * and cart: the server, which never sees the browser's storage, rendered a guest.
 */
import { useSyncExternalStore } from 'react';
import { createStore, type StateCreator, type StoreApi } from 'zustand/vanilla';

export type HydratableStore<S> = StoreApi<S> & (<T>(selector: (state: S) => T) => T);

/**
 * `asRendered` gives what the server rendered for a state (default: the state itself). Its result
 * is made once: React wants the same snapshot every time it asks.
 */
export function createHydratable<S>(init: StateCreator<S>, asRendered?: (state: S) => S): HydratableStore<S> {
  const api = createStore<S>()(init);
  let rendered: S | undefined;
  const serverState = () => (asRendered ? (rendered ??= asRendered(api.getState())) : api.getState());
  const useBound = <T>(selector: (state: S) => T): T =>
    useSyncExternalStore(
      api.subscribe,
      () => selector(api.getState()),
      () => selector(serverState()),
    );
  return Object.assign(useBound, api);
}
