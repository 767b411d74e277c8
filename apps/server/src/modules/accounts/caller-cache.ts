/**
 * Who the caller of a request is, remembered for a moment. Every authenticated request
 * needs its user row (role, token version); a customer's page load or checkout sends several
 * in a row, and each lookup is a database round trip that costs more than the rest of a light
 * request. Entries live CALLER_CACHE_MS (2 s by default; 0 turns the cache off).
 *
 * Revocation stays immediate where it matters: a logout, a new profile or a deleted account
 * forgets the user in this process at once (`forget`, called after the change is committed)
 * and, with REDIS_URL, in every other process through the cache bus. Only another process
 * without Redis can still accept a revoked token, for at most one lifetime
 * (docs/decisions/116).
 */
import type { Caller, CallerLookup } from '../../plugins/auth.ts';

/** Beyond this many remembered callers the oldest go first. */
const MAX_ENTRIES = 50_000;

export class CallerCache implements CallerLookup {
  private readonly entries = new Map<number, { caller: Caller; until: number }>();
  /** Counts forgets: a lookup that started before one may have read the old row, so it is not kept. */
  private epoch = 0;
  /** Called with each user id forgotten through `forget` (the cache bus tells the other processes). */
  onForget: ((userId: number) => void) | null = null;

  constructor(
    private readonly lookup: CallerLookup,
    private readonly ttlMs: number,
  ) {}

  async findCaller(userId: number): Promise<Caller | null> {
    const now = Date.now();
    const hit = this.entries.get(userId);
    if (hit && hit.until > now) return hit.caller;
    const epoch = this.epoch;
    const caller = await this.lookup.findCaller(userId);
    // Unknown and deleted users are not remembered: a token for them is refused anyway.
    if (caller && this.ttlMs > 0 && epoch === this.epoch) {
      this.entries.delete(userId);
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(userId, { caller, until: Date.now() + this.ttlMs });
    }
    return caller;
  }

  /** The user's row changed (committed): look it up again next time, here and in the other processes. */
  forget(userId: number): void {
    this.forgetHere(userId);
    this.onForget?.(userId);
  }

  /** Another process changed the user. */
  forgetHere(userId: number): void {
    this.epoch += 1;
    this.entries.delete(userId);
  }
}
