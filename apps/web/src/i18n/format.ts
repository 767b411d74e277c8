/**
 * Numbers, dates and times for the chosen locale, always in Swiss time (Europe/Zurich).
 * CHF keeps the product's rule (whole amounts 'CHF 49.-') with the locale's thousands separator.
 */
import { chfGrouping, formatCHFIn, truncatedFrancs } from '@marktgasse/shared';
import { useI18n, useLocale, type Locale } from './index';

const TIME_ZONE = 'Europe/Zurich';

// Swiss usage (1’249); ICU builds differ between the apostrophe and its typographic form. Money
// takes its grouping from @marktgasse/shared (formatCHFIn), the same for e-mails and documents.
const GROUP: Record<Locale, string> = { 'de-CH': '’', 'it-CH': '’', 'fr-CH': '\u202f', en: '’' };
// English is shown as Swiss English: 22.11.2026, 24-hour times, 1’249.
const INTL: Record<Locale, string> = { 'de-CH': 'de-CH', 'fr-CH': 'fr-CH', 'it-CH': 'it-CH', en: 'en-CH' };

// Decimal separator and the smallest number that gets a group separator (Italian writes 1234, 12’345).
const DECIMAL: Record<Locale, string> = { 'de-CH': '.', 'it-CH': '.', 'fr-CH': ',', en: '.' };
const GROUPING_FROM: Record<Locale, number> = { 'de-CH': 1000, 'it-CH': 10_000, 'fr-CH': 1000, en: 1000 };

/**
 * Numbers are written by hand, like the money amounts, instead of with Intl.NumberFormat: creating
 * the first NumberFormat of a page loads the locale's data, some 30 ms of a render on a fast
 * desktop and four times that on a phone. The output is the same as ICU's for these locales.
 */
function formatNumber(value: number, locale: Locale, decimals: 0 | 1): string {
  const scaled = Math.round(Math.abs(value) * 10 ** decimals);
  const whole = String(Math.floor(scaled / 10 ** decimals));
  const grouped =
    Number(whole) >= GROUPING_FROM[locale] ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP[locale]) : whole;
  const fraction = decimals ? `${DECIMAL[locale]}${scaled % 10}` : '';
  return `${value < 0 && scaled > 0 ? '-' : ''}${grouped}${fraction}`;
}

// Building an Intl formatter costs far more than using one; dates use one per locale and pattern.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = dateFormats.get(key);
  if (!formatter)
    dateFormats.set(
      key,
      (formatter = new Intl.DateTimeFormat(INTL[locale], { timeZone: TIME_ZONE, ...options })),
    );
  return formatter;
}

export function money(amount: number | string, locale: Locale = useI18n.getState().locale): string {
  return formatCHFIn(locale, amount);
}

/** A price truncated to whole francs (the seller's product list: 'CHF 1’249' for 1249.95). */
export function wholeFrancs(amount: number | string, locale: Locale = useI18n.getState().locale): string {
  return truncatedFrancs(amount, { thousands: chfGrouping(locale) });
}

export function date(iso: string | null | undefined, locale: Locale = useI18n.getState().locale): string {
  if (!iso) return '';
  return dateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

export function time(iso: string | null | undefined, locale: Locale = useI18n.getState().locale): string {
  if (!iso) return '';
  return dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** A whole number as the locale writes it (12’345; 12 345 in French). */
export function number(value: number, locale: Locale = useI18n.getState().locale): string {
  return formatNumber(value, locale, 0);
}

/** A value with exactly one decimal (ratings: 4.5, 3.0; 4,5 in French). */
export function oneDecimal(value: number, locale: Locale = useI18n.getState().locale): string {
  return formatNumber(value, locale, 1);
}

/** Formatters bound to the current locale; components re-render when it changes. */
export function useFormat() {
  const locale = useLocale();
  return {
    money: (amount: number | string) => money(amount, locale),
    wholeFrancs: (amount: number | string) => wholeFrancs(amount, locale),
    date: (iso: string | null | undefined) => date(iso, locale),
    time: (iso: string | null | undefined) => time(iso, locale),
    number: (value: number) => number(value, locale),
  };
}
