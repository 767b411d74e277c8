import { useEffect, useState } from 'react';

/** The value, once it has stopped changing for `delay` ms (search boxes use 500 ms, spec §9). */
export function useDebouncedValue<T>(value: T, delay = 500): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** A search term switches to the result view from this many characters on (spec §5). */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_DEBOUNCE_MS = 500;
