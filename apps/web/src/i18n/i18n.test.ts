import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectLocale, translate } from './index';
import { money, date, time, number, oneDecimal } from './format';

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
  it('writes counts and one-decimal values as ICU does for the Swiss locales', () => {
    expect(number(1249, 'de-CH')).toBe('1’249');
    expect(number(1249, 'it-CH')).toBe('1249');
    expect(number(12_345, 'it-CH')).toBe('12’345');
    expect(number(12_345, 'fr-CH')).toBe('12\u202f345');
    expect(oneDecimal(4.25, 'fr-CH')).toBe('4,3');
    expect(oneDecimal(3, 'en')).toBe('3.0');
    // The same digits and separators as Intl (ICU builds differ only in the apostrophe's form).
    const plain = (s: string) => s.replace(/[’']/g, "'").replace(/[\u202f\u00a0]/g, ' ');
    const intl = { 'de-CH': 'de-CH', 'fr-CH': 'fr-CH', 'it-CH': 'it-CH', en: 'en-CH' } as const;
    for (const locale of ['de-CH', 'fr-CH', 'it-CH', 'en'] as const)
      for (const value of [
        0, 7, 999, 1000, 4321, 99_999, 123_456, 1_234_567, 0.05, 2.35, 4.45, 4.96, 1234.56,
      ]) {
        const tenths = new Intl.NumberFormat(intl[locale], {
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
        });
        expect(plain(oneDecimal(value, locale)), `${locale} ${value}`).toBe(plain(tenths.format(value)));
        if (Number.isInteger(value))
          expect(plain(number(value, locale)), `${locale} ${value}`).toBe(
            plain(new Intl.NumberFormat(intl[locale]).format(value)),
          );
      }
  });
  it('shows dates and times in Swiss time', () => {
    expect(time('2026-07-01T10:05:00Z', 'de-CH')).toBe('12:05');
    expect(date('2026-12-31T23:30:00Z', 'de-CH')).toBe('01.01.2027');
    expect(date('2026-12-31T23:30:00Z', 'en')).toBe('01.01.2027');
    expect(time('2026-07-01T13:05:00Z', 'en')).toBe('15:05');
  });
});
