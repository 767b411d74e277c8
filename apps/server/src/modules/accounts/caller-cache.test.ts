import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Caller } from '../../plugins/auth.ts';
import { CallerCache } from './caller-cache.ts';

/** A lookup over a mutable table of users that counts its calls and can be held mid-flight. */
function fakeLookup() {
  const rows = new Map<number, Caller>();
  let hold: Promise<void> | null = null;
  const lookup = {
    calls: 0,
    rows,
    holdNext(): () => void {
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      return release;
    },
    async findCaller(userId: number): Promise<Caller | null> {
      lookup.calls += 1;
      const row = rows.get(userId) ?? null;
      const snapshot = row && { ...row };
      if (hold) {
        const wait = hold;
        hold = null;
        await wait;
      }
      return snapshot;
    },
  };
  return lookup;
}

const user = (id: number, tokenVersion = 0): Caller => ({
  id,
  username: `user${id}`,
  email: `user${id}@example.ch`,
  isStaff: false,
  role: 'CUSTOMER',
  profileId: id,
  tokenVersion,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('CallerCache', () => {
  it('answers repeated lookups within its lifetime from memory, then asks again', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const lookup = fakeLookup();
    lookup.rows.set(1, user(1));
    const cache = new CallerCache(lookup, 2_000);
    expect(await cache.findCaller(1)).toEqual(user(1));
    expect(await cache.findCaller(1)).toEqual(user(1));
    expect(lookup.calls).toBe(1);
    vi.setSystemTime(1_000_000 + 2_001);
    lookup.rows.set(1, user(1, 5));
    expect((await cache.findCaller(1))?.tokenVersion).toBe(5);
    expect(lookup.calls).toBe(2);
  });

  it('sees a logout at once after forget, and tells the other processes', async () => {
    const lookup = fakeLookup();
    lookup.rows.set(1, user(1));
    const cache = new CallerCache(lookup, 60_000);
    const told: number[] = [];
    cache.onForget = (id) => told.push(id);
    await cache.findCaller(1);
    lookup.rows.set(1, user(1, 1));
    cache.forget(1);
    expect((await cache.findCaller(1))?.tokenVersion).toBe(1);
    expect(told).toEqual([1]);
    // A message from another process forgets here without echoing it back.
    lookup.rows.set(1, user(1, 2));
    cache.forgetHere(1);
    expect((await cache.findCaller(1))?.tokenVersion).toBe(2);
    expect(told).toEqual([1]);
  });

  it('does not keep a row read before a forget that happened while it was being read', async () => {
    const lookup = fakeLookup();
    lookup.rows.set(1, user(1));
    const cache = new CallerCache(lookup, 60_000);
    const release = lookup.holdNext();
    const inFlight = cache.findCaller(1); // reads version 0, then waits
    lookup.rows.set(1, user(1, 1));
    cache.forget(1);
    release();
    expect((await inFlight)?.tokenVersion).toBe(0);
    expect((await cache.findCaller(1))?.tokenVersion).toBe(1);
  });

  it('does not remember unknown users, and remembers nothing with a lifetime of 0', async () => {
    const lookup = fakeLookup();
    const cache = new CallerCache(lookup, 60_000);
    expect(await cache.findCaller(9)).toBeNull();
    lookup.rows.set(9, user(9));
    expect(await cache.findCaller(9)).toEqual(user(9));

    const off = new CallerCache(lookup, 0);
    const before = lookup.calls;
    await off.findCaller(9);
    await off.findCaller(9);
    expect(lookup.calls - before).toBe(2);
  });
});
