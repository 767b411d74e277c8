/**
 * A short-lived cache for anonymous catalogue reads. Any write to the catalogue bumps a
 * generation number, which makes every earlier entry stale at once.
 *
 * Expiry only matters for writes this process did not see (another server process): an entry
 * past its lifetime but within the grace period is still answered while one background load
 * refreshes it (stale-while-revalidate), so readers never queue behind a reload; an entry
 * older than that is loaded before answering.
 */
interface Entry {
  generation: number;
  expiresAt: number;
  value: unknown;
  refreshing?: boolean;
}

export class ReadCache {
  private generation = 0;
  private readonly entries = new Map<string, Entry>();
  /** Called on every local write: tells the other server processes (lib/cache-bus.ts). */
  onInvalidate: (() => void) | null = null;

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 2_000,
    private readonly graceMs = ttlMs,
  ) {}

  async getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.generation === this.generation) {
      const now = Date.now();
      if (hit.expiresAt > now) return hit.value as T;
      if (hit.expiresAt + this.graceMs > now) {
        if (!hit.refreshing) {
          hit.refreshing = true;
          // A failed refresh keeps the old value until the grace period ends, then loads in line.
          this.load(key, load).catch(() => (hit.refreshing = false));
        }
        return hit.value as T;
      }
    }
    return this.load(key, load);
  }

  private async load<T>(key: string, load: () => Promise<T>): Promise<T> {
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      // The lifetime counts from when the value was read, not from when the load began.
      this.entries.set(key, { generation, expiresAt: Date.now() + this.ttlMs, value });
    }
    return value;
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
