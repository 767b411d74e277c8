import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/**
 * True while a server render or the hydration of its markup runs: both must show everything at
 * once, or the page's content would be missing from the HTML and the hydration would not match.
 */
export const DeferredAtOnce = createContext(false);

/**
 * Renders its children one task after the rest of the screen (the fallback until then). A screen
 * that renders all at once keeps a phone's main thread busy for hundreds of milliseconds, and taps
 * wait; parts below the first screenful come in their own, short tasks instead, in page order.
 */
export function Deferred({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const atOnce = useContext(DeferredAtOnce);
  const [ready, setReady] = useState(atOnce);
  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => setReady(true), 0);
    return () => clearTimeout(timer);
  }, [ready]);
  return <>{ready ? children : fallback}</>;
}
