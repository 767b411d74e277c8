/**
 * The translation layer: four locales (en, de-CH, fr-CH, it-CH), chosen from the browser's
 * languages on the first visit, switchable and remembered under the `locale` key. Messages
 * live beside their feature in `locales/<lang>.json` files and are loaded for the active
 * locale only. English wording follows the spec exactly.
 */
import { createHydratable } from '../stores/hydratable';
import { readKey, writeKey } from '../stores/storage';

export const LOCALES = ['de-CH', 'fr-CH', 'it-CH', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const LOCALE_LABELS: Record<Locale, string> = {
  'de-CH': 'Deutsch',
  'fr-CH': 'Français',
  'it-CH': 'Italiano',
  en: 'English',
};
/** The file name of a locale's messages. */
export const FILE_OF: Record<Locale, string> = { 'de-CH': 'de', 'fr-CH': 'fr', 'it-CH': 'it', en: 'en' };

export type Messages = Record<string, string>;

/** The first supported language in the browser's list; English otherwise. */
export function detectLocale(
  languages: readonly string[] = typeof navigator !== 'undefined' ? navigator.languages : [],
): Locale {
  for (const lang of languages) {
    const base = lang.toLowerCase().slice(0, 2);
    if (base === 'de') return 'de-CH';
    if (base === 'fr') return 'fr-CH';
    if (base === 'it') return 'it-CH';
    if (base === 'en') return 'en';
  }
  return 'en';
}

// One lazily loaded chunk per language with the messages of every feature (bundles/*.ts).
const bundles = import.meta.glob<{ default: Messages }>('./bundles/*.ts');

export async function loadMessages(locale: Locale): Promise<Messages> {
  return (await bundles[`./bundles/${FILE_OF[locale]}.ts`]!()).default;
}

interface I18nState {
  locale: Locale;
  messages: Messages;
  setLocale(locale: Locale): Promise<void>;
}

// Loaded before the first render on the server and in the browser alike: the state is what both render.
export const useI18n = createHydratable<I18nState>(() => ({
  locale: 'en',
  messages: {},
  async setLocale(locale) {
    // Remembered at once: a reload or a link opened right after the choice keeps it.
    writeKey('locale', locale);
    await show(locale);
  },
}));

async function show(locale: Locale): Promise<void> {
  const messages = await loadMessages(locale);
  document.documentElement.lang = locale;
  useI18n.setState({ locale, messages });
}

/**
 * Loads the locale before the first render: the one an address names (`/fr/…`), else the
 * remembered or detected one. The app's start remembers it afterwards (`rememberLocale`): a
 * server-rendered page does not touch the browser's storage before it hydrated (decision 318).
 */
export async function initI18n(fromAddress?: Locale): Promise<void> {
  if (fromAddress) return show(fromAddress);
  const stored = readKey<string>('locale');
  const remembered = (LOCALES as readonly string[]).includes(stored ?? '') ? (stored as Locale) : null;
  await show(remembered ?? detectLocale());
}

/** Remembers the language shown, so that an address without one opens in it next time. */
export function rememberLocale(): void {
  writeKey('locale', useI18n.getState().locale);
}

export type TranslateVars = Record<string, string | number>;
/** What `useT()` returns; helpers outside components take one. */
export type Translate = (key: string, vars?: TranslateVars) => string;

/** Looks a key up; `{name}` placeholders are filled from `vars`. A missing key shows itself. */
export function translate(messages: Messages, key: string, vars?: TranslateVars): string {
  const text = messages[key] ?? key;
  return vars
    ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m))
    : text;
}

export function useT(): Translate {
  const messages = useI18n((s) => s.messages);
  return (key: string, vars?: TranslateVars) => translate(messages, key, vars);
}

/** For code outside components (e.g. error messages built in a mutation). */
export function t(key: string, vars?: TranslateVars): string {
  return translate(useI18n.getState().messages, key, vars);
}

export function useLocale(): Locale {
  return useI18n((s) => s.locale);
}
