import { describe, expect, it } from 'vitest';
import { minutesLeft } from './dates';

describe('hold time of an unpaid order', () => {
  it('counts the minutes left, rounded up, never below zero', () => {
    const now = Date.parse('2025-03-05T10:00:00Z');
    expect(minutesLeft('2025-03-05T10:27:10Z', now)).toBe(28);
    expect(minutesLeft('2025-03-05T10:00:01Z', now)).toBe(1);
    expect(minutesLeft('2025-03-05T09:59:00Z', now)).toBe(0);
    expect(minutesLeft('not a date', now)).toBe(0);
  });
});
