import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, uniqueName, type TestUser } from '../../../test/fixtures.ts';
import { createStore, insertProduct, setStock } from '../../../test/store-builders.ts';

let t: TestApp;
let sellerA: TestUser;
let sellerB: TestUser;
let customer: TestUser;
let zurichStore: { id: number; name: string };
let bernStore: { id: number; name: string };
let storeB: { id: number; name: string };
let kaese: { id: number };
let emmentaler: { id: number };
let birnbrot: { id: number };
let zopf: { id: number };

beforeAll(async () => {
  t = await build();
  sellerA = await registerUser(t.app, { status: 'STORE_OWNER' });
  // Distinct names: two 'seller…' names are one typo apart and would match each other.
  sellerB = await registerUser(t.app, { status: 'STORE_OWNER', username: uniqueName('backstube') });
  customer = await registerUser(t.app, { status: 'CUSTOMER' });
  await t.app.inject({
    method: 'PATCH',
    url: `/api/profiles/${sellerB.id}/`,
    headers: sellerB.auth,
    payload: { industry: 'Bäckerei', description: 'Brot aus dem Holzofen' },
  });
  const tree = (await t.app.inject({ url: '/api/products/categories/' })).json() as { id: number }[];
  zurichStore = await createStore(t.app, sellerA, {
    category: [tree[1]!.id, tree[0]!.id],
    name: 'Molkerei Limmat',
    city: 'Zürich',
    address: 'Limmatquai 5',
  });
  bernStore = await createStore(t.app, sellerA, { name: 'Laube', city: 'Bern', address: 'Kramgasse 3' });
  storeB = await createStore(t.app, sellerB, {
    name: 'Beckstube',
    city: 'Luzern',
    address: 'Hertensteinstrasse 1',
  });
  kaese = await insertProduct(t.database, sellerA, { name: 'Käse', brand: 'Alp' });
  emmentaler = await insertProduct(t.database, sellerA, { name: 'Emmentaler Hartkäse', brand: 'Hofkäserei' });
  birnbrot = await insertProduct(t.database, sellerB, { name: 'Birnbrot', brand: 'Beck' });
  zopf = await insertProduct(t.database, sellerA, { name: 'Butterzopf', brand: 'Alp' });
  await setStock(t.app, sellerA, zurichStore.id, kaese.id, 4);
  await setStock(t.app, sellerA, zurichStore.id, emmentaler.id, 0);
  await setStock(t.app, sellerA, bernStore.id, zopf.id, 2);
  await setStock(t.app, sellerB, storeB.id, birnbrot.id, 8);
});
afterAll(async () => {
  await t.close();
});

async function search(params: Record<string, string | number>, user?: TestUser) {
  const qs = new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return t.app.inject({ url: `/api/search/?${qs}`, headers: user?.auth ?? {} });
}
const ids = (list: { id: number }[]) => list.map((x) => x.id);

describe('public search types', () => {
  it.each(['zurich', 'Zürich', 'ZURICH', 'Zurch', 'Zuerich', 'zürih'])(
    'stores: "%s" finds the store in Zürich and not the one in Bern',
    async (term) => {
      const res = await search({ type: 'stores', search_string: term });
      expect(res.statusCode).toBe(200);
      expect(ids(res.json())).toContain(zurichStore.id);
      expect(ids(res.json())).not.toContain(bernStore.id);
    },
  );

  it.each(['kase', 'Käse', 'KÄSE', 'Kääse', 'Kse', 'kaese'])(
    'products: "%s" finds Käse, with the closest match first',
    async (term) => {
      const res = await search({ type: 'products', search_string: term });
      expect(res.statusCode).toBe(200);
      const found = ids(res.json());
      expect(found).toContain(kaese.id);
      expect(found).not.toContain(birnbrot.id);
      expect(found).not.toContain(zopf.id);
    },
  );

  it('products: ranks substring matches before fuzzy ones and answers full products', async () => {
    const res = await search({ type: 'products', search_string: 'hartkase' });
    const [first] = res.json();
    expect(first).toMatchObject({ id: emmentaler.id, name: 'Emmentaler Hartkäse', seller: sellerA.id });
    expect(first).toHaveProperty('stocks');
    expect(first).toHaveProperty('price');
  });

  it('products: finds by seller name and brand too', async () => {
    const bySeller = await search({ type: 'products', search_string: sellerB.username });
    expect(ids(bySeller.json())).toEqual([birnbrot.id]);
    const byBrand = await search({ type: 'products', search_string: 'hofkaserei' });
    expect(ids(byBrand.json())).toContain(emmentaler.id);
  });

  it('map: lists every store as a marker with the owner’s name, id and picture, without credentials', async () => {
    const res = await search({ type: 'map', search_string: '' });
    expect(res.statusCode).toBe(200);
    const stores = res.json();
    expect(ids(stores)).toEqual(expect.arrayContaining([zurichStore.id, bernStore.id, storeB.id]));
    const zurich = stores.find((s: { id: number }) => s.id === zurichStore.id);
    const full = (await t.app.inject({ url: `/api/stores/${zurichStore.id}/` })).json();
    // Exactly what a marker, its popup and the list beside the map show; the rest is one click away.
    expect(zurich).toEqual({
      id: zurichStore.id,
      owner: sellerA.id,
      name: full.name,
      address: full.address,
      city: full.city,
      latitude: full.latitude,
      longitude: full.longitude,
      category: full.category,
      owner_name: sellerA.username,
      owner_id: sellerA.id,
      profile_image: null,
    });
    expect(full.category).toHaveLength(2);
  });

  it('an empty search lists everything of the type, newest first', async () => {
    const res = await search({ type: 'stores' });
    expect(ids(res.json())).toEqual([storeB.id, bernStore.id, zurichStore.id]);
    const products = await search({ type: 'products', search_string: '' });
    expect(ids(products.json())).toEqual([zopf.id, birnbrot.id, emmentaler.id, kaese.id]);
    const limited = await search({ type: 'products', search_string: '', limit: 2 });
    expect(limited.json()).toHaveLength(2);
  });

  it('profiles: finds sellers by industry, accent-insensitive, as seller summaries', async () => {
    const res = await search({ type: 'profiles', search_string: 'backerei' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: sellerB.id,
        user: sellerB.id,
        image: null,
        name: sellerB.username,
        description: 'Brot aus dem Holzofen',
        industry: 'Bäckerei',
      },
    ]);
    const typo = await search({ type: 'profiles', search_string: 'Holzofn' });
    expect(ids(typo.json())).toEqual([sellerB.id]);
  });

  it('all: answers products, stores and profiles together', async () => {
    const res = await search({ type: 'all', search_string: 'zurich' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['products', 'profiles', 'stores']);
    expect(ids(body.stores)).toEqual([zurichStore.id]);
    const kase = await search({ type: 'all', search_string: 'kase' });
    expect(ids(kase.json().products)).toEqual(expect.arrayContaining([kaese.id, emmentaler.id]));
  });

  it('products_in_store: lists only rows with number > 0 as {number, product}', async () => {
    const res = await search({ type: 'products_in_store', store_id: zurichStore.id, search_string: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        number: 4,
        store: zurichStore.id,
        product: expect.objectContaining({ id: kaese.id }),
      }),
    ]);
    const none = await search({
      type: 'products_in_store',
      store_id: zurichStore.id,
      search_string: 'emmentaler',
    });
    expect(none.json()).toEqual([]);
    const typo = await search({ type: 'products_in_store', store_id: zurichStore.id, search_string: 'Kse' });
    expect(typo.json().map((r: { product: { id: number } }) => r.product.id)).toEqual([kaese.id]);
  });

  it('products_by_seller: only that seller’s products', async () => {
    const res = await search({ type: 'products_by_seller', seller_id: sellerA.id, search_string: 'alp' });
    expect(res.statusCode).toBe(200);
    expect(ids(res.json()).sort()).toEqual([kaese.id, zopf.id].sort());
    const other = await search({ type: 'products_by_seller', seller_id: sellerB.id, search_string: '' });
    expect(ids(other.json())).toEqual([birnbrot.id]);
  });

  it.each([
    [{ type: 'everything', search_string: 'x' }, /type/],
    [{ search_string: 'x' }, /type/],
    [{ type: 'products_in_store', search_string: 'x' }, /store_id/],
    [{ type: 'products_by_seller', search_string: 'x' }, /seller_id/],
    [{ type: 'products', search_string: 'x'.repeat(201) }, /200/],
  ])('answers 400 with a detail for %j', async (params, detail) => {
    const res = await search(params as Record<string, string>);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
  });

  it('products_in_store: 404 for an unknown store', async () => {
    const res = await search({ type: 'products_in_store', store_id: 999999 });
    expect(res.statusCode).toBe(404);
  });
});

describe('seller search types', () => {
  it.each(['my_products', 'my_stores'])('%s: 401 without credentials, 403 for a customer', async (type) => {
    expect((await search({ type, search_string: '' })).statusCode).toBe(401);
    expect((await search({ type, search_string: '' }, customer)).statusCode).toBe(403);
  });

  it('my_products: only the caller’s products, optionally in one of their stores by name', async () => {
    const res = await search({ type: 'my_products', search_string: '' }, sellerA);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json()).sort()).toEqual([kaese.id, emmentaler.id, zopf.id].sort());
    const inBern = await search({ type: 'my_products', search_string: '', store_name: 'laube' }, sellerA);
    expect(ids(inBern.json())).toEqual([zopf.id]);
    const typo = await search({ type: 'my_products', search_string: 'Butterzpf' }, sellerA);
    expect(ids(typo.json())).toEqual([zopf.id]);
    const foreign = await search({ type: 'my_products', search_string: 'birnbrot' }, sellerA);
    expect(foreign.json()).toEqual([]);
  });

  it('my_stores: only the caller’s stores', async () => {
    const res = await search({ type: 'my_stores', search_string: 'bern' }, sellerA);
    expect(ids(res.json())).toEqual([bernStore.id]);
    const all = await search({ type: 'my_stores', search_string: '' }, sellerB);
    expect(ids(all.json())).toEqual([storeB.id]);
  });

  it('products_in_my_store: the rows of an own store, those at 0 included', async () => {
    const res = await search(
      { type: 'products_in_my_store', store_id: zurichStore.id, search_string: '' },
      sellerA,
    );
    expect(res.statusCode).toBe(200);
    const rows = res.json().map((r: { number: number; product: { id: number } }) => [r.product.id, r.number]);
    expect(rows).toEqual(
      expect.arrayContaining([
        [kaese.id, 4],
        [emmentaler.id, 0],
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it('products_in_my_store: 401/403 for others, 403 for a foreign store, 404 unknown, 400 without store_id', async () => {
    const params = { type: 'products_in_my_store', store_id: zurichStore.id };
    expect((await search(params)).statusCode).toBe(401);
    expect((await search(params, customer)).statusCode).toBe(403);
    expect((await search(params, sellerB)).statusCode).toBe(403);
    expect((await search({ ...params, store_id: 999999 }, sellerA)).statusCode).toBe(404);
    expect((await search({ type: 'products_in_my_store' }, sellerA)).statusCode).toBe(400);
  });
});

describe('the search answers are documented', () => {
  it('lists the search route with its response shapes in the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    const op = res.json().paths['/api/search/'].get;
    expect(JSON.stringify(op.responses['200'])).toContain('owner_name');
    expect(JSON.stringify(op.responses['200'])).toContain('number');
  });
});
