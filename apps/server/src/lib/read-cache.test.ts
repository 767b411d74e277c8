import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReadCache } from './read-cache.ts';

describe('ReadCache', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers from memory within the lifetime and loads again after it', async () => {
    const cache = new ReadCache(5_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.getOrLoad('k', load)).toBe(1);
    vi.advanceTimersByTime(4_999);
    expect(await cache.getOrLoad('k', load)).toBe(1);
    vi.advanceTimersByTime(2);
    expect(await cache.getOrLoad('k', load)).toBe(2);
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
});
