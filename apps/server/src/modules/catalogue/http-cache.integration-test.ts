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
});
