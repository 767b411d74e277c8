/**
 * A page's head: title, description, canonical, the language alternates with x-default,
 * Open Graph and Twitter card, robots and JSON-LD, as HTML. Everything interpolated is escaped;
 * JSON-LD cannot close its script element (`<` is written as \u003c).
 */
import { PAGE_LANGUAGES, type PageLanguage } from '@marktgasse/shared';
import { contentLanguage, inLanguage } from './addresses.ts';

export interface PageImage {
  url: string;
  alt: string;
  /** Known for the JPEG previews (og-image.ts): chat apps lay the card out before loading it. */
  width?: number;
  height?: number;
  type?: string;
}

export interface PageHead {
  language: PageLanguage;
  title: string;
  description: string;
  /** The canonical path without its language (`/product/42/emmentaler`, `/`). */
  path: string;
  ogType: 'website' | 'product' | 'profile';
  image?: PageImage | undefined;
  /** Product pages: the price as a decimal string in CHF. */
  price?: string | undefined;
  jsonLd?: object[];
  /**
   * Signed-in and missing pages: kept out of search engines. `'follow'` (search results): not
   * indexed, its links followed, and its language versions named (decision 262).
   */
  noindex?: boolean | 'follow';
}

const NEEDS_ESCAPING = /[&<>"']/;
export function escapeHtml(text: string): string {
  // Most texts (addresses, names) have nothing to escape: one test instead of five passes.
  if (!NEEDS_ESCAPING.test(text)) return text;
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON for a script element: nothing in it can end the element or open a comment. */
const UNSAFE_IN_SCRIPT = /[<\u2028\u2029]/g;
const escapeInScript = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
export function scriptJson(value: unknown): string {
  // One pass (three were a few per cent of a rendered page).
  return JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, escapeInScript);
}

const meta = (attr: 'name' | 'property', key: string, content: string) =>
  `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;
const link = (rel: string, href: string, extra = '') =>
  `<link rel="${rel}" href="${escapeHtml(href)}"${extra}>`;
const ogLocale = (language: PageLanguage) => contentLanguage(language).replace('-', '_');

function alternates(origin: string, path: string): string[] {
  const tags = PAGE_LANGUAGES.map((l) =>
    link('alternate', `${origin}${inLanguage(l, path)}`, ` hreflang="${contentLanguage(l)}"`),
  );
  // The bare address picks the visitor's language.
  tags.push(link('alternate', `${origin}${path}`, ' hreflang="x-default"'));
  return tags;
}

function socialTags(head: PageHead, url: string): string[] {
  const tags = [
    meta('property', 'og:site_name', 'Marktgasse'),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', ogLocale(head.language)),
    ...PAGE_LANGUAGES.filter((l) => l !== head.language).map((l) =>
      meta('property', 'og:locale:alternate', ogLocale(l)),
    ),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  ];
  if (head.image)
    tags.push(
      meta('property', 'og:image', head.image.url),
      ...(head.image.type ? [meta('property', 'og:image:type', head.image.type)] : []),
      ...(head.image.width && head.image.height
        ? [
            meta('property', 'og:image:width', String(head.image.width)),
            meta('property', 'og:image:height', String(head.image.height)),
          ]
        : []),
      meta('property', 'og:image:alt', head.image.alt),
      meta('name', 'twitter:image', head.image.url),
    );
  if (head.price)
    tags.push(
      meta('property', 'product:price:amount', head.price),
      meta('property', 'product:price:currency', 'CHF'),
    );
  return tags;
}

export function headHtml(head: PageHead, origin: string): string {
  const url = `${origin}${inLanguage(head.language, head.path)}`;
  const tags = [`<title>${escapeHtml(head.title)}</title>`, meta('name', 'description', head.description)];
  if (head.noindex === 'follow')
    tags.push(meta('name', 'robots', 'noindex, follow'), ...alternates(origin, head.path));
  else if (head.noindex) tags.push(meta('name', 'robots', 'noindex'));
  else tags.push(link('canonical', url), ...alternates(origin, head.path));
  tags.push(...socialTags(head, url));
  for (const data of head.jsonLd ?? [])
    tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  return tags.join('\n    ');
}
