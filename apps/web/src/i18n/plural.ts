/**
 * Counted phrases ('1 item', '3 items') in the plural form of the chosen language: the message
 * keys `<base>.one` and `<base>.other`, each with a `{count}` placeholder.
 */
import { number } from './format';
import { useLocale, useT, type Translate } from './index';

// One PluralRules per locale: building one loads the locale's data.
const rules = new Map<string, Intl.PluralRules>();

export function pluralForm(locale: string, count: number): 'one' | 'other' {
  let rule = rules.get(locale);
  if (!rule) rules.set(locale, (rule = new Intl.PluralRules(locale)));
  return rule.select(count) === 'one' ? 'one' : 'other';
}

/** `shown` is the count as displayed (the locale's digits); the count itself picks the form. */
export function countText(t: Translate, locale: string, base: string, count: number, shown = String(count)) {
  return t(`${base}.${pluralForm(locale, count)}`, { count: shown });
}

/** countText bound to the current language, with the count written as the locale writes numbers. */
export function useCountText(): (base: string, count: number) => string {
  const t = useT();
  const locale = useLocale();
  return (base, count) => countText(t, locale, base, count, number(count, locale));
}
