/**
 * Path addresses with the language in front (`/de/product/42`), beside the spec's hash
 * addresses (`/#/product/42`). A visit that opens on a language path is routed by path (the
 * server rendered it); any other visit keeps hash routing, so every `#/` bookmark and client
 * works as before (docs/decisions/210).
 */
import type { Locale } from '../i18n';

export const URL_LANGUAGES = ['de', 'fr', 'it', 'en'] as const;
export type UrlLanguage = (typeof URL_LANGUAGES)[number];

export const LOCALE_OF: Record<UrlLanguage, Locale> = { de: 'de-CH', fr: 'fr-CH', it: 'it-CH', en: 'en' };
export const URL_LANGUAGE_OF: Record<Locale, UrlLanguage> = {
  'de-CH': 'de',
  'fr-CH': 'fr',
  'it-CH': 'it',
  en: 'en',
};

/** The language a path starts with (`/fr/sellers` → fr), or null for a bare path. */
export function pathLanguage(pathname: string): UrlLanguage | null {
  const first = /^\/([a-z]{2})(?:\/|$)/.exec(pathname)?.[1];
  return (URL_LANGUAGES as readonly string[]).includes(first ?? '') ? (first as UrlLanguage) : null;
}

export type RoutingMode = { kind: 'hash' } | { kind: 'path'; language: UrlLanguage };

/** Path routing only on a language path without a `#/` route (a hash route always wins). */
export function routingMode(location: { pathname: string; hash: string }): RoutingMode {
  const language = pathLanguage(location.pathname);
  if (!language || location.hash.startsWith('#/')) return { kind: 'hash' };
  return { kind: 'path', language };
}

/** The same screen in another language, for the language switcher on a path address. */
export function addressInLanguage(
  location: { pathname: string; search: string },
  language: UrlLanguage,
): string {
  const rest = location.pathname.replace(/^\/[a-z]{2}(?=\/|$)/, '');
  return `/${language}${rest || '/'}${location.search}`;
}
