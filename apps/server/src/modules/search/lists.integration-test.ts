/**
 * Sort and filters on the product list, a category's products and a seller's products
 * (docs/decisions/181): the same parameters as the search, the same answers' shapes as
 * without them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, type TestUser } from '../../../test/fixtures.ts';
import { createStore, insertProduct, setStock } from '../../../test/store-builders.ts';
import { rawRows } from '../../db/sql.ts';

let t: TestApp;
let seller: TestUser;
let other: TestUser;
let tree: { id: number; name: string; subcategory: { id: number; name: string }[] }[];
/** Cheapest to dearest: 6.50 bread (Bern, 2 units), 9.00 cheese (Zürich, 4), 24.50 cheese (none), 129.00 poles (Lausanne and Bern). */
let zopf: { id: number };
let kaese: { id: number };
let emmentaler: { id: number };
let poles: { id: number };
let otherBread: { id: number };
/** The seller's stores, and one of the other seller's. */
let shops: Record<'zurich' | 'bern' | 'lausanne' | 'theirs', { id: number }>;

const sub = (name: string) => {
  for (const c of tree)
    for (const s of c.subcategory) if (s.name === name) return { categoryId: c.id, subcategoryId: s.id };
  throw new Error(`no subcategory ${name}`);
};

beforeAll(async () => {
  t = await build();
  seller = await registerUser(t.app, { status: 'STORE_OWNER' });
  other = await registerUser(t.app, { status: 'STORE_OWNER' });
  tree = (await t.app.inject({ url: '/api/products/categories/' })).json();
  const zurich = await createStore(t.app, seller, { name: 'Molkerei', city: 'Zürich' });
  const bern = await createStore(t.app, seller, { name: 'Laube', city: 'Bern' });
  const lausanne = await createStore(t.app, seller, { name: 'Ouchy', city: 'Lausanne' });
  kaese = await insertProduct(t.database, seller, {
    name: 'Käse',
    priceRappen: 900,
    ...sub('Cheese & Dairy'),
  });
  emmentaler = await insertProduct(t.database, seller, {
    name: 'Emmentaler',
    priceRappen: 2450,
    ...sub('Cheese & Dairy'),
  });
  zopf = await insertProduct(t.database, seller, { name: 'Zopf', priceRappen: 650, ...sub('Bakery') });
  poles = await insertProduct(t.database, seller, { name: 'Stöcke', priceRappen: 12900, ...sub('Hiking') });
  otherBread = await insertProduct(t.database, other, { name: 'Brot', priceRappen: 500, ...sub('Bakery') });
  await setStock(t.app, seller, zurich.id, kaese.id, 4);
  await setStock(t.app, seller, zurich.id, emmentaler.id, 0);
  await setStock(t.app, seller, bern.id, zopf.id, 2);
  await setStock(t.app, seller, bern.id, poles.id, 1);
  await setStock(t.app, seller, lausanne.id, poles.id, 3);
  const theirs = await createStore(t.app, other, { name: 'Beck', city: 'Bern' });
  shops = { zurich, bern, lausanne, theirs };
  // Ratings as reviews leave them: the cheese 5.0 from one review, the poles 4.5 from two.
  await rawRows(
    t.database.db,
    sql`update products set rating_sum = 5, num_reviews = 1 where id = ${kaese.id}`,
  );
  await rawRows(
    t.database.db,
    sql`update products set rating_sum = 9, num_reviews = 2 where id = ${poles.id}`,
  );
  t.app.ctx.cache.invalidate();
}, 60_000);
afterAll(async () => {
  await t.close();
});

const ids = (list: { id: number }[]) => list.map((p) => p.id);
const get = (url: string) => t.app.inject({ url });
const list = async (qs: string) => {
  const res = await get(`/api/products/?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { results: { id: number }[]; count: number; next: string | null };
};
const ofSeller = async (qs: string) => {
  const res = await get(`/api/products/user/${seller.id}?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return ids(res.json());
};

describe('GET /api/products/ with sort and filters', () => {
  it('sorts by price both ways, newest and rating', async () => {
    expect(ids((await list('sort=price_asc')).results)).toEqual([
      otherBread.id,
      zopf.id,
      kaese.id,
      emmentaler.id,
      poles.id,
    ]);
    expect(ids((await list('sort=price_desc')).results)).toEqual([
      poles.id,
      emmentaler.id,
      kaese.id,
      zopf.id,
      otherBread.id,
    ]);
    expect(ids((await list('sort=newest')).results)).toEqual([
      otherBread.id,
      poles.id,
      zopf.id,
      emmentaler.id,
      kaese.id,
    ]);
    expect(ids((await list('sort=rating')).results).slice(0, 2)).toEqual([kaese.id, poles.id]);
  });

  it('filters by price in CHF, units in stock and the city of a pick-up store', async () => {
    expect(ids((await list('min_price=6.50&max_price=24.50&sort=price_asc')).results)).toEqual([
      zopf.id,
      kaese.id,
      emmentaler.id,
    ]);
    const inStock = await list('in_stock=true&sort=price_asc');
    expect(ids(inStock.results)).toEqual([zopf.id, kaese.id, poles.id]);
    expect(inStock.count).toBe(3);
    expect(ids((await list('pickup_city=lausanne')).results)).toEqual([poles.id]);
    expect(ids((await list('pickup_city=BERN&sort=price_desc')).results)).toEqual([poles.id, zopf.id]);
    expect((await list('pickup_city=Genf')).results).toEqual([]);
  });

  it('pages as without filters: count of all matches, next is the offset of the next page', async () => {
    const first = await list('in_stock=true&sort=price_asc&limit=2');
    expect(ids(first.results)).toEqual([zopf.id, kaese.id]);
    expect(first.count).toBe(3);
    expect(first.next).toBe(2);
    const second = await list(`in_stock=true&sort=price_asc&limit=2&offset=${first.next}`);
    expect(ids(second.results)).toEqual([poles.id]);
    expect(second.next).toBeNull();
  });

  it('sorts and filters a category or subcategory by its name', async () => {
    const food = await list('category=Food%20%26%20Drinks&sort=price_desc');
    expect(ids(food.results)).toEqual([emmentaler.id, kaese.id, zopf.id, otherBread.id]);
    const bakery = await list('subcategory=Bakery&max_price=6');
    expect(ids(bakery.results)).toEqual([otherBread.id]);
    expect((await list('category=Nothing&sort=newest')).count).toBe(0);
  });
});

describe('GET /api/products/user/{id} with sort and filters', () => {
  it('sorts and filters one seller’s products only', async () => {
    expect(await ofSeller('sort=price_asc')).toEqual([zopf.id, kaese.id, emmentaler.id, poles.id]);
    expect(await ofSeller('in_stock=true&sort=price_desc')).toEqual([poles.id, kaese.id, zopf.id]);
    expect(await ofSeller('pickup_city=Z%C3%BCrich')).toEqual([kaese.id]);
    expect(await ofSeller('min_price=100')).toEqual([poles.id]);
    expect(await ofSeller('sort=rating')).toEqual([kaese.id, poles.id, zopf.id, emmentaler.id]);
  });

  it('pages a seller’s filtered products like the plain list: offset/limit answer {results, count, next}', async () => {
    const first = (await get(`/api/products/user/${seller.id}?sort=price_asc&limit=3`)).json();
    expect(ids(first.results)).toEqual([zopf.id, kaese.id, emmentaler.id]);
    expect(first).toMatchObject({ count: 4, next: 3 });
    const rest = (await get(`/api/products/user/${seller.id}?sort=price_asc&limit=3&offset=3`)).json();
    expect(ids(rest.results)).toEqual([poles.id]);
    expect(rest.next).toBeNull();
    const plain = await get(`/api/products/user/${seller.id}?sort=price_asc`);
    expect(plain.headers['x-total-count']).toBe('4');
  });

  it('narrows to one store’s products with units there, paged and counted by the server (decision 314)', async () => {
    expect(await ofSeller(`store_id=${shops.bern.id}`)).toEqual([poles.id, zopf.id]);
    // The Emmentaler's row in Zürich has no units.
    expect(await ofSeller(`store_id=${shops.zurich.id}&sort=price_asc`)).toEqual([kaese.id]);
    const page = (await get(`/api/products/user/${seller.id}?store_id=${shops.bern.id}&limit=1`)).json();
    expect(ids(page.results)).toEqual([poles.id]);
    expect(page).toMatchObject({ count: 2, next: 1 });
    // Another seller's store, or none: nothing of this seller's, as for no match.
    expect(await ofSeller(`store_id=${shops.theirs.id}`)).toEqual([]);
    expect(await ofSeller('store_id=999999')).toEqual([]);
    for (const bad of ['abc', '0', '-1', '1.5'])
      expect((await get(`/api/products/user/${seller.id}?store_id=${bad}`)).statusCode, bad).toBe(400);
  });

  it('answers 404 for no such seller, with or without filters', async () => {
    expect((await get('/api/products/user/999999?sort=newest')).statusCode).toBe(404);
    expect((await get('/api/products/user/999999')).statusCode).toBe(404);
  });
});

describe('availability on cards', () => {
  it('list and search answers carry each product’s stock per live store with its city (one query per page)', async () => {
    type Card = { id: number; countInStock: number; stocks: { number: number; city: string }[] };
    const page = (await list('sort=price_asc')).results as Card[];
    const byId = new Map(page.map((p) => [p.id, p]));
    expect(
      byId
        .get(poles.id)!
        .stocks.filter((s) => s.number > 0)
        .map((s) => s.city)
        .sort(),
    ).toEqual(['Bern', 'Lausanne']);
    expect(byId.get(emmentaler.id)!.countInStock).toBe(0);
    const found = (await get('/api/search/?type=all&search_string=k%C3%A4se')).json() as Card[];
    expect(found.find((p) => p.id === kaese.id)!.stocks).toEqual([
      expect.objectContaining({ number: 4, city: 'Zürich' }),
    ]);
  });
});

describe('bad sort and filter values', () => {
  it.each([
    ['sort=cheapest', /sort must be one of relevance, newest, price_asc, price_desc, rating/],
    ['min_price=ten', /min_price is an amount in CHF such as 49.90/],
    ['max_price=4.999', /max_price is an amount in CHF/],
    ['min_price=20&max_price=10', /min_price must not be above max_price/],
    ['in_stock=yes', /in_stock is true or false/],
    ['pickup_city=', /Name a city for pickup_city/],
  ])('%s is a 400 with a detail, on the list and on a seller’s products', async (qs, detail) => {
    for (const url of [`/api/products/?${qs}`, `/api/products/user/${seller.id}?${qs}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().detail, url).toMatch(detail);
    }
  });
});
