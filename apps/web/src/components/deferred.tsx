import {
  createContext,
  Suspense,
  useContext,
  useEffect,
  useLayoutEffect,
  useState,
  type ReactElement,
  type ReactNode,
  type RefObject,
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
  /** Whether the page's hydration waits for this part (not for a part that waits to be seen). */
  counts: boolean;
  counted: boolean;
  in: boolean;
}

/**
 * The parts that waited for something of their own (`after`), one task after another in the order
 * their promises resolved: the cards scrolled into view together hydrate one by one, not in one
 * task.
 */
let laterQueue: Promise<void> = Promise.resolve();

/**
 * Lines up one more part behind the others (counted as waiting once it is on the page), or, with
 * `after`, behind the parts that also wait for something of their own.
 */
function lineUp(queue: Promise<void>, after?: Promise<void>): Wait {
  const next: Wait = {
    done: false,
    counts: !after,
    counted: false,
    in: false,
    // A part that waited for its own promise takes the next free task once that resolves.
    promise: after
      ? after.then(() => (laterQueue = laterQueue.then(nextTask)))
      : (hydrationQueue = queue.then(nextTask)),
  };
  void next.promise.then(() => {
    next.done = true;
  });
  return next;
}

/** A part is on the page: it waits. (A render that never reached the page counts nothing.) */
function partOnPage(wait: Wait): void {
  if (!wait.counts || wait.counted || wait.in) return;
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
 *
 * With `after` (from `useChildrenInView`), the part also waits for that promise, and the page's
 * hydration does not wait for the part (decision 335): a card far down a grid hydrates when the
 * shopper scrolls to it, not while the first screen is still busy (its links are followed by the
 * grid meanwhile, `useFollowLinksWithin`). Such a part must not hold `Deferred` or anything else
 * that reads `DeferredAtOnce`: the page may have finished hydrating when its turn comes. Its
 * `useId` values are not the server's; the markup keeps the server's, so an id may only be used
 * within the part (as a card's rating uses one).
 */
export function HydrateLater({ children, after }: { children: ReactElement; after?: Promise<void> }) {
  const [wait] = useState<Wait | null>(() => (hydrationQueue ? lineUp(hydrationQueue, after) : null));
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

/**
 * One promise per child element of `ref`'s element (by index), each resolving once that child
 * comes into the viewport (at once where the browser has no IntersectionObserver): for
 * `HydrateLater`'s `after`, so each card of a grid hydrates when the shopper scrolls to it. No
 * margin ahead: hydrating changes nothing the shopper sees, and the card's links work before it.
 * The promises exist from the first render, so parts line up behind them before the element is
 * on the page.
 */
export function useChildrenInView(ref: RefObject<Element | null>): (index: number) => Promise<void> {
  const [seen] = useState(() => {
    const waits = new Map<number, { promise: Promise<void>; resolve: () => void }>();
    const wait = (index: number) => {
      let entry = waits.get(index);
      if (!entry) {
        let resolve = () => {};
        const promise = new Promise<void>((r) => (resolve = r));
        entry = { promise, resolve };
        waits.set(index, entry);
      }
      return entry;
    };
    return { wait, get: (index: number) => wait(index).promise };
  });
  useEffect(() => {
    const children = [...(ref.current?.children ?? [])];
    if (typeof IntersectionObserver === 'undefined') {
      children.forEach((_, index) => seen.wait(index).resolve());
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        seen.wait(children.indexOf(entry.target)).resolve();
        observer.unobserve(entry.target);
      }
    });
    for (const child of children) observer.observe(child);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen.get;
}
