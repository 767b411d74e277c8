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

/** A search box's term: the input once it rests for 500 ms, trimmed; '' while it is too short. */
export function useSearchTerm(input: string): string {
  const debounced = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  return debounced.length >= SEARCH_MIN_CHARS ? debounced : '';
}
