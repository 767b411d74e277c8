import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectLocale, translate } from './index';
import { money, date, time, number, oneDecimal, wholeFrancs } from './format';

const SRC = path.resolve(__dirname, '..');

function localeDirs(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name === 'locales') found.push(full);
      else localeDirs(full, found);
    }
  }
  return found;
}

describe('messages', () => {
  const dirs = localeDirs(SRC);
  it('exist for at least the shell', () => {
    expect(dirs.length).toBeGreaterThan(0);
  });
  it.each(dirs.map((d) => [path.relative(SRC, d), d]))(
    '%s has every key in all four languages, none left empty or in English',
    (_name, dir) => {
      const read = (lang: string) =>
        JSON.parse(readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as Record<string, string>;
      const en = read('en');
      for (const lang of ['de', 'fr', 'it']) {
        const other = read(lang);
        expect(Object.keys(other).sort(), `${lang} keys`).toEqual(Object.keys(en).sort());
        for (const [key, value] of Object.entries(other)) {
          expect(value.trim(), `${lang}:${key}`).not.toBe('');
          // Placeholders survive translation.
          const vars = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
          expect(vars(value), `${lang}:${key} placeholders`).toEqual(vars(en[key]!));
        }
      }
    },
  );
});

describe('locale choice and formatting', () => {
  it('follows the browser language on the first visit', () => {
    expect(detectLocale(['fr-CH', 'de'])).toBe('fr-CH');
    expect(detectLocale(['it'])).toBe('it-CH');
    expect(detectLocale(['de-DE'])).toBe('de-CH');
    expect(detectLocale(['pt-BR'])).toBe('en');
  });
  it('fills placeholders', () => {
    expect(translate({ hi: 'Seller Order # {id}' }, 'hi', { id: 7 })).toBe('Seller Order # 7');
  });
  it('formats CHF with the locale separator and the .- rule', () => {
    expect(money(124900, 'de-CH')).toBe('CHF 1’249.-');
    expect(money('1249.50', 'en')).toBe('CHF 1’249.50');
  });
  it('truncates to whole francs with the locale separator', () => {
    expect(wholeFrancs('12.90', 'en')).toBe('CHF 12');
    expect(wholeFrancs('1249.95', 'de-CH')).toBe('CHF 1’249');
    expect(wholeFrancs('1249.95', 'fr-CH')).toBe('CHF 1\u202f249');
    expect(wholeFrancs('0.95', 'en')).toBe('CHF 0');
  });
  it('writes counts and one-decimal values as ICU does for the Swiss locales', () => {
    expect(number(1249, 'de-CH')).toBe('1’249');
    expect(number(1249, 'it-CH')).toBe('1249');
    expect(number(12_345, 'it-CH')).toBe('12’345');
    expect(number(12_345, 'fr-CH')).toBe('12\u202f345');
    expect(oneDecimal(4.25, 'fr-CH')).toBe('4,3');
    expect(oneDecimal(3, 'en')).toBe('3.0');
    // Fixed expectations, not the runtime's Intl: ICU builds differ between Node versions
    // (Node 22's CLDR writes fr-CH with an apostrophe), and the shop must not change with them.
    const nnbsp = '\u202f';
    const expected = {
      'de-CH': ['1’000.0', '1’234’567.0', '1’234.6', '0.1', '1’000'],
      'fr-CH': [`1${nnbsp}000,0`, `1${nnbsp}234${nnbsp}567,0`, `1${nnbsp}234,6`, '0,1', `1${nnbsp}000`],
      'it-CH': ['1000.0', '1’234’567.0', '1234.6', '0.1', '1000'],
      en: ['1’000.0', '1’234’567.0', '1’234.6', '0.1', '1’000'],
    } as const;
    for (const [locale, [thousand, million, decimal, small, count]] of Object.entries(expected)) {
      const l = locale as keyof typeof expected;
      expect(oneDecimal(1000, l), locale).toBe(thousand);
      expect(oneDecimal(1_234_567, l), locale).toBe(million);
      expect(oneDecimal(1234.56, l), locale).toBe(decimal);
      expect(oneDecimal(0.05, l), locale).toBe(small);
      expect(number(1000, l), locale).toBe(count);
    }
  });
  it('shows dates and times in Swiss time', () => {
    expect(time('2026-07-01T10:05:00Z', 'de-CH')).toBe('12:05');
    expect(date('2026-12-31T23:30:00Z', 'de-CH')).toBe('01.01.2027');
    expect(date('2026-12-31T23:30:00Z', 'en')).toBe('01.01.2027');
    expect(time('2026-07-01T13:05:00Z', 'en')).toBe('15:05');
  });
});
