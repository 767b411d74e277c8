import { useSyncExternalStore } from 'react';

function matches(query: string): boolean {
  return typeof window !== 'undefined' && Boolean(window.matchMedia?.(query).matches);
}

/** Whether a media query matches now; follows changes (rotating a tablet, resizing a window). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = typeof window !== 'undefined' ? window.matchMedia?.(query) : undefined;
      list?.addEventListener?.('change', onChange);
      return () => list?.removeEventListener?.('change', onChange);
    },
    () => matches(query),
    () => false,
  );
}

/** Bootstrap's md and lg breakpoints, where the home's teasers and its filter sidebar show. */
export const MEDIA_MD_UP = '(min-width: 768px)';
export const MEDIA_LG_UP = '(min-width: 992px)';

/** For code outside components (what to fetch before the first render). */
export function mediaMatches(query: string): boolean {
  return matches(query);
}
