import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_BACKGROUND_REFRESHES, ReadCache } from './read-cache.ts';

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('ReadCache', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers from memory within the lifetime, then the old value while one load refreshes it', async () => {
    const cache = new ReadCache(5_000);
    let loads = 0;
    let release = () => {};
    const load = async () => {
      loads += 1;
      if (loads > 1) await new Promise<void>((resolve) => (release = resolve));
      return loads;
    };
    expect(await cache.getOrLoad('k', load)).toBe(1);
    vi.advanceTimersByTime(4_999);
    expect(await cache.getOrLoad('k', load)).toBe(1);
    vi.advanceTimersByTime(2);
    // Expired: readers are not kept waiting while a single background load runs.
    expect(await cache.getOrLoad('k', load)).toBe(1);
    expect(await cache.getOrLoad('k', load)).toBe(1);
    expect(loads).toBe(2);
    release();
    await settle();
    expect(await cache.getOrLoad('k', load)).toBe(2);
  });

  it('runs at most a few background refreshes at once; the other stale entries are answered as they are', async () => {
    const cache = new ReadCache(5_000, 1024 * 1024, 5_000);
    const keys = Array.from({ length: MAX_BACKGROUND_REFRESHES + 3 }, (_, i) => `k${i}`);
    for (const key of keys) await cache.getOrLoad(key, async () => `${key} v1`);
    vi.advanceTimersByTime(6_000);
    const releases: (() => void)[] = [];
    let started = 0;
    const slow = (key: string) => async () => {
      started += 1;
      await new Promise<void>((resolve) => releases.push(resolve));
      return `${key} v2`;
    };
    // Every entry is in its grace period: each read answers the old value at once.
    for (const key of keys) expect(await cache.getOrLoad(key, slow(key))).toBe(`${key} v1`);
    expect(started).toBe(MAX_BACKGROUND_REFRESHES);
    // Once one refresh is done, the next stale read may start another.
    releases.shift()!();
    await settle();
    expect(await cache.getOrLoad('k0', slow('k0'))).toBe('k0 v2');
    expect(await cache.getOrLoad(keys.at(-1)!, slow(keys.at(-1)!))).toBe(`${keys.at(-1)} v1`);
    expect(started).toBe(MAX_BACKGROUND_REFRESHES + 1);
    for (const release of releases) release();
  });

  it('loads before answering when an entry is older than its lifetime plus the grace period', async () => {
    const cache = new ReadCache(5_000, 1024 * 1024, 5_000);
    let loads = 0;
    const load = async () => ++loads;
    await cache.getOrLoad('k', load);
    vi.advanceTimersByTime(10_001);
    expect(await cache.getOrLoad('k', load)).toBe(2);
  });

  it('sweeps out the entries past their grace period, so a long tail does not fill the budget', async () => {
    const cache = new ReadCache(5_000, 64 * 1024 * 1024, 5_000);
    for (let i = 0; i < 1_000; i += 1) await cache.getOrLoad(`old-${i}`, async () => 'x'.repeat(100));
    const full = cache.size;
    expect(full).toBeGreaterThan(1_000 * 100);
    vi.advanceTimersByTime(10_001);
    // The next load after a lifetime drops every entry that can no longer be answered.
    await cache.getOrLoad('new', async () => 'fresh');
    expect(cache.size).toBeLessThan(full / 500);
    let loads = 0;
    expect(await cache.getOrLoad('old-1', async () => `reloaded ${++loads}`)).toBe('reloaded 1');
  });

  it('counts the lifetime from the end of a slow load, so slow answers are kept too', async () => {
    const cache = new ReadCache(5_000);
    let loads = 0;
    const slow = async () => {
      vi.advanceTimersByTime(6_000);
      return ++loads;
    };
    expect(await cache.getOrLoad('k', slow)).toBe(1);
    vi.advanceTimersByTime(1_000);
    expect(await cache.getOrLoad('k', slow)).toBe(1);
    expect(loads).toBe(1);
  });

  it('forgets everything on a write, and never keeps a value loaded before that write', async () => {
    const cache = new ReadCache(5_000);
    expect(await cache.getOrLoad('k', async () => 'old')).toBe('old');
    cache.invalidate();
    const racing = cache.getOrLoad('k', async () => {
      cache.invalidate(); // a write lands while this load runs
      return 'read before the write';
    });
    expect(await racing).toBe('read before the write');
    expect(await cache.getOrLoad('k', async () => 'new')).toBe('new');
  });

  it('keeps answering the old value when a background refresh fails, and tries again', async () => {
    const cache = new ReadCache(5_000);
    await cache.getOrLoad('k', async () => 'first');
    vi.advanceTimersByTime(5_001);
    expect(await cache.getOrLoad('k', () => Promise.reject(new Error('database away')))).toBe('first');
    await settle();
    expect(await cache.getOrLoad('k', async () => 'second')).toBe('first');
    await settle();
    expect(await cache.getOrLoad('k', async () => 'third')).toBe('second');
  });

  it('keeps hot entries under a long tail: the least recently used go first, within the byte budget', async () => {
    const body = (n: number) => ({ body: Buffer.alloc(n, 'x') });
    // Room for about ten 10 KB answers.
    const cache = new ReadCache(60_000, 10 * (16_000 + 200));
    let hotLoads = 0;
    const hot = async () => {
      hotLoads += 1;
      return body(10_000);
    };
    await cache.getOrLoad('hot', hot);
    for (let i = 0; i < 1_000; i += 1) {
      await cache.getOrLoad(`tail:${i}`, async () => body(10_000));
      await cache.getOrLoad('hot', hot);
      expect(cache.size).toBeLessThanOrEqual(10 * (16_000 + 200));
    }
    expect(hotLoads).toBe(1);
    // The tail's oldest entries were evicted; its newest is still there.
    let reloaded = false;
    await cache.getOrLoad('tail:0', async () => ((reloaded = true), body(10)));
    expect(reloaded).toBe(true);
    let kept = true;
    await cache.getOrLoad('tail:999', async () => ((kept = false), body(10)));
    expect(kept).toBe(true);
  });

  it('answers but does not keep a value larger than the whole budget', async () => {
    const cache = new ReadCache(60_000, 1_000);
    let loads = 0;
    const big = async () => ((loads += 1), { body: Buffer.alloc(5_000) });
    await cache.getOrLoad('big', big);
    await cache.getOrLoad('big', big);
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('shares one load between concurrent misses of a key', async () => {
    const cache = new ReadCache(5_000);
    let loads = 0;
    const load = async () => {
      loads += 1;
      await settle();
      return loads;
    };
    const answers = await Promise.all([1, 2, 3].map(() => cache.getOrLoad('k', load)));
    expect(answers).toEqual([1, 1, 1]);
    expect(loads).toBe(1);
  });

  describe('with a write clock', () => {
    it('renews an expired entry without loading while nothing was written', async () => {
      let writes = 0;
      const cache = new ReadCache(5_000, 1024 * 1024, 5_000, () => writes);
      let loads = 0;
      const load = async () => (loads += 1);
      expect(await cache.getOrLoad('k', load)).toBe(1);
      // Read once a lifetime, past it each time: never loaded again.
      for (let i = 0; i < 10; i += 1) {
        vi.advanceTimersByTime(6_000);
        expect(await cache.getOrLoad('k', load)).toBe(1);
      }
      expect(loads).toBe(1);
      // A write (an order taking stock, say): the next read after the lifetime refreshes it.
      writes += 1;
      vi.advanceTimersByTime(4_000);
      expect(await cache.getOrLoad('k', load)).toBe(1);
      vi.advanceTimersByTime(1_001);
      expect(await cache.getOrLoad('k', load)).toBe(1);
      await settle();
      expect(loads).toBe(2);
      expect(await cache.getOrLoad('k', load)).toBe(2);
    });

    it('does not renew a value whose load overlapped a write', async () => {
      let writes = 0;
      const cache = new ReadCache(5_000, 1024 * 1024, 5_000, () => writes);
      let loads = 0;
      const load = async () => {
        loads += 1;
        // The write settles while the read is under way: the value may be from before it.
        writes += 1;
        await settle();
        return loads;
      };
      expect(await cache.getOrLoad('k', load)).toBe(1);
      vi.advanceTimersByTime(6_000);
      // Past its lifetime: refreshed in the background, the old value answered meanwhile.
      expect(await cache.getOrLoad('k', async () => (loads += 1))).toBe(1);
      await settle();
      expect(await cache.getOrLoad('k', async () => (loads += 1))).toBe(2);
      // That load saw no write: renewed from now on.
      vi.advanceTimersByTime(6_000);
      expect(await cache.getOrLoad('k', async () => (loads += 1))).toBe(2);
    });

    it('lets an entry nobody read for its lifetime and grace go, written or not', async () => {
      const cache = new ReadCache(5_000, 1024 * 1024, 5_000, () => 0);
      let loads = 0;
      await cache.getOrLoad('k', async () => (loads += 1));
      vi.advanceTimersByTime(10_001);
      expect(await cache.getOrLoad('k', async () => (loads += 1))).toBe(2);
    });

    it('still forgets everything at once on an invalidation', async () => {
      const cache = new ReadCache(5_000, 1024 * 1024, 5_000, () => 0);
      let loads = 0;
      await cache.getOrLoad('k', async () => (loads += 1));
      cache.invalidate();
      expect(await cache.getOrLoad('k', async () => (loads += 1))).toBe(2);
    });
  });

  describe('a value kept for readers who never wait (getLatest, the sitemaps)', () => {
    /** A load that waits for `release`, counting its calls; `fail` makes the next one throw. */
    function slowLoad() {
      const state = { loads: 0, fail: false, release: () => {} };
      const load = async () => {
        state.loads += 1;
        const n = state.loads;
        await new Promise<void>((resolve) => (state.release = resolve));
        if (state.fail) throw new Error('database gone');
        return n;
      };
      return { state, load };
    }

    /** A cache whose first load of `k` is done: it holds 1. */
    async function loadedOnce(cache: ReadCache) {
      const { state, load } = slowLoad();
      const first = cache.getLatest('k', load, 60_000);
      await settle();
      state.release();
      await first;
      return { state, load };
    }

    it('makes only the first reader wait; after a write the old value is answered while one load renews it', async () => {
      const cache = new ReadCache(5_000);
      const { state, load } = slowLoad();
      const first = Promise.all([cache.getLatest('k', load, 60_000), cache.getLatest('k', load, 60_000)]);
      await settle();
      state.release();
      expect(await first).toEqual([1, 1]);
      // Unlike the LRU's entries, it outlives a quiet spell.
      vi.advanceTimersByTime(30_000);
      expect(await cache.getLatest('k', load, 60_000)).toBe(1);
      expect(state.loads).toBe(1);

      cache.invalidate();
      expect(await cache.getLatest('k', load, 60_000)).toBe(1);
      expect(await cache.getLatest('k', load, 60_000)).toBe(1);
      expect(state.loads).toBe(2);
      state.release();
      await settle();
      expect(await cache.getLatest('k', load, 60_000)).toBe(2);
      expect(state.loads).toBe(2);
    });

    it('loads again when a write came while it loaded', async () => {
      const cache = new ReadCache(5_000);
      const { state, load } = slowLoad();
      const first = cache.getLatest('k', load, 60_000);
      await settle();
      cache.invalidate();
      state.release();
      expect(await first).toBe(1);
      // The value may be from before that write: the next read renews it.
      expect(await cache.getLatest('k', load, 60_000)).toBe(1);
      expect(state.loads).toBe(2);
    });

    it('keeps the old value when a renewal fails, and tries again on the next read', async () => {
      const cache = new ReadCache(5_000);
      const { state, load } = await loadedOnce(cache);
      cache.invalidate();
      state.fail = true;
      expect(await cache.getLatest('k', load, 60_000)).toBe(1);
      state.release();
      await settle();
      expect(await cache.getLatest('k', load, 60_000)).toBe(1);
      expect(state.loads).toBe(3);
    });

    it('after its age, renews only if the write clock moved (another process may have written)', async () => {
      let writes = 0;
      const cache = new ReadCache(5_000, 1024 * 1024, 5_000, () => writes);
      const { state, load } = await loadedOnce(cache);
      vi.advanceTimersByTime(61_000);
      expect(await cache.getLatest('k', load, 60_000)).toBe(1);
      expect(state.loads).toBe(1);
      writes += 1;
      expect(await cache.getLatest('k', load, 60_000)).toBe(1);
      expect(state.loads).toBe(2);
    });
  });
});
