/** The head of each public page: title, description, preview and structured data, in its language. */
import {
  formatCHFIn,
  listPageNumber,
  type PageLanguage,
  type Product,
  type Profile,
  type Review,
  type StoreSummary,
} from '@marktgasse/shared';
import { inLanguage, productPath } from './addresses.ts';
import type { PageHead, PageImage } from './head.ts';
import { OG_HEIGHT, OG_WIDTH, ogImagePath } from './og-image.ts';
import { breadcrumbs, LOGO, organizationLd, productLd, sellerLd, storeLd } from './json-ld.ts';
import { PAGE_TEXTS as T, pageText } from './texts.ts';

const SITE = 'Marktgasse';
const DESCRIPTION_MAX = 160;

/** A description of at most 160 characters, cut at a word. */
function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 100))}…`;
}

const absolute = (origin: string, url: string) => new URL(url, `${origin}/`).toString();

/** A preview image: the JPEG rendition chat apps show (og-image.ts), else the image itself. */
function previewImage(origin: string, imageUrl: string, alt: string): PageImage {
  const preview = ogImagePath(imageUrl);
  return preview
    ? { url: absolute(origin, preview), alt, width: OG_WIDTH, height: OG_HEIGHT, type: 'image/jpeg' }
    : { url: absolute(origin, imageUrl), alt };
}

/** " · Seite 2" for a later page of a list, so its title is not the first page's; nothing on the first. */
function pageSuffix(language: PageLanguage, offset: number): string {
  const page = listPageNumber(offset);
  return page > 1 ? ` · ${pageText(language, T.pageNumber, { page: String(page) })}` : '';
}

/** The home's list: a category or subcategory, from an offset (a "Load More" link's page). */
export interface HomeShelf {
  category?: string | undefined;
  subcategory?: string | undefined;
  offset: number;
}

export function productHead(language: PageLanguage, origin: string, p: Product, reviews: Review[]): PageHead {
  const path = productPath(p);
  const seller = p.sellerDetails.name || p.username;
  const price = formatCHFIn(language, p.price);
  const availability = pageText(language, p.countInStock > 0 ? T.inStock : T.outOfStock);
  const name = `${p.brand} ${p.name}`;
  const urls = {
    page: `${origin}${inLanguage(language, path)}`,
    seller: `${origin}${inLanguage(language, `/seller/${p.seller}`)}`,
    image: absolute(origin, p.image || p.thumbnail),
  };
  const preview = previewImage(origin, p.image || p.thumbnail, name);
  const home = `${origin}${inLanguage(language, '/')}`;
  return {
    language,
    title: `${name} · ${price} · ${SITE}`,
    description: shorten(pageText(language, T.productDescription, { name, seller, price, availability })),
    path,
    ogType: 'product',
    image: preview,
    price: p.price,
    jsonLd: [
      productLd(p, reviews, urls),
      breadcrumbs([
        { name: SITE, url: home },
        { name: p.categoryName, url: `${home}?category=${encodeURIComponent(p.categoryName)}` },
        { name, url: urls.page },
      ]),
    ],
  };
}

export function homeHead(language: PageLanguage, origin: string, shelf: HomeShelf = { offset: 0 }): PageHead {
  const home = `${origin}${inLanguage(language, '/')}`;
  const name = shelf.subcategory ?? shelf.category;
  // Encoded as the app's own links are (`%20`, not `+`), so the canonical is the address linked to.
  const pairs: [string, string | undefined][] = [
    ['category', shelf.category],
    ['subcategory', shelf.subcategory],
    ['offset', shelf.offset > 0 ? String(shelf.offset) : undefined],
  ];
  const query = pairs
    .flatMap(([key, value]) => (value ? [`${key}=${encodeURIComponent(value)}`] : []))
    .join('&');
  const path = query ? `/?${query}` : '/';
  if (!name)
    return {
      language,
      title: `${pageText(language, T.homeTitle)}${pageSuffix(language, shelf.offset)}`,
      description: pageText(language, T.homeDescription),
      path,
      ogType: 'website',
      image: {
        url: `${origin}${LOGO.path}`,
        alt: SITE,
        width: LOGO.width,
        height: LOGO.height,
        type: LOGO.type,
      },
      jsonLd: [organizationLd(origin)],
    };
  return {
    language,
    title: `${pageText(language, T.categoryTitle, { category: name })}${pageSuffix(language, shelf.offset)} · ${SITE}`,
    description: pageText(language, T.categoryDescription, { category: name }),
    path,
    ogType: 'website',
    jsonLd: [
      breadcrumbs([
        { name: SITE, url: home },
        { name, url: `${origin}${inLanguage(language, path)}` },
      ]),
    ],
  };
}

/** The address of a search: the term, then the sort and filters, encoded as the app's links are. */
export function searchPath(term: string, options: Record<string, string>, offset: number): string {
  const pairs: [string, string][] = [['q', term], ...Object.entries(options)];
  if (offset > 0) pairs.push(['offset', String(offset)]);
  return `/search?${pairs.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}`;
}

/**
 * Search results: their own title in the page's language, not indexed (their links followed),
 * the same search in the other languages as alternates (decision 262).
 */
export function searchHead(
  language: PageLanguage,
  term: string,
  options: Record<string, string>,
  offset: number,
): PageHead {
  return {
    language,
    title: `${pageText(language, T.searchTitle, { term })}${pageSuffix(language, offset)} · ${SITE}`,
    description: shorten(pageText(language, T.searchDescription, { term })),
    path: searchPath(term, options, offset),
    ogType: 'website',
    noindex: 'follow',
  };
}

export function sellerHead(
  language: PageLanguage,
  origin: string,
  profile: Profile,
  stores: StoreSummary[],
): PageHead {
  const name = profile.name || profile.username;
  const path = `/seller/${profile.id}`;
  const url = `${origin}${inLanguage(language, path)}`;
  const image = absolute(origin, profile.image || profile.thumbnail);
  const seller = { name, url };
  return {
    language,
    title: `${name} · ${SITE}`,
    description: shorten(profile.description || pageText(language, T.sellerDescription, { name })),
    path,
    ogType: 'profile',
    image: previewImage(origin, profile.image || profile.thumbnail, name),
    jsonLd: [
      sellerLd(profile, url, image),
      ...stores.map((s) => storeLd(s, seller, absolute(origin, s.image || s.thumbnail))),
      breadcrumbs([
        { name: SITE, url: `${origin}${inLanguage(language, '/')}` },
        { name: pageText(language, T.sellersTitle), url: `${origin}${inLanguage(language, '/sellers')}` },
        { name, url },
      ]),
    ],
  };
}

export function sellersHead(language: PageLanguage, origin: string): PageHead {
  return {
    language,
    title: `${pageText(language, T.sellersTitle)} · ${SITE}`,
    description: pageText(language, T.sellersDescription),
    path: '/sellers',
    ogType: 'website',
    jsonLd: [
      breadcrumbs([
        { name: SITE, url: `${origin}${inLanguage(language, '/')}` },
        { name: pageText(language, T.sellersTitle), url: `${origin}${inLanguage(language, '/sellers')}` },
      ]),
    ],
  };
}

export function mapHead(language: PageLanguage): PageHead {
  return {
    language,
    title: `${pageText(language, T.mapTitle)} · ${SITE}`,
    description: pageText(language, T.mapDescription),
    path: '/map',
    ogType: 'website',
  };
}

/** Signed-in screens and missing pages: client-rendered, kept out of search engines. */
export function plainHead(language: PageLanguage, path: string, missing: boolean): PageHead {
  return {
    language,
    title: missing ? `${pageText(language, T.notFoundTitle)} · ${SITE}` : SITE,
    description: pageText(language, T.homeDescription),
    path,
    ogType: 'website',
    noindex: true,
  };
}
