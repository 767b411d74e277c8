/**
 * A short-lived cache for anonymous catalogue reads. Any write to the catalogue bumps a
 * generation number, which makes every earlier entry stale at once.
 */
export class ReadCache {
  private generation = 0;
  private readonly entries = new Map<string, { generation: number; expiresAt: number; value: unknown }>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 2_000,
  ) {}

  async getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.generation === this.generation && hit.expiresAt > now) return hit.value as T;
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
    this.generation += 1;
    this.entries.clear();
  }
}
