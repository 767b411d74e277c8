import {
  createContext,
  Suspense,
  useContext,
  useEffect,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';

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

/** The parts of a server-rendered page still to hydrate, each one task after the one before. */
let hydrationQueue: Promise<void> | null = null;

let lastPart: Promise<void> = Promise.resolve();

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The browser's start hydrates a server-rendered page with this (main.tsx): in parts. */
export function hydrateInParts(hydrate: () => void): void {
  hydrationQueue = Promise.resolve();
  try {
    hydrate();
  } finally {
    lastPart = hydrationQueue;
    hydrationQueue = null;
  }
}

/** Resolves once the parts that `HydrateLater` put off have hydrated. */
export function partsHydrated(): Promise<void> {
  return lastPart.then(nextTask);
}

interface Wait {
  promise: Promise<void>;
  done: boolean;
}

function Gate({ wait, children }: { wait: Wait | null; children: ReactElement }) {
  if (wait && !wait.done) throw wait.promise;
  return children;
}

/**
 * While the browser hydrates a server-rendered page, `children` (one element) hydrate in a task
 * of their own after the parts before them (decision 299): hydrating a whole screen at once kept
 * a phone's main thread busy for hundreds of milliseconds. Their markup stays as the server sent
 * it meanwhile (links work; a click on a button waits for the part). Preact keeps the markup of a
 * part that suspends while hydrating and hydrates it when the part resumes; the parts come in
 * page order, so the ids of `useId` are those of the server's render. Otherwise (the server, a
 * screen the browser renders itself) the children render at once.
 */
export function HydrateLater({ children }: { children: ReactElement }) {
  const [wait] = useState<Wait | null>(() => {
    if (!hydrationQueue) return null;
    const next: Wait = { done: false, promise: (hydrationQueue = hydrationQueue.then(nextTask)) };
    void next.promise.then(() => {
      next.done = true;
    });
    return next;
  });
  return (
    <Suspense fallback={null}>
      <Gate wait={wait}>{children}</Gate>
    </Suspense>
  );
}
