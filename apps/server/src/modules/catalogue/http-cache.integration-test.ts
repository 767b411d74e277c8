import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerCustomer, registerSeller, type TestUser } from '../../../test/fixtures.ts';
import { categoryRef, createProduct, type CategoryRef } from '../../../test/catalogue-builders.ts';

let t: TestApp;
let seller: TestUser;
let customer: TestUser;
let cheese: CategoryRef;

beforeAll(async () => {
  t = await build();
  seller = await registerSeller(t.app);
  customer = await registerCustomer(t.app);
  cheese = await categoryRef(t.database, 0, 0);
});
afterAll(async () => {
  await t.close();
});

describe('HTTP caching of anonymous catalogue and search answers', () => {
  it('answers a weak ETag with no-cache, and 304 without a body while nothing changed', async () => {
    const product = await createProduct(t.app, seller, cheese);
    for (const url of [
      '/api/products/?offset=0&limit=12',
      `/api/products/${product.id}`,
      '/api/products/latest-products/',
      '/api/search/?type=products&search_string=emmentaler',
    ]) {
      const first = await t.app.inject({ url });
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('public, no-cache');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/".+"$/);
      const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const stale = await t.app.inject({ url, headers: { 'if-none-match': 'W/"something-else"' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.json()).toEqual(first.json());
    }
  });

  it('shows a new product at once: a write changes the list and its ETag', async () => {
    const before = await t.app.inject({ url: '/api/products/' });
    const created = await createProduct(t.app, seller, cheese, { name: 'Tête de Moine' });
    const after = await t.app.inject({
      url: '/api/products/',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().results[0]).toMatchObject({ id: created.id, name: 'Tête de Moine' });
    expect(after.json().count).toBe(before.json().count + 1);
  });

  it('never lets a browser or proxy keep answers to requests with credentials', async () => {
    const list = await t.app.inject({ url: '/api/products/', headers: customer.auth });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.headers.etag).toBeUndefined();
    const mine = await t.app.inject({ url: '/api/products/myproducts/', headers: seller.auth });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    const own = await t.app.inject({
      url: '/api/search/?type=my_products&search_string=',
      headers: seller.auth,
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
  });

  it('sends answers compressed the way the browser asks, the same JSON in every encoding', async () => {
    for (let i = 0; i < 8; i++) await createProduct(t.app, seller, cheese, { name: `Bergkäse ${i}` });
    const url = '/api/products/?offset=0&limit=12';
    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(String(plain.headers.vary)).toMatch(/Accept-Encoding/);

    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.headers.etag).toBe(plain.headers.etag);

    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const none = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json()).toEqual(plain.json());

    // A 304 has no body to encode; with credentials the answer is compressed too, never kept.
    const revalidated = await t.app.inject({
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    const mine = await t.app.inject({ url, headers: { ...customer.auth, 'accept-encoding': 'gzip' } });
    expect(mine.headers['content-encoding']).toBe('gzip');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(JSON.parse(gunzipSync(mine.rawPayload).toString())).toEqual(plain.json());
  });
});
