/**
 * A crawler's view (no JavaScript): the public pages' HTML, their JSON-LD checked against the
 * schema.org types used, canonical and hreflang, robots.txt and the sitemaps (index, file sizes,
 * every listed address answers 200), and the status of missing and deleted products.
 */
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { PageData, PageRenderer, RenderRequest } from '@marktgasse/shared';
import { z } from 'zod';
import { buildApp } from '../../app.ts';
import { seedCategories } from '../../demo/seed.ts';
import { testConfig } from '../../../test/config.ts';
import { openTestDatabase } from '../../../test/build.ts';
import { buildPageRenderer } from '../../../test/page-renderer.ts';
import { registerCustomer, registerSeller, type TestUser } from '../../../test/fixtures.ts';
import { categoryRef, createProduct, createStore, setStock } from '../../../test/catalogue-builders.ts';

type App = Awaited<ReturnType<typeof buildApp>>;
let app: App;
let webDist: string;
let drop: () => Promise<void>;
let seller: TestUser;
let product: { id: number; name: string; brand: string; price: string };
let soldOut: { id: number };
let deleted: { id: number };
const ORIGIN = 'https://marktgasse.example';
const URLS_PER_FILE = 8; // two products (four languages each) per file

beforeAll(async () => {
  webDist = buildPageRenderer();
  const opened = await openTestDatabase();
  drop = opened.drop;
  await seedCategories(opened.database);
  const config = testConfig({
    WEB_DIST_DIR: webDist,
    PUBLIC_URL: ORIGIN,
    SITEMAP_URLS_PER_FILE: String(URLS_PER_FILE),
  });
  app = await buildApp({ config, database: opened.database, serveWeb: true });
  await app.ready();
  seller = await registerSeller(app);
  const ref = await categoryRef(opened.database);
  product = await createProduct(app, seller, ref, {
    brand: 'Bergkäserei',
    name: 'Emmentaler AOP',
    price: '49.90',
  });
  soldOut = await createProduct(app, seller, ref, { name: 'Gruyère <AOP> "alt"' });
  deleted = await createProduct(app, seller, ref);
  for (let i = 0; i < 3; i++) await createProduct(app, seller, ref);
  const store = await createStore(opened.database, seller.id, { name: 'Käserei am Markt' });
  await setStock(opened.database, store, product.id, 7);
  const customer = await registerCustomer(app);
  const review = await app.inject({
    method: 'POST',
    url: `/api/products/${product.id}/reviews/`,
    headers: customer.auth,
    payload: { rating: 4, comment: 'Würzig.' },
  });
  expect(review.statusCode).toBe(201);
  const removed = await app.inject({
    method: 'DELETE',
    url: `/api/products/${deleted.id}/`,
    headers: seller.auth,
  });
  expect(removed.statusCode).toBe(204);
  app.ctx.cache.invalidate(); // stores and stock were written straight into the database
}, 120_000);

afterAll(async () => {
  await app?.close();
  await drop?.();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}
const ofType = (html: string, type: string) => jsonLd(html).filter((d) => d['@type'] === type);
const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

/** The data a rendered page hydrates with, by its queries' first key. */
/** A page's HTML and the queries its state hands the app. */
async function served(url: string) {
  const html = (await get(url)).body;
  const state = JSON.parse(
    attr(html, /<script id="mg-state" type="application\/json">([\s\S]*?)<\/script>/)!,
  ) as {
    queries: { queryKey: unknown[]; state: { data: unknown } }[];
  };
  return { html, queries: state.queries };
}

async function servedData(url: string): Promise<Map<string, unknown>> {
  const { queries } = await served(url);
  return new Map(queries.map((q) => [String(q.queryKey[0]), q.state.data]));
}

const hreflangs = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" href="([^"]+)" hreflang="([^"]+)">/g)].map((m) => [m[2], m[1]]),
  );

// The schema.org types used, with what search engines need of each.
const schemaUrl = z.string().startsWith('https://');
const offer = z.object({
  '@type': z.literal('Offer'),
  price: z.string().regex(/^\d+\.\d{2}$/),
  priceCurrency: z.literal('CHF'),
  availability: z.enum(['https://schema.org/InStock', 'https://schema.org/OutOfStock']),
  url: schemaUrl,
  seller: z.object({ '@type': z.literal('Organization'), name: z.string().min(1) }),
});
const productSchemaOrg = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Product'),
  name: z.string().min(1),
  image: z.array(schemaUrl).min(1),
  sku: z.string(),
  brand: z.object({ '@type': z.literal('Brand'), name: z.string() }),
  offers: offer,
  aggregateRating: z
    .object({
      '@type': z.literal('AggregateRating'),
      ratingValue: z.number().min(1).max(5),
      reviewCount: z.number().int().min(1),
    })
    .optional(),
});
const breadcrumbList = z.object({
  '@type': z.literal('BreadcrumbList'),
  itemListElement: z
    .array(
      z.object({
        '@type': z.literal('ListItem'),
        position: z.number().int(),
        name: z.string(),
        item: schemaUrl,
      }),
    )
    .min(2),
});
const storeSchemaOrg = z.object({
  '@type': z.literal('Store'),
  name: z.string().min(1),
  address: z.object({
    '@type': z.literal('PostalAddress'),
    streetAddress: z.string().min(1),
    addressLocality: z.string().min(1),
    addressCountry: z.string().min(1),
  }),
  geo: z.object({ '@type': z.literal('GeoCoordinates'), latitude: z.number(), longitude: z.number() }),
});
const organization = z.object({
  '@type': z.literal('Organization'),
  name: z.string().min(1),
  url: schemaUrl,
});

describe('product pages', () => {
  it('carry the product in the HTML, JSON-LD, preview tags, canonical and alternates, in the language of the address', async () => {
    const res = await get(`/de/product/${product.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('<html lang="de-CH"');
    // Rendered by the web app: name, price as shown, availability, image box, seller, review.
    expect(html).toMatch(/<h1[^>]*>Emmentaler AOP<\/h1>/);
    expect(html).toMatch(/<p[^>]*data-testid="product-price"[^>]*>CHF 49.90<\/p>/);
    expect(html).toMatch(/data-testid="stock-badge"[^>]*>An Lager \(7\)</);
    expect(html).toContain('Würzig.');
    expect(html).toMatch(/<(img|div)[^>]*(width="800"|aspect-ratio:800 \/ 800)/);
    // The data for hydration comes along.
    expect(html).toContain('<script id="mg-state" type="application/json">');

    const [ld] = ofType(html, 'Product');
    const parsed = productSchemaOrg.parse(ld);
    expect(parsed.name).toBe('Bergkäserei Emmentaler AOP');
    expect(parsed.offers).toMatchObject({ price: '49.90', availability: 'https://schema.org/InStock' });
    expect(parsed.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
    breadcrumbList.parse(ofType(html, 'BreadcrumbList')[0]);

    const canonical = `${ORIGIN}/de/product/${product.id}/bergkaserei-emmentaler-aop`;
    expect(attr(html, /<link rel="canonical" href="([^"]+)">/)).toBe(canonical);
    expect(hreflangs(html)).toEqual({
      'de-CH': canonical,
      'fr-CH': canonical.replace('/de/', '/fr/'),
      'it-CH': canonical.replace('/de/', '/it/'),
      en: canonical.replace('/de/', '/en/'),
      'x-default': canonical.replace('/de/', '/'),
    });
    expect(attr(html, /<title>([^<]+)<\/title>/)).toBe('Bergkäserei Emmentaler AOP · CHF 49.90 · Marktgasse');
    expect(attr(html, /<meta name="description" content="([^"]+)">/)).toContain('für CHF 49.90. An Lager.');
    expect(attr(html, /<meta property="og:title" content="([^"]+)">/)).toContain('Emmentaler AOP');
    expect(attr(html, /<meta property="og:image" content="([^"]+)">/)).toMatch(/^https:\/\//);
    expect(attr(html, /<meta property="product:price:amount" content="([^"]+)">/)).toBe('49.90');
    expect(attr(html, /<meta name="twitter:card" content="([^"]+)">/)).toBe('summary_large_image');
    expect(html).not.toContain('name="robots"');
  });

  it('previews with a JPEG of 1200×630 that chat apps show, named with its size', async () => {
    const html = (await get(`/de/product/${product.id}`)).body;
    const image = attr(html, /<meta property="og:image" content="([^"]+)">/)!;
    expect(image).toMatch(new RegExp(`^${ORIGIN}/og/.+\\.jpg$`));
    expect(attr(html, /<meta property="og:image:type" content="([^"]+)">/)).toBe('image/jpeg');
    expect(attr(html, /<meta property="og:image:width" content="([^"]+)">/)).toBe('1200');
    expect(attr(html, /<meta property="og:image:height" content="([^"]+)">/)).toBe('630');
    const res = await app.inject({ method: 'GET', url: new URL(image).pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1200,
      height: 630,
    });
  });

  it('makes a stored photo’s JPEG preview once and keeps it beside the photo', async () => {
    const photo = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#c33' } })
      .webp()
      .toBuffer();
    await app.ctx.media.put('products/og-test-photo.webp', photo, 'image/webp');
    const first = await get('/og/products/og-test-photo.jpg');
    expect(first.statusCode).toBe(200);
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1200,
      height: 630,
    });
    expect(await app.ctx.media.get('products/og-test-photo-og.jpg')).toEqual(first.rawPayload);
    expect((await get('/og/products/no-such-photo.jpg')).statusCode).toBe(404);
    expect((await get('/og/products/../secrets.jpg')).statusCode).toBe(404);
  });

  it('escapes what sellers write and shows a product without stock as out of stock', async () => {
    const res = await get(`/fr/product/${soldOut.id}/any-slug`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<AOP>');
    expect(res.body).toContain('Gruyère &lt;AOP&gt;');
    // The slugged address (the canonical one, as the sitemap lists it) renders the screen, not only the head.
    expect(res.body).toMatch(/<h1[^>]*>Gruyère &lt;AOP/);
    expect(productSchemaOrg.parse(ofType(res.body, 'Product')[0]).offers.availability).toBe(
      'https://schema.org/OutOfStock',
    );
    expect(attr(res.body, /<meta name="description" content="([^"]+)">/)).toContain('En rupture de stock.');
  });

  it('answers 410 for a deleted product, 404 for a missing one or a bad id, never as an indexable page', async () => {
    const gone = await get(`/en/product/${deleted.id}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('<meta name="robots" content="noindex">');
    expect((await get('/en/product/999999')).statusCode).toBe(404);
    expect((await get('/en/product/abc')).statusCode).toBe(404);
    expect((await get('/xx/product/1')).statusCode).toBe(404);
  });

  it('sends a bare address to the visitor’s language', async () => {
    const res = await get(`/product/${product.id}`, { 'accept-language': 'it-CH,it;q=0.9,de;q=0.5' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/it/product/${product.id}`);
    expect(res.headers.vary).toMatch(/accept-language/i);
  });
});

describe('the renderer', () => {
  /** The data a served page was rendered with, as the browser reads it (the `mg-state` script). */

  it('renders a product page with the data of the JSON answers (product and reviews, read in one query)', async () => {
    for (const { id } of [product, soldOut]) {
      const data = await servedData(`/it/product/${id}`);
      expect(data.get('products')).toEqual((await get(`/api/products/${id}`)).json());
      expect(data.get('reviews')).toEqual((await get(`/api/products/reviews/${id}`)).json());
    }
    expect((await servedData(`/de/product/${product.id}`)).get('reviews')).toMatchObject([
      {
        rating: 4,
        comment: 'Würzig.',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:]{8}\.\d{3}Z$/),
      },
    ]);
  });

  it('sends a browser the page as gzip joined from its kept parts: the same HTML, the same ETag', async () => {
    const url = `/de/product/${product.id}`;
    const plain = await get(url);
    const zipped = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    const etag = String(zipped.headers.etag);
    expect(etag).toBe(String(plain.headers.etag));
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('splices the header and footer it renders once per language: the markup of a whole render', async () => {
    type Splicing = PageRenderer & {
      render(r: RenderRequest, o?: { splice?: boolean }): ReturnType<PageRenderer['render']>;
    };
    const file = path.join(webDist, '..', 'dist-ssr', 'entry-server.js');
    const renderer = (await import(pathToFileURL(file).href)) as Splicing;
    const data = await servedData(`/de/product/${product.id}`);
    const sellers = await servedData('/fr/sellers');
    const pages: RenderRequest[] = [
      ...(['de', 'fr', 'it', 'en'] as const).map((language) => ({
        language,
        path: `/product/${product.id}`,
        page: { kind: 'product', product: data.get('products'), reviews: data.get('reviews') } as PageData,
      })),
      {
        language: 'fr',
        path: '/sellers',
        page: {
          kind: 'sellers',
          categories: sellers.get('categories'),
          sellers: sellers.get('profiles'),
        } as PageData,
      },
    ];
    for (const request of pages) {
      const whole = await renderer.render(request, { splice: false });
      const spliced = await renderer.render(request);
      expect(spliced.html).toBe(whole.html);
      expect(spliced.html).toContain('data-testid="language-switcher"');
      expect(spliced.html).not.toContain('data-shell');
    }
    // The product's reviews and the current page's link are in the markup that was compared.
    expect((await renderer.render(pages[0]!)).html).toContain('Würzig.');
    expect((await renderer.render(pages[4]!)).html).toMatch(
      /class="nav-link active"[^>]*href="\/fr\/sellers"|href="\/fr\/sellers"[^>]*class="nav-link active"/,
    );
  });
});

describe('other public pages', () => {
  it('home: the newest products, Organization, links to the products’ path addresses', async () => {
    const res = await get('/en/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Emmentaler AOP');
    expect(res.body).toContain(`href="/en/product/${product.id}"`);
    // The site's logo is a raster image (the web build's PNG, decision 321): previews show no SVG.
    const site = ofType(res.body, 'Organization')[0];
    organization.parse(site);
    expect(site).toMatchObject({ logo: `${ORIGIN}/icon-512.png` });
    expect(attr(res.body, /<meta property="og:image" content="([^"]+)">/)).toBe(`${ORIGIN}/icon-512.png`);
    expect(attr(res.body, /<meta property="og:image:type" content="([^"]+)">/)).toBe('image/png');
    expect(attr(res.body, /<meta property="og:image:width" content="([^"]+)">/)).toBe('512');
    expect(attr(res.body, /<link rel="canonical" href="([^"]+)">/)).toBe(`${ORIGIN}/en/`);
    expect(hreflangs(res.body)['x-default']).toBe(`${ORIGIN}/`);
  });

  it('search results: their own address with the filters, rendered, not indexed, with the language versions', async () => {
    const res = await get('/de/search?q=emmentaler&sort=price_asc');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="de-CH"');
    expect(res.body).toContain(`href="/de/product/${product.id}"`);
    expect(res.body).toMatch(/<h2[^>]*id="search-heading"[^>]*>Ergebnisse für «emmentaler»/);
    expect(res.body).not.toContain('Suche läuft');
    expect(attr(res.body, /<title>([^<]+)<\/title>/)).toBe('Suchergebnisse für «emmentaler» · Marktgasse');
    expect(attr(res.body, /<meta name="robots" content="([^"]+)">/)).toBe('noindex, follow');
    // As written in the HTML (`&` escaped in an attribute).
    expect(hreflangs(res.body)).toEqual({
      'de-CH': `${ORIGIN}/de/search?q=emmentaler&amp;sort=price_asc`,
      'fr-CH': `${ORIGIN}/fr/search?q=emmentaler&amp;sort=price_asc`,
      'it-CH': `${ORIGIN}/it/search?q=emmentaler&amp;sort=price_asc`,
      en: `${ORIGIN}/en/search?q=emmentaler&amp;sort=price_asc`,
      'x-default': `${ORIGIN}/search?q=emmentaler&amp;sort=price_asc`,
    });
    // The results came with the page, under the query the screen asks.
    expect(res.body).toContain('\\"search\\",\\"all\\",\\"emmentaler\\"');
    const bare = await get('/search?q=emmentaler', { 'accept-language': 'fr-CH' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/fr/search?q=emmentaler');
    // Too short to search, a bad filter, a page past the end: missing, not indexed.
    for (const url of [
      '/de/search?q=e',
      '/de/search?q=emmentaler&sort=cheapest',
      '/de/search?q=emmentaler&offset=120',
    ]) {
      const missing = await get(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('a category: its own title and canonical; an unknown one is missing', async () => {
    const ref = await categoryRef(app.ctx.database);
    const res = await get(`/de/?category=${encodeURIComponent(ref.categoryName)}`);
    expect(res.statusCode).toBe(200);
    expect(attr(res.body, /<link rel="canonical" href="([^"]+)">/)).toBe(
      `${ORIGIN}/de/?category=${encodeURIComponent(ref.categoryName)}`,
    );
    expect(res.body).toContain('Emmentaler AOP');
    expect((await get('/de/?category=Nothing%20such')).statusCode).toBe(404);
  });

  it('a later page of the list (a Load More link without JavaScript) has its own address', async () => {
    const res = await get('/en/?offset=4');
    expect(res.statusCode).toBe(200);
    expect(attr(res.body, /<link rel="canonical" href="([^"]+)">/)).toBe(`${ORIGIN}/en/?offset=4`);
    // Newest first: the fifth and last live product is the first one created.
    expect(res.body).toContain(`href="/en/product/${product.id}"`);
    expect(res.body).not.toContain(`href="/en/product/${soldOut.id}"`);
    expect((await get('/en/?offset=5')).statusCode).toBe(404);
    expect((await get('/en/?offset=-1')).statusCode).toBe(404);
  });

  it('shows the newest products’ carousel and the teasers on the list’s first page only, not on a later page or a shelf', async () => {
    const carries = async (url: string) => {
      const { html, queries } = await served(url);
      const keys = queries.map((q) => JSON.stringify(q.queryKey));
      return {
        carousel: html.includes('data-testid="latest-carousel"'),
        teasers: html.includes('data-testid="teasers"'),
        data: ['["products","latest"]', '["reviews","latest"]', '["profiles","latest-sellers"]'].filter(
          (key) => keys.includes(key),
        ).length,
      };
    };
    // The teasers are in the HTML at every width (their CSS hides them on phones): a desktop's
    // hydration finds them, and the list below them stays where it is (decision 323).
    expect(await carries('/en/')).toEqual({ carousel: true, teasers: true, data: 3 });
    const { html } = await served('/en/');
    expect(html).toContain('Latest Reviews');
    expect(html).toContain(`href="/en/seller/${seller.id}"`);
    // A later page continues the list; the app does not ask for what the page does not show.
    expect(await carries('/en/?offset=4')).toEqual({ carousel: false, teasers: false, data: 0 });
    const ref = await categoryRef(app.ctx.database);
    expect(await carries(`/en/?category=${encodeURIComponent(ref.categoryName)}`)).toEqual({
      carousel: false,
      teasers: false,
      data: 0,
    });
  });

  it('a later page says which page it is in its title and which products in its count', async () => {
    // Two pages' worth for a while: 14 live products (removed again for the sitemap's counts).
    const ref = await categoryRef(app.ctx.database);
    const more = [];
    for (let i = 0; i < 9; i++) more.push(await createProduct(app, seller, ref));
    try {
      const title = async (url: string) => attr((await get(url)).body, /<title>([^<]+)<\/title>/);
      expect(await title('/de/')).toBe('Marktgasse — der Schweizer Marktplatz');
      const later = (await get('/de/?offset=12')).body;
      expect(attr(later, /<title>([^<]+)<\/title>/)).toBe('Marktgasse — der Schweizer Marktplatz · Seite 2');
      expect(later).toContain('13–14 von 14 Produkten');
      expect(await title(`/fr/?category=${encodeURIComponent(ref.categoryName)}&offset=12`)).toMatch(
        / de magasins suisses · page 2 · Marktgasse$/,
      );
    } finally {
      for (const p of more)
        await app.inject({ method: 'DELETE', url: `/api/products/${p.id}/`, headers: seller.auth });
    }
  });

  it('a seller: name, products, stores as Store with address and geo', async () => {
    const res = await get(`/fr/seller/${seller.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(seller.username);
    expect(res.body).toContain('Emmentaler AOP');
    const [store] = ofType(res.body, 'Store').map((s) => storeSchemaOrg.parse(s));
    expect(store).toMatchObject({
      name: 'Käserei am Markt',
      geo: { latitude: 46.947974, longitude: 7.447447 },
    });
    organization.parse(ofType(res.body, 'Organization')[0]);
    expect((await get('/fr/seller/999999')).statusCode).toBe(404);
  });

  it('hydrates a seller’s page with the stores’ summaries, not every stock row of them (decision 311)', async () => {
    const data = await servedData(`/de/seller/${seller.id}`);
    const summaries = (await get(`/api/stores/user/${seller.id}/summaries/`)).json() as object[];
    expect(summaries.map((s) => (s as { name: string }).name)).toContain('Käserei am Markt');
    expect(data.get('stores')).toEqual(summaries);
    // The full answer does carry the stock rows (the spec's shape): the page does not.
    const full = (await get(`/api/stores/user/${seller.id}`)).json() as { stocks: unknown[] }[];
    expect(full.some((s) => s.stocks.length > 0)).toBe(true);
    expect(JSON.stringify(data.get('stores'))).not.toContain('"stocks"');
  });

  it('sellers and the map have their own head; signed-in screens answer noindex', async () => {
    const sellers = await get('/it/sellers');
    expect(sellers.statusCode).toBe(200);
    expect(attr(sellers.body, /<title>([^<]+)<\/title>/)).toBe('Venditori · Marktgasse');
    expect(sellers.body).toContain(seller.username);
    const map = await get('/de/map');
    expect(attr(map.body, /<title>([^<]+)<\/title>/)).toBe('Laden finden · Marktgasse');
    const cart = await get('/de/cart');
    expect(cart.statusCode).toBe(200);
    expect(cart.body).toContain('<meta name="robots" content="noindex">');
    expect(cart.body).not.toContain('rel="canonical"');
  });

  it('keeps / as the hash-routed app’s entry, pointing at the path addresses', async () => {
    const res = await get('/', { 'accept-language': 'fr' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(attr(res.body, /<link rel="canonical" href="([^"]+)">/)).toBe(`${ORIGIN}/fr/`);
  });

  it('leaves the API’s unknown addresses to the API', async () => {
    const res = await get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('detail');
  });
});

describe('robots and sitemaps', () => {
  const locs = (xml: string, tag: 'sitemap' | 'url') =>
    [...xml.matchAll(new RegExp(`<${tag}><loc>([^<]+)</loc>`, 'g'))].map((m) => m[1]!);

  it('robots.txt points at the index; the index lists files of at most the configured size', async () => {
    const robots = await get('/robots.txt');
    expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/xml/);
    const files = locs(index.body, 'sitemap');
    // 5 live products at 2 a file, one seller, the three fixed pages at 2 a file.
    expect(files.map((f) => f.replace(`${ORIGIN}/sitemaps/`, ''))).toEqual([
      'pages-1.xml',
      'pages-2.xml',
      'sellers-1.xml',
      'products-1.xml',
      'products-2.xml',
      'products-3.xml',
    ]);
    expect(index.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it('lists every live product once per language with its alternates, and every listed address answers 200', async () => {
    const index = await get('/sitemap.xml');
    const listed: string[] = [];
    for (const file of locs(index.body, 'sitemap')) {
      const res = await get(file.replace(ORIGIN, ''));
      expect(res.statusCode).toBe(200);
      const urls = locs(res.body, 'url');
      expect(urls.length).toBeLessThanOrEqual(URLS_PER_FILE);
      expect(res.body).toContain('hreflang="x-default"');
      listed.push(...urls);
    }
    const productIds = new Set(listed.flatMap((u) => /\/product\/(\d+)/.exec(u)?.[1] ?? []).map(Number));
    expect(productIds.has(product.id)).toBe(true);
    expect(productIds.has(deleted.id)).toBe(false);
    expect(productIds.size).toBe(5);
    expect(listed).toContain(`${ORIGIN}/de/product/${product.id}/bergkaserei-emmentaler-aop`);
    expect(listed).toContain(`${ORIGIN}/it/seller/${seller.id}`);
    for (const url of listed) expect((await get(url.replace(ORIGIN, ''))).statusCode, url).toBe(200);
    expect((await get('/sitemaps/products-9.xml')).statusCode).toBe(404);
  });
});
