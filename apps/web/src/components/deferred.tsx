import { useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children one task after the rest of the screen (the fallback until then). A screen
 * that renders all at once keeps a phone's main thread busy for hundreds of milliseconds, and taps
 * wait; parts below the first screenful come in their own, short tasks instead, in page order.
 */
export function Deferred({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => setReady(true), 0);
    return () => clearTimeout(timer);
  }, [ready]);
  return <>{ready ? children : fallback}</>;
}
