import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logPositionClock, statementClock } from './write-clock.ts';

/** A pool whose log position the test moves; `fail` makes the next polls fail, `hang` never answer. */
function fakePool() {
  const state = { position: '0/16B3740', fail: false, hang: false, polls: 0 };
  const pool = {
    query: vi.fn(async () => {
      state.polls += 1;
      if (state.hang) await new Promise(() => {});
      if (state.fail) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      return { rows: [{ position: state.position }] };
    }),
  };
  return { pool: pool as never, state };
}

describe('logPositionClock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stands still while the log does not move and moves when it does', async () => {
    const { pool, state } = fakePool();
    const clock = logPositionClock(pool, 1_000);
    clock.read();
    await vi.advanceTimersByTimeAsync(1_000);
    const quiet = clock.read();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(clock.read()).toBe(quiet);
    // A commit anywhere on the server: seen by the next poll.
    state.position = '0/16B3790';
    await vi.advanceTimersByTimeAsync(1_000);
    expect(clock.read()).not.toBe(quiet);
    clock.close();
  });

  it('moves on a failed poll, so nothing is renewed while the database cannot say', async () => {
    const { pool, state } = fakePool();
    const clock = logPositionClock(pool, 1_000);
    clock.read();
    await vi.advanceTimersByTimeAsync(1_000);
    const before = clock.read();
    state.fail = true;
    await vi.advanceTimersByTimeAsync(1_000);
    const during = clock.read();
    expect(during).not.toBe(before);
    state.fail = false;
    await vi.advanceTimersByTimeAsync(1_000);
    // Back with the same position: still a new value (what happened meanwhile is unknown).
    expect(clock.read()).not.toBe(during);
    clock.close();
  });

  it('asks only while it is read, and starts again from a new value', async () => {
    const { pool, state } = fakePool();
    const clock = logPositionClock(pool, 1_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(state.polls).toBe(0);
    clock.read();
    await vi.advanceTimersByTimeAsync(1_000);
    const first = clock.read();
    await vi.advanceTimersByTimeAsync(30_000);
    const polls = state.polls;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(state.polls).toBe(polls);
    expect(clock.read()).not.toBe(first);
    clock.close();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(state.polls).toBe(polls + 1);
  });

  it('asks once at a time: a poll that hangs is not joined by more, and renews nothing', async () => {
    const { pool, state } = fakePool();
    state.hang = true;
    const clock = logPositionClock(pool, 1_000);
    const first = clock.read();
    await vi.advanceTimersByTimeAsync(1_000);
    const second = clock.read();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(state.polls).toBe(1);
    // Nothing known meanwhile: the clock moves every interval, so nothing is renewed.
    expect(second).not.toBe(first);
    expect(clock.read()).not.toBe(second);
    clock.close();
  });
});

describe('statementClock', () => {
  it('is the watchdog’s count of statements that may have written', () => {
    const watchdog = { writes: 3 };
    const clock = statementClock(watchdog);
    expect(clock.read()).toBe(3);
    watchdog.writes += 1;
    expect(clock.read()).toBe(4);
  });
});
