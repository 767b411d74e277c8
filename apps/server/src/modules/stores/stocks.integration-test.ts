import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, type TestUser } from '../../../test/fixtures.ts';
import { createStore, insertProduct, setStock } from '../../../test/store-builders.ts';
import { products, stocks, subcategories } from '../../db/schema.ts';

let t: TestApp;
let sellerA: TestUser;
let sellerB: TestUser;
let customer: TestUser;
let storeA: { id: number; name: string };
let storeB: { id: number; name: string };
let productA: { id: number; name: string; brand: string };
let productB: { id: number; name: string; brand: string };

beforeAll(async () => {
  t = await build();
  sellerA = await registerUser(t.app, { status: 'STORE_OWNER' });
  sellerB = await registerUser(t.app, { status: 'STORE_OWNER' });
  customer = await registerUser(t.app, { status: 'CUSTOMER' });
  storeA = await createStore(t.app, sellerA, { name: 'Laden A' });
  storeB = await createStore(t.app, sellerB, { name: 'Laden B' });
  productA = await insertProduct(t.database, sellerA, { name: 'Bergkäse', priceRappen: 1990 });
  productB = await insertProduct(t.database, sellerB, { name: 'Birnbrot' });
});
afterAll(async () => {
  await t.close();
});

const post = (user: TestUser | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/stocks/new/',
    headers: user?.auth ?? {},
    payload: payload as Record<string, unknown>,
  });
const put = (user: TestUser | null, id: number, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/stocks/${id}/`,
    headers: user?.auth ?? {},
    payload: payload as Record<string, unknown>,
  });

describe('creating and changing stock', () => {
  it('creates a row in the shape of a stock, and a second create updates that row (upsert)', async () => {
    const first = await post(sellerA, { number: 5, store: storeA.id, product: productA.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      number: 5,
      store: storeA.id,
      storeName: 'Laden A',
      product: {
        id: productA.id,
        brand: productA.brand,
        name: 'Bergkäse',
        price: '19.90',
        category: expect.any(Number),
        image: expect.stringMatching(/^\/media\/placeholder\/.+\/product\.svg$/),
      },
    });
    const second = await post(sellerA, { number: '12', store: String(storeA.id), product: productA.id });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ id: first.json().id, number: 12 });
    const rows = await t.app.inject({ url: `/api/stocks/store/${storeA.id}` });
    expect(rows.json()).toHaveLength(1);
  });

  it('sets the number with PUT; "delete" is number 0 and keeps the row', async () => {
    const row = await setStock(t.app, sellerA, storeA.id, productA.id, 3);
    const res = await put(sellerA, row.id, { number: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: row.id, number: 0 });
    const rows = await t.app.inject({ url: `/api/stocks/product/${productA.id}` });
    expect(rows.json()).toEqual([expect.objectContaining({ id: row.id, number: 0, store: storeA.id })]);
  });

  it.each([-1, 1.5, 1_000_001, 'many', null])('answers 400 for the number %j', async (number) => {
    const row = await setStock(t.app, sellerA, storeA.id, productA.id, 4);
    const created = await post(sellerA, { number, store: storeA.id, product: productA.id });
    expect(created.statusCode).toBe(400);
    expect(created.json().detail).toMatch(/whole number from 0 to 1,000,000/);
    const changed = await put(sellerA, row.id, { number });
    expect(changed.statusCode).toBe(400);
    const rows = await t.app.inject({ url: `/api/stocks/store/${storeA.id}` });
    expect(rows.json()[0].number).toBe(4);
  });

  it('accepts the bounds 0 and 1,000,000', async () => {
    expect((await post(sellerA, { number: 0, store: storeA.id, product: productA.id })).statusCode).toBe(201);
    const top = await post(sellerA, { number: 1_000_000, store: storeA.id, product: productA.id });
    expect(top.json().number).toBe(1_000_000);
  });

  it('refuses seller B on seller A’s store, product or stock row like a missing one (404) and changes nothing', async () => {
    const row = await setStock(t.app, sellerA, storeA.id, productA.id, 9);
    // B's product in A's store, A's product in B's store, A's row.
    expect((await post(sellerB, { number: 1, store: storeA.id, product: productB.id })).statusCode).toBe(404);
    expect((await post(sellerB, { number: 1, store: storeB.id, product: productA.id })).statusCode).toBe(404);
    expect((await post(sellerA, { number: 1, store: storeB.id, product: productA.id })).statusCode).toBe(404);
    expect((await post(sellerB, { number: 1, store: storeA.id, product: productA.id })).statusCode).toBe(404);
    const foreign = await put(sellerB, row.id, { number: 0 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe(`Stock ${row.id} does not exist.`);
    const rows = await t.app.inject({ url: `/api/stocks/store/${storeA.id}` });
    expect(rows.json()).toEqual([expect.objectContaining({ id: row.id, number: 9 })]);
  });

  it('answers 401 for anonymous callers and 403 for customers', async () => {
    expect((await post(null, { number: 1, store: storeA.id, product: productA.id })).statusCode).toBe(401);
    expect((await post(customer, { number: 1, store: storeA.id, product: productA.id })).statusCode).toBe(
      403,
    );
    expect((await put(null, 1, { number: 1 })).statusCode).toBe(401);
  });

  it('answers 404 for unknown stores, products and stock rows', async () => {
    const store = await post(sellerA, { number: 1, store: 999999, product: productA.id });
    expect(store.statusCode).toBe(404);
    expect(store.json().detail).toMatch(/Store 999999/);
    const product = await post(sellerA, { number: 1, store: storeA.id, product: 999999 });
    expect(product.statusCode).toBe(404);
    expect((await put(sellerA, 999999, { number: 1 })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/stocks/store/999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/stocks/product/999999' })).statusCode).toBe(404);
  });
});

describe('GET /api/stocks/', () => {
  it('answers a seller their own rows and anyone else a bounded page of live rows', async () => {
    await setStock(t.app, sellerA, storeA.id, productA.id, 2);
    await setStock(t.app, sellerB, storeB.id, productB.id, 6);
    const mine = await t.app.inject({ url: '/api/stocks/', headers: sellerB.auth });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((s: { store: number }) => s.store)).toEqual([storeB.id]);

    const all = await t.app.inject({ url: '/api/stocks/' });
    expect(all.statusCode).toBe(200);
    const stores = all.json().map((s: { store: number }) => s.store);
    expect(stores).toEqual(expect.arrayContaining([storeA.id, storeB.id]));
    const page = await t.app.inject({ url: '/api/stocks/?limit=1' });
    expect(page.json()).toHaveLength(1);
    expect((await t.app.inject({ url: '/api/stocks/?limit=1000' })).statusCode).toBe(400);
  });

  it('leaves out rows of deleted stores', async () => {
    const store = await createStore(t.app, sellerA, { name: 'Kurzzeit' });
    await setStock(t.app, sellerA, store.id, productA.id, 1);
    await t.app.inject({ method: 'DELETE', url: `/api/stores/${store.id}/`, headers: sellerA.auth });
    const rows = await t.app.inject({ url: `/api/stocks/product/${productA.id}` });
    expect(rows.json().map((s: { store: number }) => s.store)).not.toContain(store.id);
  });
});

describe('a store with 520 stock rows', () => {
  let big: TestUser;
  let store: { id: number; name: string };
  let rowIds: number[];

  beforeAll(async () => {
    big = await registerUser(t.app, { status: 'STORE_OWNER' });
    store = await createStore(t.app, big, { name: 'Grosses Lager' });
    const [sub] = await t.database.db.select().from(subcategories).limit(1);
    const made = await t.database.db
      .insert(products)
      .values(
        Array.from({ length: 520 }, (_, i) => ({
          sellerId: big.id,
          brand: 'Lager',
          name: `Artikel ${i}`,
          priceRappen: 500,
          categoryId: sub!.categoryId,
          subcategoryId: sub!.id,
        })),
      )
      .returning({ id: products.id });
    const rows = await t.database.db
      .insert(stocks)
      .values(made.map((p) => ({ storeId: store.id, productId: p.id, number: 3 })))
      .returning({ id: stocks.id });
    rowIds = rows.map((r) => r.id).sort((a, b) => a - b);
  });

  it('answers a plain call with at most 500 rows, the total and a link to the rest', async () => {
    const res = await t.app.inject({ url: `/api/stocks/store/${store.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: { id: number }) => s.id)).toEqual(rowIds.slice(0, 500));
    expect(res.headers['x-total-count']).toBe('520');
    expect(res.headers.link).toBe(`</api/stocks/store/${store.id}?offset=500&limit=500>; rel="next"`);
  });

  it('pages with offset and limit (100 by default), next as an offset, and refuses a page over 500', async () => {
    const first = (await t.app.inject({ url: `/api/stocks/store/${store.id}?offset=0` })).json();
    expect(first).toMatchObject({ count: 520, next: 100 });
    expect(first.results.map((s: { id: number }) => s.id)).toEqual(rowIds.slice(0, 100));
    const last = (await t.app.inject({ url: `/api/stocks/store/${store.id}?offset=500&limit=100` })).json();
    expect(last.results.map((s: { id: number }) => s.id)).toEqual(rowIds.slice(500));
    expect(last.next).toBeNull();
    expect((await t.app.inject({ url: `/api/stocks/store/${store.id}?limit=501` })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/stocks/store/999999?offset=0' })).statusCode).toBe(404);
  });
});
