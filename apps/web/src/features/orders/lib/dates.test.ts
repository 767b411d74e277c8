import { describe, expect, it } from 'vitest';
import { t } from '../../../i18n';
import { holdTimeText, minutesLeft } from './dates';

describe('hold time of an unpaid order', () => {
  it('counts the minutes left, rounded up, never below zero', () => {
    const now = Date.parse('2025-03-05T10:00:00Z');
    expect(minutesLeft('2025-03-05T10:27:10Z', now)).toBe(28);
    expect(minutesLeft('2025-03-05T10:00:01Z', now)).toBe(1);
    expect(minutesLeft('2025-03-05T09:59:00Z', now)).toBe(0);
    expect(minutesLeft('not a date', now)).toBe(0);
  });

  it('says it in the plural form of the language', () => {
    expect(holdTimeText(28, t, 'en')).toBe('Reserved for 28 more minutes');
    expect(holdTimeText(1, t, 'en')).toBe('Reserved for 1 more minute');
    const keyOf = (key: string, vars?: Record<string, string | number>) => `${key}:${vars?.count}`;
    expect(holdTimeText(1, keyOf, 'de-CH')).toBe('orders.hold.one:1');
    expect(holdTimeText(0, keyOf, 'fr-CH')).toBe('orders.hold.one:0');
    expect(holdTimeText(5, keyOf, 'it-CH')).toBe('orders.hold.other:5');
  });
});
