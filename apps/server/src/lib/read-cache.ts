/**
 * A short-lived cache for anonymous catalogue reads. Any write to the catalogue bumps a
 * generation number, which makes every earlier entry stale at once.
 *
 * Expiry only matters for writes this process did not see (another server process): an entry
 * past its lifetime but within the grace period is still answered while one background load
 * refreshes it (stale-while-revalidate), so readers never queue behind a reload; an entry
 * older than that is loaded before answering. At most MAX_BACKGROUND_REFRESHES run at once:
 * under a long tail every other entry read was in its grace period, and their refreshes
 * filled the database pool's queue (200 queries waiting behind 10 connections) ahead of the
 * requests being answered (decision 194). An entry read while no refresh is free is answered
 * as it is; a later read refreshes it, or it is loaded in line once its grace is over.
 *
 * Nothing written: given the database's write clock (db/write-clock.ts), an entry past its
 * lifetime is renewed instead of loaded again while the clock shows the value it showed when
 * the entry's load began: nothing was written since, here or in another process. Orders
 * change stock figures without emptying the cache (decision 113), so after any write the
 * lifetime still bounds how old a figure is; without writes, a long tail of answers no longer
 * reloads itself every lifetime (decision 195).
 *
 * Bounded by memory, not by a count that empties everything: entries live in an LRU
 * (`lru-cache`) with a byte budget (READ_CACHE_MB), so a crawler's long tail evicts the
 * least recently used entries and the hot ones stay (decision 151). Entries past their grace
 * period can never be answered again: they are swept out once per lifetime, so a long tail
 * does not keep the whole budget full of them (decision 194).
 */
import { LRUCache } from 'lru-cache';

interface Entry {
  generation: number;
  /** The write clock when the load began (0 without one). */
  writes: number;
  expiresAt: number;
  value: unknown;
  refreshing?: boolean;
}

/** Background refreshes running at once, per cache (the pool has 10 connections by default). */
export const MAX_BACKGROUND_REFRESHES = 2;

/** Map keys and bookkeeping per entry, in bytes (an estimate; the budget is what matters). */
const ENTRY_OVERHEAD = 200;

/**
 * The bytes an entry keeps alive, estimated cheaply: a rendered answer by the bytes it holds
 * (plus room for its compressed forms, made later), a buffer by its length, small values by a
 * constant, anything else by its JSON length (category trees, store lists: small and rare).
 */
export function sizeOf(value: unknown): number {
  if (ArrayBuffer.isView(value)) return value.byteLength + ENTRY_OVERHEAD;
  if (value === null || typeof value !== 'object') return ENTRY_OVERHEAD;
  // A rendered answer says what it holds (a page's body is joined only when asked for).
  const held = (value as { held?: unknown }).held;
  if (typeof held === 'number') return Math.ceil(held * 1.6) + ENTRY_OVERHEAD;
  try {
    return (JSON.stringify(value)?.length ?? 0) * 2 + ENTRY_OVERHEAD;
  } catch {
    return 64 * 1024;
  }
}

/**
 * A value of `getLatest`: the load it came from began at `generation` and `writes` (-1: none has
 * come yet).
 */
interface Latest {
  value: unknown;
  generation: number;
  writes: number;
  loadedAt: number;
  loading: Promise<unknown> | null;
}

export class ReadCache {
  private generation = 0;
  private readonly entries: LRUCache<string, Entry>;
  /** Called on every local write: tells the other server processes (lib/cache-bus.ts). */
  onInvalidate: (() => void) | null = null;

  /** `writes`: the database's write clock (WriteClock.read); without it entries just expire. */
  constructor(
    private readonly ttlMs = 5_000,
    maxBytes = 64 * 1024 * 1024,
    private readonly graceMs = ttlMs,
    private readonly writes: (() => number) | null = null,
  ) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      // An entry larger than the whole budget is answered but not kept.
      maxEntrySize: maxBytes,
      sizeCalculation: (entry) => sizeOf(entry.value),
      // Gone once its grace period is over (read below as a miss; swept by `sweep`), on the
      // same clock as `expiresAt`; a renewal (below) starts it again.
      ttl: ttlMs + graceMs,
      perf: Date,
    });
  }

  private sweptAt = Date.now();
  /** Background refreshes running now. */
  private refreshes = 0;

  /** Drops the entries past their grace period, at most once per lifetime (one pass over the LRU). */
  private sweep(now: number): void {
    if (now - this.sweptAt < this.ttlMs) return;
    this.sweptAt = now;
    this.entries.purgeStale();
  }

  /** Bytes held now (estimated), for tests and diagnostics. */
  get size(): number {
    return this.entries.calculatedSize;
  }

  async getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.generation === this.generation) {
      const now = Date.now();
      if (hit.expiresAt > now) return hit.value as T;
      if (this.writes !== null && hit.writes === this.writes() && !hit.refreshing) {
        // Nothing was written since this value was read: it is still what a load would give.
        hit.expiresAt = now + this.ttlMs;
        // Its grace starts again too. An entry nobody reads for a lifetime and its grace still
        // goes: a crawl's answers are read once, and would only fill the budget.
        this.entries.get(key, { updateAgeOnGet: true });
        return hit.value as T;
      }
      if (hit.expiresAt + this.graceMs > now) {
        if (!hit.refreshing && this.refreshes < MAX_BACKGROUND_REFRESHES) {
          hit.refreshing = true;
          this.refreshes += 1;
          // A failed refresh keeps the old value until the grace period ends, then loads in line.
          this.load(key, load).then(
            () => (this.refreshes -= 1),
            () => {
              this.refreshes -= 1;
              hit.refreshing = false;
            },
          );
        }
        return hit.value as T;
      }
    }
    return this.load(key, load);
  }

  /** Loads running now: concurrent misses of one key (and generation) share one load. */
  private readonly pending = new Map<string, { generation: number; promise: Promise<unknown> }>();

  private load<T>(key: string, load: () => Promise<T>): Promise<T> {
    const generation = this.generation;
    const running = this.pending.get(key);
    if (running && running.generation === generation) return running.promise as Promise<T>;
    const writes = this.writes?.() ?? 0;
    const promise = load().then((value) => {
      if (generation === this.generation) {
        // The lifetime counts from when the value was read, not from when the load began.
        const now = Date.now();
        this.entries.set(key, { generation, writes, expiresAt: now + this.ttlMs, value });
        this.sweep(now);
      }
      return value;
    });
    const flight = { generation, promise };
    this.pending.set(key, flight);
    const done = () => {
      if (this.pending.get(key) === flight) this.pending.delete(key);
    };
    promise.then(done, done);
    return promise;
  }

  /** Values kept outside the LRU, by key (`getLatest`). */
  private readonly latest = new Map<string, Latest>();

  /**
   * A value every reader gets at once, however long its load takes: after a write (seen here or
   * told by another process), or after `maxAgeMs` while the write clock moved (writes another
   * process made unseen), the value held is still answered while one load renews it in the
   * background. Only the first read in a process waits for the load; a failed renewal keeps the
   * old value and the next read tries again. Kept outside the LRU, so a long tail never evicts
   * it: for the few large answers that may lag a write by one load (the sitemaps, decision 339).
   */
  async getLatest<T>(key: string, load: () => Promise<T>, maxAgeMs = 60_000): Promise<T> {
    let entry = this.latest.get(key);
    if (!entry) {
      entry = { value: undefined, generation: -1, writes: 0, loadedAt: 0, loading: null };
      this.latest.set(key, entry);
    }
    const old =
      entry.generation !== this.generation ||
      (Date.now() - entry.loadedAt > maxAgeMs && (this.writes === null || this.writes() !== entry.writes));
    if (old && !entry.loading) {
      const held = entry;
      const generation = this.generation;
      const writes = this.writes?.() ?? 0;
      held.loading = load()
        .then((value) => Object.assign(held, { value, generation, writes, loadedAt: Date.now() }))
        .finally(() => (held.loading = null));
      // A renewal's failure is answered by the value held (and tried again on the next read).
      if (held.generation !== -1) held.loading.catch(() => {});
    }
    if (entry.generation === -1) await entry.loading;
    return entry.value as T;
  }

  /** Call after any write that changes what anonymous readers see. */
  invalidate(): void {
    this.forget();
    this.onInvalidate?.();
  }

  /** Another process wrote: forget, without telling anyone again. */
  forget(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
