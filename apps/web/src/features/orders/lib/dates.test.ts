import { describe, expect, it } from 'vitest';
import { holdTimeText, minutesLeft, swissDate, swissTime } from './dates';

describe('Swiss dates', () => {
  it('shows dates and times in Zurich time, summer and winter', () => {
    expect(swissDate('2025-03-05T23:30:00.000Z')).toBe('2025-03-06');
    expect(swissTime('2025-03-05T23:30:00.000Z')).toBe('00:30');
    expect(swissTime('2025-07-01T10:05:00.000Z')).toBe('12:05');
    expect(swissDate(null)).toBe('');
  });

  it('counts the hold time in whole minutes, rounded up', () => {
    const now = Date.parse('2025-03-05T10:00:00Z');
    expect(minutesLeft('2025-03-05T10:27:10Z', now)).toBe(28);
    expect(minutesLeft('2025-03-05T09:59:00Z', now)).toBe(0);
    expect(holdTimeText(28)).toBe('Reserved for 28 more minutes');
    expect(holdTimeText(1)).toBe('Reserved for 1 more minute');
  });
});
