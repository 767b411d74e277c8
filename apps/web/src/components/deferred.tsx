import {
  createContext,
  Suspense,
  useContext,
  useEffect,
  useLayoutEffect,
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

/**
 * The parts of a server-rendered page still to hydrate, each one task after the one before: set
 * while the page hydrates, from its first render until its last part is in. A part may hold parts
 * of its own (the cards of a grid); they line up behind the parts already waiting.
 */
let hydrationQueue: Promise<void> | null = null;

/** Parts lined up and not yet in. */
let waiting = 0;

/** Resolves when the last part is in; and what resolves it. */
let over: Promise<void> = Promise.resolve();
let endHydration = () => {};

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function endIfNoneWaits(): void {
  if (waiting > 0 || !hydrationQueue) return;
  hydrationQueue = null;
  endHydration();
}

/** The browser's start hydrates a server-rendered page with this (main.tsx): in parts. */
export function hydrateInParts(hydrate: () => void): void {
  over = new Promise<void>((resolve) => (endHydration = resolve));
  hydrationQueue = Promise.resolve();
  try {
    hydrate();
  } finally {
    endIfNoneWaits();
  }
}

/** Resolves once the parts that `HydrateLater` put off (and the parts they held) have hydrated. */
export function partsHydrated(): Promise<void> {
  return over.then(nextTask);
}

interface Wait {
  promise: Promise<void>;
  done: boolean;
  counted: boolean;
  in: boolean;
}

/** Lines up one more part behind the others (counted as waiting once it is on the page). */
function lineUp(queue: Promise<void>): Wait {
  const next: Wait = {
    done: false,
    counted: false,
    in: false,
    promise: (hydrationQueue = queue.then(nextTask)),
  };
  void next.promise.then(() => {
    next.done = true;
  });
  return next;
}

/** A part is on the page: it waits. (A render that never reached the page counts nothing.) */
function partOnPage(wait: Wait): void {
  if (wait.counted || wait.in) return;
  wait.counted = true;
  waiting += 1;
}

/**
 * A part is in (it rendered, or it left the page before its turn). The parts it holds line up as
 * it renders, so whether any still wait is asked a task later.
 */
function partIn(wait: Wait): void {
  if (wait.in) return;
  wait.in = true;
  if (!wait.counted) return;
  waiting -= 1;
  if (waiting === 0) void nextTask().then(endIfNoneWaits);
}

function Gate({ wait, children }: { wait: Wait | null; children: ReactElement }) {
  if (wait && !wait.done) throw wait.promise;
  // On the page (the parts it holds are, before it: effects run from the inside out).
  useLayoutEffect(() => {
    if (wait) partIn(wait);
  }, [wait]);
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
  const [wait] = useState<Wait | null>(() => (hydrationQueue ? lineUp(hydrationQueue) : null));
  useLayoutEffect(() => {
    if (!wait) return;
    partOnPage(wait);
    return () => partIn(wait);
  }, [wait]);
  return (
    <Suspense fallback={null}>
      <Gate wait={wait}>{children}</Gate>
    </Suspense>
  );
}
