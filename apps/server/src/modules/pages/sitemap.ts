/**
 * robots.txt and the sitemaps: an index (/sitemap.xml) of files of at most `urlsPerFile`
 * addresses (50,000 is the protocol's limit), each address with its language alternates.
 * Products come from the catalogue's cached list of live ids (one query per catalogue write);
 * a file is a slice of it, written on request in a few milliseconds.
 */
import { PAGE_LANGUAGES } from '@marktgasse/shared';
import type { SitemapEntries } from '../catalogue/service.ts';
import { contentLanguage, inLanguage, slugify } from './addresses.ts';
import { escapeHtml } from './head.ts';

export interface SitemapUrl {
  /** The path without its language. */
  path: string;
  lastmod?: string | undefined;
}

/** Pages per file: each page is listed once per language. */
export const pagesPerFile = (urlsPerFile: number) =>
  Math.max(1, Math.floor(urlsPerFile / PAGE_LANGUAGES.length));

export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`;
}

export function sitemapIndex(
  origin: string,
  files: { name: string; lastmod?: string | undefined }[],
): string {
  const entries = files.map(
    (f) =>
      `<sitemap><loc>${escapeHtml(`${origin}/sitemaps/${f.name}`)}</loc>${f.lastmod ? `<lastmod>${f.lastmod}</lastmod>` : ''}</sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/**
 * One `<url>` per language, each with the same alternates (built once per page). Paths are ours
 * and safe in XML (digits, `a-z`, `-`, `/`); only the origin is escaped, once.
 */
export function urlSet(origin: string, urls: SitemapUrl[]): string {
  const base = escapeHtml(origin);
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n',
  ];
  for (const url of urls) {
    const locs = PAGE_LANGUAGES.map((l) => base + inLanguage(l, url.path));
    let links = '';
    for (let i = 0; i < locs.length; i++)
      links += `<xhtml:link rel="alternate" hreflang="${HREFLANGS[i]}" href="${locs[i]}"/>`;
    links += `<xhtml:link rel="alternate" hreflang="x-default" href="${base}${url.path}"/>`;
    const lastmod = url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : '';
    for (const loc of locs) parts.push(`<url><loc>${loc}</loc>${lastmod}${links}</url>\n`);
  }
  parts.push('</urlset>\n');
  return parts.join('');
}

const HREFLANGS = PAGE_LANGUAGES.map((l) => contentLanguage(l));

const day = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 10);

/**
 * The index's files: the fixed pages', the sellers' and the products' (each products file dated
 * by its newest product, the fixed pages by the newest of all).
 */
export function indexFiles(
  products: SitemapEntries,
  counts: { pages: number; sellers: number },
  perFile: number,
): { name: string; lastmod?: string | undefined }[] {
  const files = (count: number) => Math.ceil(count / perFile);
  const { ids, created } = products;
  const newest = ids.length ? day(created[ids.length - 1]!) : undefined;
  return [
    ...Array.from({ length: files(counts.pages) }, (_, i) => ({
      name: `pages-${i + 1}.xml`,
      lastmod: newest,
    })),
    ...Array.from({ length: files(counts.sellers) }, (_, i) => ({ name: `sellers-${i + 1}.xml` })),
    ...Array.from({ length: files(ids.length) }, (_, i) => ({
      name: `products-${i + 1}.xml`,
      lastmod: day(created[Math.min(ids.length, (i + 1) * perFile) - 1]!),
    })),
  ];
}

/** The product pages of file `index` (0-based), at their canonical (slugged) addresses. */
export function productUrls(entries: SitemapEntries, index: number, perFile: number): SitemapUrl[] {
  const urls: SitemapUrl[] = [];
  const end = Math.min(entries.ids.length, (index + 1) * perFile);
  for (let i = index * perFile; i < end; i++) {
    const slug = slugify(entries.names[i]!);
    const path = slug ? `/product/${entries.ids[i]}/${slug}` : `/product/${entries.ids[i]}`;
    urls.push({ path, lastmod: day(entries.created[i]!) });
  }
  return urls;
}
