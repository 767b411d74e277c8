/**
 * Page addresses: the language first (`/de/product/42/emmentaler-aop`), the bare address
 * choosing from Accept-Language, every address's four language versions (docs/decisions/210).
 */
import { PAGE_LANGUAGES, type PageLanguage } from '@marktgasse/shared';
import type { Config } from '../../config/env.ts';
import { CONTENT_LANGUAGE, negotiateLanguage } from '../../i18n/translate.ts';

export function isPageLanguage(value: string): value is PageLanguage {
  return (PAGE_LANGUAGES as readonly string[]).includes(value);
}

/** The visitor's language for a bare address. */
export function pickLanguage(acceptLanguage: string | string[] | undefined): PageLanguage {
  return negotiateLanguage(acceptLanguage);
}

/** `de-CH`, `fr-CH`, `it-CH`, `en`: the page's `lang` and `hreflang`. */
export const contentLanguage = (language: PageLanguage): string => CONTENT_LANGUAGE[language];

/** The address as users reach it (PUBLIC_URL, else the listening address), without a trailing slash. */
export function siteOrigin(config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`).replace(/\/+$/, '');
}

/** A readable slug of a product's name: ASCII letters and digits joined by dashes, at most 80 characters. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

export const productPath = (product: { id: number; brand: string; name: string }): string => {
  const slug = slugify(`${product.brand} ${product.name}`);
  return slug ? `/product/${product.id}/${slug}` : `/product/${product.id}`;
};

/** A path with its language: `/de` + `/sellers`; the home is `/de/`. */
export const inLanguage = (language: PageLanguage, path: string): string => `/${language}${path}`;
