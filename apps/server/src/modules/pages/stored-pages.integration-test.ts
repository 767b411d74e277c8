/**
 * Stored product pages (decision 316): a page rendered once is sent from the database by any
 * process of the same build, byte for byte as rendered, until something it shows changes —
 * then the next visitor gets the change, and the page is stored again.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { seedCategories } from '../../demo/seed.ts';
import { testConfig } from '../../../test/config.ts';
import { openTestDatabase } from '../../../test/build.ts';
import { buildPageRenderer } from '../../../test/page-renderer.ts';
import { storedPagesOf } from './stored-pages.ts';
import { registerCustomer, registerSeller, type TestUser } from '../../../test/fixtures.ts';
import {
  categoryRef,
  createProduct,
  createStore,
  hideProduct,
  renameStore,
  setStock,
} from '../../../test/catalogue-builders.ts';

type App = Awaited<ReturnType<typeof buildApp>>;
let database: Database;
let drop: () => Promise<void>;
let webDist: string;
let first: App;
let seller: TestUser;
let store: number;
const products: { id: number; name: string }[] = [];
const apps: App[] = [];

async function startApp(extra: Record<string, string> = {}): Promise<App> {
  const config = testConfig({ WEB_DIST_DIR: webDist, PUBLIC_URL: 'https://marktgasse.example', ...extra });
  const app = await buildApp({ config, database, serveWeb: true });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  webDist = buildPageRenderer();
  const opened = await openTestDatabase();
  database = opened.database;
  drop = opened.drop;
  await seedCategories(database);
  first = await startApp();
  seller = await registerSeller(first);
  const ref = await categoryRef(database);
  for (let i = 0; i < 5; i++)
    products.push(await createProduct(first, seller, ref, { name: `Alpkäse ${i}`, price: '12.50' }));
  store = await createStore(database, seller.id, { name: 'Käserei am Markt' });
  for (const p of products) await setStock(database, store, p.id, 3);
}, 120_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await drop?.();
});

/** A page as a browser gets it, from the database or rendered, never from the process's read cache. */
async function page(app: App, language: string, id: number, encoding = 'gzip') {
  app.ctx.cache.invalidate();
  const res = await app.inject({
    method: 'GET',
    url: `/${language}/product/${id}`,
    headers: { 'accept-encoding': encoding },
  });
  const html = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.body;
  const source = /desc="(\w+)"/.exec(String(res.headers['server-timing']))?.[1];
  return { status: res.statusCode, html, etag: res.headers.etag, source };
}

/** Waits for the pages kept after their answers to be written. */
async function settled(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  for (const app of apps) await storedPagesOf(app.ctx)!.written();
  await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('stored product pages', () => {
  it('sends a page rendered once from the database, in another process too, byte for byte', async () => {
    const id = products[0]!.id;
    const rendered = await page(first, 'de', id);
    expect(rendered.status).toBe(200);
    expect(rendered.source).toBe('rendered');
    expect(rendered.html).toContain('Alpkäse 0');
    await settled();
    const again = await page(first, 'de', id);
    expect(again.source).toBe('stored');
    expect(again.html).toBe(rendered.html);
    expect(again.etag).toBe(rendered.etag);
    // Another server process of the same build: no page of its own yet, the stored one is sent.
    const other = await startApp();
    const there = await page(other, 'de', id);
    expect(there.source).toBe('stored');
    expect(there.html).toBe(rendered.html);
    expect(there.etag).toBe(rendered.etag);
    // A client without gzip gets the same document.
    const plain = await page(other, 'de', id, 'identity');
    expect(plain.source).toBe('stored');
    expect(plain.html).toBe(rendered.html);
    // Each language is a page of its own.
    const french = await page(first, 'fr', id);
    expect(french.source).toBe('rendered');
    expect(french.html).toContain('lang="fr');
  });

  it('shows every change to what the page shows at the next visit, then stores the new page', async () => {
    const id = products[1]!.id;
    const stale = async (change: () => Promise<unknown>, shows: (html: string) => boolean) => {
      await page(first, 'de', id);
      await settled();
      expect((await page(first, 'de', id)).source).toBe('stored');
      await change();
      const next = await page(first, 'de', id);
      expect(next.source).toBe('rendered');
      expect(shows(next.html)).toBe(true);
      await settled();
      const stored = await page(first, 'de', id);
      expect(stored.source).toBe('stored');
      expect(stored.html).toBe(next.html);
    };
    // The seller's price, through the API.
    await stale(
      () =>
        first.inject({
          method: 'PATCH',
          url: `/api/products/${id}/`,
          headers: seller.auth,
          payload: { price: '13.90' },
        }),
      (html) => html.includes('13.90'),
    );
    // Stock: sold out in the only store.
    await stale(
      () => setStock(database, store, id, 0),
      (html) => html.includes('https://schema.org/OutOfStock'),
    );
    // A review, through the API.
    const customer = await registerCustomer(first);
    await stale(
      () =>
        first.inject({
          method: 'POST',
          url: `/api/products/${id}/reviews/`,
          headers: customer.auth,
          payload: { rating: 5, comment: 'Wunderbar würzig.' },
        }),
      (html) => html.includes('Wunderbar würzig.'),
    );
    // The store's name.
    await setStock(database, store, id, 2);
    await stale(
      () => renameStore(database, store, 'Chäsi Bärn'),
      (html) => html.includes('Chäsi Bärn'),
    );
    // The seller's shop name.
    const profile = await first.inject({ method: 'GET', url: '/api/users/me/', headers: seller.auth });
    await stale(
      () =>
        first.inject({
          method: 'PATCH',
          url: `/api/profiles/${(profile.json() as { profile: { id: number } }).profile.id}/`,
          headers: seller.auth,
          payload: { displayName: 'Bergkäserei Gstaad' },
        }),
      (html) => html.includes('Bergkäserei Gstaad'),
    );
  });

  it('keeps one page per product and language in memory, whatever slug or query the address has', async () => {
    const id = products[4]!.id;
    first.ctx.cache.invalidate();
    const visit = async (url: string) => {
      const res = await first.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      return {
        status: res.statusCode,
        html: res.body,
        source: /desc="(\w+)"/.exec(String(res.headers['server-timing']))?.[1],
      };
    };
    const canonical = await visit(`/de/product/${id}`);
    expect(canonical.status).toBe(200);
    for (const url of [
      `/de/product/${id}/alpkaese-4`,
      `/de/product/${id}/anything`,
      `/de/product/${id}?utm_source=chat`,
    ]) {
      const other = await visit(url);
      expect(other.status).toBe(200);
      expect(other.source).toBe('memory');
      expect(other.html).toBe(canonical.html);
    }
    // Another language is another page.
    expect((await visit(`/fr/product/${id}/anything`)).source).not.toBe('memory');
  });

  it('answers 404 for a hidden product and 410 for a deleted one, whatever was stored', async () => {
    const [hidden, deleted] = [products[2]!.id, products[3]!.id];
    for (const id of [hidden, deleted]) await page(first, 'de', id);
    await settled();
    for (const id of [hidden, deleted]) expect((await page(first, 'de', id)).source).toBe('stored');
    await hideProduct(database, hidden);
    const removed = await first.inject({
      method: 'DELETE',
      url: `/api/products/${deleted}/`,
      headers: seller.auth,
    });
    expect(removed.statusCode).toBe(204);
    expect((await page(first, 'de', hidden)).status).toBe(404);
    expect((await page(first, 'de', deleted)).status).toBe(410);
  });

  it('writes every live product’s page ahead of its first visit when asked to', async () => {
    const ahead = await startApp({ PAGES_WRITE_AHEAD: 'it' });
    const live = [products[0]!.id, products[1]!.id, products[4]!.id];
    // Nobody visits: the write-ahead alone stores them.
    const deadline = Date.now() + 30_000;
    let current: number[] = [];
    while (Date.now() < deadline && current.length < live.length) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      current = await storedPagesOf(ahead.ctx)!.current(live, 'it');
    }
    expect(current).toEqual(live);
    for (const id of live) expect((await page(ahead, 'it', id)).source).toBe('stored');
    // Not the hidden product's.
    expect(await storedPagesOf(ahead.ctx)!.current([products[2]!.id], 'it')).toEqual([]);
  });
});
