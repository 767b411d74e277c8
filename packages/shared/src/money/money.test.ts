import { describe, expect, it } from 'vitest';
import { formatCHF, formatCHFIn, parseRappen, rappenToDecimal, truncatedFrancs } from './money.ts';
import { priceInputSchema } from './schemas.ts';

describe('formatCHF', () => {
  it('shows whole amounts with ".-" and others with two decimals', () => {
    expect(formatCHF(4900)).toBe('CHF 49.-');
    expect(formatCHF(4990)).toBe('CHF 49.90');
    expect(formatCHF('49.90')).toBe('CHF 49.90');
    expect(formatCHF('49.00')).toBe('CHF 49.-');
    expect(formatCHF(5)).toBe('CHF 0.05');
  });
  it('groups thousands with the Swiss apostrophe', () => {
    expect(formatCHF(124900)).toBe('CHF 1’249.-');
    expect(formatCHF(123456789)).toBe('CHF 1’234’567.89');
    expect(formatCHF(124900, { thousands: '' })).toBe('CHF 1249.-');
  });
});

describe('wire format', () => {
  it('round-trips Rappen and decimal strings', () => {
    expect(rappenToDecimal(4990)).toBe('49.90');
    expect(rappenToDecimal(5)).toBe('0.05');
    expect(parseRappen('49.9')).toBe(4990);
    expect(parseRappen('49')).toBe(4900);
    expect(parseRappen(0.1)).toBe(10);
    expect(parseRappen('1.999')).toBeNull();
    expect(parseRappen('abc')).toBeNull();
  });
  it('reads JSON numbers that are two-decimal amounts up to floating point noise (the original client)', () => {
    expect(3 * 24.9).toBe(74.69999999999999);
    expect(parseRappen(3 * 24.9)).toBe(7470);
    expect(parseRappen(0.1 + 0.2)).toBe(30);
    expect(parseRappen(3 * 4.9)).toBe(1470);
    expect(parseRappen(-3 * 24.9)).toBe(-7470);
    expect(parseRappen(999_999_999.99)).toBe(99_999_999_999);
    // A third decimal is a different amount, not noise: refused rather than rounded.
    expect(parseRappen(74.695)).toBeNull();
    expect(parseRappen(74.6999)).toBeNull();
    expect(parseRappen(Number.NaN)).toBeNull();
    expect(parseRappen(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseRappen(1e12)).toBeNull();
  });
  it('truncates the seller list price to whole francs', () => {
    expect(truncatedFrancs('49.90')).toBe('CHF 49');
    expect(truncatedFrancs(95)).toBe('CHF 0');
    expect(truncatedFrancs('1249.95')).toBe('CHF 1’249');
    expect(truncatedFrancs('1249.95', { thousands: '\u202f' })).toBe('CHF 1\u202f249');
    expect(truncatedFrancs('1249.95', { thousands: '', bare: true })).toBe('1249');
    expect(truncatedFrancs('not money')).toBe('');
  });
});

describe('price input', () => {
  it('accepts above 0 up to 1,000,000 with two decimals', () => {
    expect(priceInputSchema.parse('19.95')).toBe(1995);
    expect(priceInputSchema.parse(1_000_000)).toBe(100_000_000);
    expect(priceInputSchema.safeParse('0').success).toBe(false);
    expect(priceInputSchema.safeParse('-1').success).toBe(false);
    expect(priceInputSchema.safeParse('1000000.01').success).toBe(false);
    expect(priceInputSchema.safeParse('1.234').success).toBe(false);
  });
  it('names the rule a refused price breaks', () => {
    const rule = (value: string) =>
      (priceInputSchema.safeParse(value).error?.issues[0] as { params?: { rule?: string } }).params?.rule;
    expect(rule('1.234')).toBe('format');
    expect(rule('0')).toBe('tooSmall');
    expect(rule('1000000.01')).toBe('tooBig');
  });
});

describe('formatCHFIn', () => {
  it('groups thousands as each language writes CHF amounts, keeping the product’s rule', () => {
    expect(formatCHFIn('de-CH', 124_900)).toBe('CHF 1’249.-');
    expect(formatCHFIn('it', '1249.50')).toBe('CHF 1’249.50');
    expect(formatCHFIn('en', 1_234_567_89)).toBe('CHF 1’234’567.89');
    expect(formatCHFIn('fr-CH', 124_950)).toBe('CHF 1\u202f249.50');
    expect(formatCHFIn('fr', 4990, { bare: true })).toBe('49.90');
  });
});
