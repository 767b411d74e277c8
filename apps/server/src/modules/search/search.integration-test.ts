import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, uniqueName, type TestUser } from '../../../test/fixtures.ts';
import { createStore, insertProduct as insertRow, setStock } from '../../../test/store-builders.ts';

let t: TestApp;
let sellerA: TestUser;
let sellerB: TestUser;
let customer: TestUser;
let tree: { id: number; name: string; subcategory: { id: number; name: string }[] }[];
let zurichStore: { id: number; name: string };
let bernStore: { id: number; name: string };
let storeB: { id: number; name: string };
let kaese: { id: number };
let emmentaler: { id: number };
let birnbrot: { id: number };
let zopf: { id: number };
let hiking: { id: number };

/** A product written straight to the database, as the catalogue service would announce it: the read cache (and the vocabulary) learn of it at once. */
async function insertProduct(...args: Parameters<typeof insertRow>) {
  const product = await insertRow(...args);
  t.app.ctx.cache.invalidate();
  return product;
}

const sub = (name: string) => {
  for (const c of tree)
    for (const s of c.subcategory) if (s.name === name) return { categoryId: c.id, subcategoryId: s.id };
  throw new Error(`no subcategory ${name}`);
};
const categoryId = (name: string) => tree.find((c) => c.name === name)!.id;

beforeAll(async () => {
  t = await build();
  sellerA = await registerUser(t.app, { status: 'STORE_OWNER' });
  sellerB = await registerUser(t.app, { status: 'STORE_OWNER', username: uniqueName('backstube') });
  customer = await registerUser(t.app, { status: 'CUSTOMER' });
  tree = (await t.app.inject({ url: '/api/products/categories/' })).json();
  await t.app.inject({
    method: 'PATCH',
    url: `/api/profiles/${sellerB.id}/`,
    headers: sellerB.auth,
    payload: {
      industry: 'Bäckerei',
      description: 'Brot aus dem Holzofen',
      category: [categoryId('Food & Drinks')],
    },
  });
  await t.app.inject({
    method: 'PATCH',
    url: `/api/profiles/${sellerA.id}/`,
    headers: sellerA.auth,
    payload: { category: [categoryId('Food & Drinks'), categoryId('Sports & Outdoors')] },
  });
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
  const cheese = sub('Cheese & Dairy');
  kaese = await insertProduct(t.database, sellerA, {
    name: 'Käse',
    brand: 'Alp',
    priceRappen: 900,
    ...cheese,
  });
  emmentaler = await insertProduct(t.database, sellerA, {
    name: 'Emmentaler Hartkäse',
    brand: 'Hofkäserei',
    priceRappen: 2450,
    ...cheese,
  });
  birnbrot = await insertProduct(t.database, sellerB, { name: 'Birnbrot', brand: 'Beck', ...sub('Bakery') });
  zopf = await insertProduct(t.database, sellerA, {
    name: 'Butterzopf',
    brand: 'Alp',
    priceRappen: 650,
    ...sub('Bakery'),
  });
  hiking = await insertProduct(t.database, sellerA, {
    name: 'Wanderstöcke',
    brand: 'Bergpfad',
    priceRappen: 12900,
    ...sub('Hiking'),
  });
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
const productIds = (rows: { product: { id: number } }[]) => rows.map((r) => r.product.id);

describe('matching: accents, case, typos by word length, every word', () => {
  it.each(['zurich', 'Zürich', 'ZURICH', 'Zuerich', 'Zurch', 'zürih'])(
    'stores: "%s" finds the store in Zürich and not the one in Bern',
    async (term) => {
      const res = await search({ type: 'stores', search_string: term });
      expect(res.statusCode).toBe(200);
      expect(ids(res.json())).toContain(zurichStore.id);
      expect(ids(res.json())).not.toContain(bernStore.id);
    },
  );

  it.each(['kase', 'Käse', 'KÄSE', 'Kaese', 'kÄse'])(
    'products: "%s" finds the cheese first and nothing that is not cheese',
    async (term) => {
      const res = await search({ type: 'products', search_string: term });
      expect(res.statusCode).toBe(200);
      const found = ids(res.json());
      expect(found[0]).toBe(kaese.id);
      expect(found.sort()).toEqual([kaese.id, emmentaler.id].sort());
    },
  );

  it('a short word must be spelt right: "Kse" finds nothing rather than everything near', async () => {
    expect((await search({ type: 'products', search_string: 'Kse' })).json()).toEqual([]);
    expect(ids((await search({ type: 'products', search_string: 'Kääse' })).json())[0]).toBe(kaese.id);
    // From five letters one typo is forgiven, from nine two.
    expect(ids((await search({ type: 'products', search_string: 'Butterzpf' })).json())).toEqual([zopf.id]);
    expect(ids((await search({ type: 'products', search_string: 'Emmentahler' })).json())).toEqual([
      emmentaler.id,
    ]);
    expect(ids((await search({ type: 'products', search_string: 'Emmnetahler' })).json())).toEqual([
      emmentaler.id,
    ]);
    expect((await search({ type: 'products', search_string: 'Brinbort' })).json()).toEqual([]);
  });

  it('every word must match something, in any field', async () => {
    expect(ids((await search({ type: 'products', search_string: 'alp käse' })).json())).toEqual([kaese.id]);
    expect(ids((await search({ type: 'products', search_string: 'ALP butter' })).json())).toEqual([zopf.id]);
    expect((await search({ type: 'products', search_string: 'alp birnbrot' })).json()).toEqual([]);
  });

  it('ranks exact and prefix matches field by field, then parts of words; typos by field', async () => {
    const seller = await registerUser(t.app, { status: 'STORE_OWNER' });
    const kitchen = sub('Kitchen');
    const typo = await insertProduct(t.database, seller, { name: 'Rosi Schürze', ...kitchen });
    const part = await insertProduct(t.database, seller, { name: 'Kartoffelrösti', ...kitchen });
    const inDescription = await insertProduct(t.database, seller, {
      name: 'Pfanne',
      description: 'Für Rösti',
      ...kitchen,
    });
    const prefix = await insertProduct(t.database, seller, { name: 'Röstiraffel', ...kitchen });
    const exact = await insertProduct(t.database, seller, { name: 'Rösti', ...kitchen });
    const res = await search({ type: 'products', search_string: 'rösti' });
    // "Rosi" is one typo away, but "rösti" is a word of the catalogue: it is taken as typed.
    expect(ids(res.json())).toEqual([exact.id, prefix.id, inDescription.id, part.id]);
    expect(ids(res.json())).not.toContain(typo.id);
    // Misspelt: the typo matches, by field.
    const misspelt = await search({ type: 'products', search_string: 'Röstti' });
    expect(ids(misspelt.json())).toEqual([exact.id, inDescription.id]);
  });

  it('reads a word with its typos only when it is found nowhere as typed', async () => {
    const seller = await registerUser(t.app, { status: 'STORE_OWNER' });
    const cup = await insertProduct(t.database, seller, { name: 'Tasse', ...sub('Kitchen') });
    const till = await insertProduct(t.database, seller, { name: 'Kasse', ...sub('Kitchen') });
    // Both are words of the catalogue: each finds only itself.
    expect(ids((await search({ type: 'products', search_string: 'tasse' })).json())).toEqual([cup.id]);
    expect(ids((await search({ type: 'products', search_string: 'Kasse' })).json())).toEqual([till.id]);
    // "tasze" is no word of the catalogue: read with one typo, it finds the cup.
    expect(ids((await search({ type: 'products', search_string: 'tasze' })).json())).toEqual([cup.id]);
    // Words found as typed that find nothing together are read with their typos too.
    expect(ids((await search({ type: 'products', search_string: 'kasse alp' })).json())).toEqual([kaese.id]);
  });
});

describe('the answer of each type (issue #15)', () => {
  it('all: a list of products matching name, brand or seller name', async () => {
    const res = await search({ type: 'all', search_string: 'kase' });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
    expect(ids(res.json())).toEqual([kaese.id, emmentaler.id]);
    expect(ids((await search({ type: 'all', search_string: sellerB.username })).json())).toEqual([
      birnbrot.id,
    ]);
    expect(ids((await search({ type: 'all', search_string: 'hofkaserei' })).json())).toEqual([emmentaler.id]);
  });

  it.each(['Sports & Outdoors', 'sports & outdoors', 'SPORTS  &  OUTDOORS', 'Hiking', 'hiking'])(
    'products: the category or subcategory name "%s" answers exactly its products',
    async (name) => {
      const res = await search({ type: 'products', search_string: name });
      expect(ids(res.json())).toEqual([hiking.id]);
    },
  );

  it('products: Food & Drinks lists that category, newest first; a category word alone is a search', async () => {
    const res = await search({ type: 'products', search_string: 'Food & Drinks' });
    expect(ids(res.json())).toEqual([zopf.id, birnbrot.id, emmentaler.id, kaese.id]);
    // "Bakery" is a subcategory name; "bakery bread" is not, so it is searched as words.
    expect(ids((await search({ type: 'products', search_string: 'Bakery' })).json())).toEqual([
      zopf.id,
      birnbrot.id,
    ]);
    expect((await search({ type: 'products', search_string: 'bakery bread' })).json()).toEqual([]);
  });

  it('profiles: a category name answers the sellers of that category; otherwise a search', async () => {
    const food = await search({ type: 'profiles', search_string: 'food & drinks' });
    expect(ids(food.json()).sort()).toEqual([sellerA.id, sellerB.id].sort());
    const sports = await search({ type: 'profiles', search_string: 'Sports & Outdoors' });
    expect(ids(sports.json())).toEqual([sellerA.id]);
    const res = await search({ type: 'profiles', search_string: 'backerei' });
    expect(res.json()).toEqual([
      {
        id: sellerB.id,
        user: sellerB.id,
        image: expect.stringMatching(/^\/media\/placeholder\/.+\/profile\.svg$/),
        name: sellerB.username,
        description: 'Brot aus dem Holzofen',
        industry: 'Bäckerei',
      },
    ]);
    expect(ids((await search({ type: 'profiles', search_string: 'Holzofn' })).json())).toEqual([sellerB.id]);
  });

  it.each(['stores', 'map'])(
    '%s: a category name answers the stores of its sellers; a seller name theirs',
    async (type) => {
      const sports = await search({ type, search_string: 'Sports & Outdoors' });
      expect(ids(sports.json()).sort()).toEqual([zurichStore.id, bernStore.id].sort());
      const food = await search({ type, search_string: 'Food & Drinks' });
      expect(ids(food.json()).sort()).toEqual([zurichStore.id, bernStore.id, storeB.id].sort());
      const bySeller = await search({ type, search_string: sellerB.username });
      expect(ids(bySeller.json())).toEqual([storeB.id]);
    },
  );

  it('map: every store as a marker with the owner’s name, id and picture, without credentials', async () => {
    const res = await search({ type: 'map', search_string: '' });
    expect(res.statusCode).toBe(200);
    const stores = res.json();
    expect(ids(stores)).toEqual([storeB.id, bernStore.id, zurichStore.id]);
    const zurich = stores.find((s: { id: number }) => s.id === zurichStore.id);
    const full = (await t.app.inject({ url: `/api/stores/${zurichStore.id}/` })).json();
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
      profile_image: expect.stringMatching(/^\/media\/placeholder\/.+\/profile\.svg$/),
    });
  });

  it('products_in_store: only rows with number > 0, as {id, number, store, product}', async () => {
    const res = await search({ type: 'products_in_store', store_id: zurichStore.id, search_string: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        number: 4,
        store: zurichStore.id,
        product: expect.objectContaining({ id: kaese.id }),
      }),
    ]);
    expect(
      (
        await search({ type: 'products_in_store', store_id: zurichStore.id, search_string: 'emmentaler' })
      ).json(),
    ).toEqual([]);
    const typo = await search({
      type: 'products_in_store',
      store_id: zurichStore.id,
      search_string: 'Kaese',
    });
    expect(productIds(typo.json())).toEqual([kaese.id]);
  });

  it('products_in_my_store: without a token like products_in_store; the owner also sees rows at 0', async () => {
    const params = { type: 'products_in_my_store', store_id: zurichStore.id, search_string: '' };
    for (const user of [undefined, customer, sellerB]) {
      const res = await search(params, user);
      expect(res.statusCode).toBe(200);
      expect(
        res.json().map((r: { product: { id: number }; number: number }) => [r.product.id, r.number]),
      ).toEqual([[kaese.id, 4]]);
    }
    const own = await search(params, sellerA);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(
      own.json().map((r: { product: { id: number }; number: number }) => [r.product.id, r.number]),
    ).toEqual([
      [emmentaler.id, 0],
      [kaese.id, 4],
    ]);
    // The owner's view never lands in the shared answer.
    expect((await search(params)).json()).toHaveLength(1);
    expect((await search({ ...params, store_id: 999999 })).statusCode).toBe(404);
    expect((await search({ type: 'products_in_my_store' }, sellerA)).statusCode).toBe(400);
  });

  it('products_by_seller: only that seller’s products', async () => {
    const res = await search({ type: 'products_by_seller', seller_id: sellerA.id, search_string: 'alp' });
    expect(ids(res.json()).sort()).toEqual([kaese.id, zopf.id].sort());
    const other = await search({ type: 'products_by_seller', seller_id: sellerB.id, search_string: '' });
    expect(ids(other.json())).toEqual([birnbrot.id]);
  });
});

describe('bounded answers: a plain list as the spec calls it, pages with offset or limit', () => {
  it('caps the plain list, says how many matched and links the next page', async () => {
    const seller = await registerUser(t.app, { status: 'STORE_OWNER' });
    for (let i = 0; i < 14; i++)
      await insertProduct(t.database, seller, { name: `Bergkristall ${i}`, ...sub('Rings') });
    const res = await search({ type: 'products', search_string: 'bergkristall' });
    expect(res.json()).toHaveLength(12);
    expect(res.headers['x-total-count']).toBe('14');
    expect(res.headers.link).toBe(
      '</api/search/?type=products&search_string=bergkristall&offset=12&limit=12>; rel="next"',
    );
    const next = await search({ type: 'products', search_string: 'bergkristall', offset: 12, limit: 12 });
    expect(next.json()).toMatchObject({ count: 14, next: null });
    expect(next.json().results).toHaveLength(2);
    // Served again from the read cache: the same headers.
    const again = await search({ type: 'products', search_string: 'bergkristall' });
    expect(again.headers['x-total-count']).toBe('14');
    expect(again.headers.link).toBeDefined();
  });

  it('pages with offset and limit: next is the next offset, null on the last page, count all matches', async () => {
    const first = await search({ type: 'products', search_string: 'alp', limit: 1 });
    expect(first.json()).toMatchObject({ count: 2, next: 1 });
    expect(ids(first.json().results)).toEqual([zopf.id]);
    const second = await search({ type: 'products', search_string: 'alp', offset: 1, limit: 1 });
    expect(second.json()).toMatchObject({ count: 2, next: null });
    expect(ids(second.json().results)).toEqual([kaese.id]);
    const past = await search({ type: 'products', search_string: 'alp', offset: 10 });
    expect(past.json()).toEqual({ results: [], count: 2, next: null });
    const small = await search({ type: 'products_by_seller', seller_id: sellerB.id });
    expect(small.headers['x-total-count']).toBe('1');
    expect(small.headers.link).toBeUndefined();
  });

  it.each([
    [{ type: 'products', limit: 13 }, /limit must be between 1 and 12/],
    [{ type: 'products', limit: 0 }, /limit/],
    [{ type: 'map', limit: 1001 }, /limit must be between 1 and 1000/],
    [{ type: 'products', offset: -1 }, /offset/],
  ])('refuses %j with 400', async (params, detail) => {
    const res = await search(params as Record<string, string | number>);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
  });
});

describe('sort and filters on product answers', () => {
  const names = async (params: Record<string, string | number>) =>
    ids((await search({ type: 'products', search_string: 'alp', ...params })).json());

  it('sorts by price, newest and rating', async () => {
    expect(await names({ sort: 'price_asc' })).toEqual([zopf.id, kaese.id]);
    expect(await names({ sort: 'price_desc' })).toEqual([kaese.id, zopf.id]);
    expect(await names({ sort: 'newest' })).toEqual([zopf.id, kaese.id]);
    const all = await search({ type: 'products', search_string: '', sort: 'price_desc', limit: 2 });
    expect(ids(all.json().results)).toEqual([hiking.id, emmentaler.id]);
  });

  it('filters by price in CHF, stock and the city of a pick-up store', async () => {
    expect(await names({ min_price: '7', max_price: '9.00' })).toEqual([kaese.id]);
    expect(await names({ max_price: '6.50' })).toEqual([zopf.id]);
    const food = { type: 'products', search_string: 'Food & Drinks' };
    const inStock = await search({ ...food, in_stock: 'true' });
    expect(ids(inStock.json())).toEqual([zopf.id, birnbrot.id, kaese.id]);
    expect(ids((await search({ ...food, in_stock: 'false' })).json())).toHaveLength(4);
    expect(ids((await search({ ...food, pickup_city: 'zurich' })).json())).toEqual([kaese.id]);
    expect(ids((await search({ ...food, pickup_city: 'LUZERN' })).json())).toEqual([birnbrot.id]);
    expect((await search({ ...food, pickup_city: 'Genève' })).json()).toEqual([]);
  });

  it.each([
    [{ sort: 'cheapest' }, /sort must be one of relevance, newest, price_asc, price_desc, rating/],
    [{ min_price: 'ten' }, /min_price is an amount in CHF such as 49.90/],
    [{ max_price: '4.999' }, /max_price is an amount in CHF/],
    [{ min_price: '20', max_price: '10' }, /min_price must not be above max_price/],
    [{ in_stock: 'yes' }, /in_stock is true or false/],
    [{ type: 'stores', sort: 'price_asc' }, /Stores and sellers sort by relevance or newest/],
    [{ type: 'profiles', min_price: '5' }, /min_price applies to product searches only/],
  ])('refuses %j with a clear 400', async (params, detail) => {
    const res = await search({ type: 'products', search_string: 'alp', ...params } as Record<string, string>);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
  });
});

describe('the index follows every write', () => {
  it('a product created, renamed away or deleted is found, or not, at once', async () => {
    const seller = await registerUser(t.app, { status: 'STORE_OWNER' });
    const p = await insertProduct(t.database, seller, { name: 'Quittenpaste', ...sub('Kitchen') });
    expect(ids((await search({ type: 'products', search_string: 'quittenpaste' })).json())).toEqual([p.id]);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/products/${p.id}/`, headers: seller.auth });
    expect(del.statusCode).toBeLessThan(300);
    expect((await search({ type: 'products', search_string: 'quittenpaste' })).json()).toEqual([]);
  });

  it('a deleted account takes its seller entry, stores and products out of every search', async () => {
    const seller = await registerUser(t.app, { status: 'STORE_OWNER', username: uniqueName('gone') });
    const store = await createStore(t.app, seller, { name: 'Schliessung', city: 'Aarau' });
    const p = await insertProduct(t.database, seller, { name: 'Ausverkauf', ...sub('Kitchen') });
    expect(ids((await search({ type: 'stores', search_string: 'schliessung' })).json())).toEqual([store.id]);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${seller.id}/`,
      headers: seller.auth,
    });
    expect(res.statusCode).toBeLessThan(300);
    expect((await search({ type: 'stores', search_string: 'schliessung' })).json()).toEqual([]);
    expect((await search({ type: 'products', search_string: 'ausverkauf' })).json()).not.toContainEqual(
      expect.objectContaining({ id: p.id }),
    );
    expect((await search({ type: 'profiles', search_string: seller.username })).json()).toEqual([]);
  });
});

describe('requests the search refuses', () => {
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
    expect((await search({ type: 'products_in_store', store_id: 999999 })).statusCode).toBe(404);
  });

  it.each(['my_products', 'my_stores'])('%s: 401 without credentials, 403 for a customer', async (type) => {
    expect((await search({ type, search_string: '' })).statusCode).toBe(401);
    expect((await search({ type, search_string: '' }, customer)).statusCode).toBe(403);
  });
});

describe('seller search types', () => {
  it('my_products: only the caller’s products, optionally in one of their stores by name', async () => {
    const res = await search({ type: 'my_products', search_string: 'alp' }, sellerA);
    expect(ids(res.json()).sort()).toEqual([kaese.id, zopf.id].sort());
    const inBern = await search({ type: 'my_products', search_string: '', store_name: 'laube' }, sellerA);
    expect(ids(inBern.json())).toEqual([zopf.id]);
    const typo = await search({ type: 'my_products', search_string: 'Butterzpf' }, sellerA);
    expect(ids(typo.json())).toEqual([zopf.id]);
    expect((await search({ type: 'my_products', search_string: 'birnbrot' }, sellerA)).json()).toEqual([]);
  });

  it('my_stores: only the caller’s stores', async () => {
    const res = await search({ type: 'my_stores', search_string: 'bern' }, sellerA);
    expect(ids(res.json())).toEqual([bernStore.id]);
    const all = await search({ type: 'my_stores', search_string: '' }, sellerB);
    expect(ids(all.json())).toEqual([storeB.id]);
  });
});

describe('the search answers are documented', () => {
  it('lists every answer shape of the search route in the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    const op = res.json().paths['/api/search/'].get;
    const shapes = JSON.stringify(op.responses['200']);
    for (const text of [
      'owner_name',
      'number',
      'results',
      'next',
      'industry',
      'a list of Product',
      'a page of MapStore',
    ])
      expect(shapes).toContain(text);
    const params = op.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(
      expect.arrayContaining([
        'sort',
        'min_price',
        'max_price',
        'in_stock',
        'pickup_city',
        'offset',
        'limit',
      ]),
    );
  });
});
