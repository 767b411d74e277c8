/**
 * Numbers, dates and times for the chosen locale, always in Swiss time (Europe/Zurich).
 * CHF keeps the product's rule (whole amounts 'CHF 49.-') with the locale's thousands separator.
 */
import { formatCHF } from '@marktgasse/shared';
import { useI18n, useLocale, type Locale } from './index';

const TIME_ZONE = 'Europe/Zurich';

// Swiss usage (CHF 1’249.-); ICU builds differ between the apostrophe and its typographic form.
const GROUP: Record<Locale, string> = { 'de-CH': '’', 'it-CH': '’', 'fr-CH': '\u202f', en: '’' };
// English is shown as Swiss English: 22.11.2026, 24-hour times, 1’249.
const INTL: Record<Locale, string> = { 'de-CH': 'de-CH', 'fr-CH': 'fr-CH', 'it-CH': 'it-CH', en: 'en-CH' };

function groupSeparator(locale: Locale): string {
  return GROUP[locale];
}

export function money(amount: number | string, locale: Locale = useI18n.getState().locale): string {
  return formatCHF(amount, { thousands: groupSeparator(locale) });
}

export function date(iso: string | null | undefined, locale: Locale = useI18n.getState().locale): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(INTL[locale], {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

export function time(iso: string | null | undefined, locale: Locale = useI18n.getState().locale): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(INTL[locale], {
    timeZone: TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

export function dateTime(iso: string | null | undefined, locale: Locale = useI18n.getState().locale): string {
  if (!iso) return '';
  return `${date(iso, locale)} ${time(iso, locale)}`;
}

export function number(value: number, locale: Locale = useI18n.getState().locale): string {
  return new Intl.NumberFormat(INTL[locale]).format(value);
}

/** Formatters bound to the current locale; components re-render when it changes. */
export function useFormat() {
  const locale = useLocale();
  return {
    money: (amount: number | string) => money(amount, locale),
    date: (iso: string | null | undefined) => date(iso, locale),
    time: (iso: string | null | undefined) => time(iso, locale),
    dateTime: (iso: string | null | undefined) => dateTime(iso, locale),
    number: (value: number) => number(value, locale),
  };
}
