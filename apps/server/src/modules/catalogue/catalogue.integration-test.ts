import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { multipart, registerCustomer, registerSeller, type TestUser } from '../../../test/fixtures.ts';
import {
  categoryRef,
  createOrder,
  createProduct,
  createStore,
  pngImage,
  setStock,
  type CategoryRef,
} from '../../../test/catalogue-builders.ts';
import { orderItems, products } from '../../db/schema.ts';
import { loadProducts } from './service.ts';

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

function mediaFiles(): string[] {
  const root = path.join(t.config.dataDir, 'media');
  try {
    return readdirSync(root, { recursive: true }).map(String).sort();
  } catch {
    return [];
  }
}

describe('categories', () => {
  it('lists every category with at least 3 subcategories, in order, with and without the slash', async () => {
    const res = await t.app.inject({ url: '/api/products/categories/' });
    expect(res.statusCode).toBe(200);
    const tree = res.json() as { id: number; name: string; subcategory: { id: number; name: string }[] }[];
    expect(tree.length).toBeGreaterThanOrEqual(8);
    expect(tree[0]!.name).toBe(cheese.categoryName);
    expect(tree[0]!.subcategory[0]).toEqual({ id: cheese.subcategory, name: cheese.subcategoryName });
    for (const c of tree) expect(c.subcategory.length).toBeGreaterThanOrEqual(3);
    const noSlash = await t.app.inject({ url: '/api/products/categories' });
    expect(noSlash.json()).toEqual(tree);
  });
});

describe('creating products', () => {
  it('creates a product owned by the caller whatever `seller` says, with money as a decimal string', async () => {
    const other = await registerSeller(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/new/',
      headers: seller.auth,
      payload: {
        brand: 'Bündner Spezialitäten',
        name: 'Nusstorte Engiadina',
        price: '49.9',
        description: 'Mit Baumnüssen aus dem Val Müstair.',
        category: cheese.category,
        subcategory: cheese.subcategory,
        seller: other.id,
      },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      brand: 'Bündner Spezialitäten',
      name: 'Nusstorte Engiadina',
      price: '49.90',
      seller: seller.id,
      seller_id: seller.id,
      username: seller.username,
      sellerDetails: { id: seller.id, name: seller.username },
      category: cheese.category,
      categoryName: cheese.categoryName,
      subcategory: cheese.subcategory,
      subcategoryName: cheese.subcategoryName,
      rating: 0,
      numReviews: 0,
      countInStock: 0,
      stocks: [],
      image: expect.stringMatching(/^\/media\/placeholder\/.+\/product\.svg$/),
    });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, body.id));
    expect(row!.priceRappen).toBe(4990);
    // Searchable at once by any word, its seller's name included (the database indexes it).
    for (const term of ['Baumnüssen', 'nusstorte', seller.username]) {
      const found = await t.app.inject({
        url: `/api/search/?type=all&search_string=${encodeURIComponent(term)}`,
      });
      expect(found.json().map((p: { id: number }) => p.id)).toContain(body.id);
    }
  });

  it('accepts multipart with an image, re-encoded to WebP and served with long cache and nosniff', async () => {
    const form = multipart(
      {
        brand: 'Alpenwolle',
        name: 'Pullover Säntis',
        price: '189',
        category: cheese.category,
        subcategory: cheese.subcategory,
      },
      { filename: 'photo.png', contentType: 'image/png', data: await pngImage(120, 80) },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/new/',
      headers: { ...seller.auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.price).toBe('189.00');
    expect(body.description).toBe('');
    expect(body.image).toMatch(/^\/media\/products\/[a-z0-9-]+\.webp$/);
    expect(body.image).not.toContain('photo');
    expect(body.thumbnail).toMatch(/\.thumb\.webp$/);
    const img = await t.app.inject({ url: body.image });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.headers['cache-control']).toContain('max-age=31536000');
    expect(img.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect((await t.app.inject({ url: body.thumbnail })).statusCode).toBe(200);
  });

  it('refuses anonymous callers (401) and customers (403)', async () => {
    const payload = {
      brand: 'x',
      name: 'y',
      price: '1',
      category: cheese.category,
      subcategory: cheese.subcategory,
    };
    const anon = await t.app.inject({ method: 'POST', url: '/api/products/new/', payload });
    expect(anon.statusCode).toBe(401);
    const cust = await t.app.inject({
      method: 'POST',
      url: '/api/products/new/',
      headers: customer.auth,
      payload,
    });
    expect(cust.statusCode).toBe(403);
    expect(cust.json().detail).toEqual(expect.any(String));
  });

  it.each([
    [`{ brand: '' }`, { brand: '' }, 'brand'],
    [`brand of 121 characters`, { brand: 'b'.repeat(121) }, 'brand'],
    [`{ name: '' }`, { name: '' }, 'name'],
    [`name of 121 characters`, { name: 'n'.repeat(121) }, 'name'],
    [`{ price: '0' }`, { price: '0' }, 'price'],
    [`{ price: '-5' }`, { price: '-5' }, 'price'],
    [`{ price: '1000000.01' }`, { price: '1000000.01' }, 'price'],
    [`{ price: '12.345' }`, { price: '12.345' }, 'price'],
    [`{ price: 'abc' }`, { price: 'abc' }, 'price'],
    [`description of 5001 characters`, { description: 'd'.repeat(5001) }, 'description'],
    [`{ category: undefined }`, { category: undefined }, 'category'],
    [`{ subcategory: undefined }`, { subcategory: undefined }, 'subcategory'],
    [`{ category: 999999 }`, { category: 999999 }, 'category'],
    [`{ subcategory: 999999 }`, { subcategory: 999999 }, 'subcategory'],
  ])('answers 400 for %s', async (_label, override, field) => {
    const payload: Record<string, unknown> = {
      brand: 'Brand',
      name: 'Name',
      price: '10',
      category: cheese.category,
      subcategory: cheese.subcategory,
      ...override,
    };
    for (const k of Object.keys(payload)) if (payload[k] === undefined) delete payload[k];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/new/',
      headers: seller.auth,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('answers 400 when the subcategory belongs to another category', async () => {
    const fashion = await categoryRef(t.database, 1, 0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/new/',
      headers: seller.auth,
      payload: {
        brand: 'B',
        name: 'N',
        price: '10',
        category: cheese.category,
        subcategory: fashion.subcategory,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/does not belong/);
  });

  it('accepts the largest price and keeps two decimals', async () => {
    const p = await createProduct(t.app, seller, cheese, { price: 1_000_000 });
    expect(p.price).toBe('1000000.00');
  });

  it('answers 415 for a file that is not an image and stores nothing', async () => {
    const before = mediaFiles();
    const count = (await t.database.db.select().from(products)).length;
    const form = multipart(
      { brand: 'B', name: 'N', price: '10', category: cheese.category, subcategory: cheese.subcategory },
      { filename: 'photo.png', contentType: 'image/png', data: Buffer.from('%PDF-1.7 not an image at all') },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/new/',
      headers: { ...seller.auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toMatch(/not an image/);
    expect(mediaFiles()).toEqual(before);
    expect((await t.database.db.select().from(products)).length).toBe(count);
  });

  it('answers 413 for an image above 5 MB and stores nothing', async () => {
    const before = mediaFiles();
    const count = (await t.database.db.select().from(products)).length;
    const big = Buffer.concat([await pngImage(), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const form = multipart(
      { brand: 'B', name: 'N', price: '10', category: cheese.category, subcategory: cheese.subcategory },
      { filename: 'big.png', contentType: 'image/png', data: big },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/new/',
      headers: { ...seller.auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(mediaFiles()).toEqual(before);
    expect((await t.database.db.select().from(products)).length).toBe(count);
  });
});

describe('reading products', () => {
  it('answers every field with stock per live store and the total', async () => {
    const p = await createProduct(t.app, seller, cheese);
    const bern = await createStore(t.database, seller.id, { name: 'Käselager Bern', city: 'Bern' });
    const thun = await createStore(t.database, seller.id, { name: 'Laden Thun', city: 'Thun' });
    const closed = await createStore(t.database, seller.id, { name: 'Alt', deletedAt: new Date() });
    await setStock(t.database, bern, p.id, 7);
    await setStock(t.database, thun, p.id, 3);
    await setStock(t.database, closed, p.id, 50);
    t.app.ctx.cache.invalidate();
    const res = await t.app.inject({ url: `/api/products/${p.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.countInStock).toBe(10);
    expect(body.stocks).toEqual([
      { id: expect.any(Number), number: 7, store: bern, storeName: 'Käselager Bern', city: 'Bern' },
      { id: expect.any(Number), number: 3, store: thun, storeName: 'Laden Thun', city: 'Thun' },
    ]);
    expect(Object.keys(body).sort()).toEqual(
      [
        'id',
        'brand',
        'name',
        'price',
        'description',
        'image',
        'thumbnail',
        'category',
        'categoryName',
        'subcategory',
        'subcategoryName',
        // Added by issue 26 (the VAT rate category); the spec's fields stay as they were.
        'vatRate',
        'seller',
        'sellerDetails',
        'seller_id',
        'username',
        'rating',
        'numReviews',
        'countInStock',
        'stocks',
        'createdAt',
      ].sort(),
    );
    expect((await t.app.inject({ url: `/api/products/${p.id}/` })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown product', async () => {
    const res = await t.app.inject({ url: '/api/products/987654' });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toMatch(/987654/);
  });

  it('loadProducts answers full products in the order asked, skipping deleted ones', async () => {
    const a = await createProduct(t.app, seller, cheese);
    const b = await createProduct(t.app, seller, cheese);
    const c = await createProduct(t.app, seller, cheese);
    await t.app.inject({ method: 'DELETE', url: `/api/products/${b.id}/`, headers: seller.auth });
    const list = await loadProducts(t.app.ctx, [c.id, b.id, a.id, 999999]);
    expect(list.map((p) => p.id)).toEqual([c.id, a.id]);
    expect(list[0]).toMatchObject({ price: '49.90', username: seller.username, stocks: [] });
  });
});

describe('the paged list', () => {
  let pagingSeller: TestUser;
  let ref: CategoryRef;
  const created: number[] = [];

  beforeAll(async () => {
    pagingSeller = await registerSeller(t.app);
    ref = await categoryRef(t.database, 9, 3);
    for (let i = 0; i < 5; i += 1) created.push((await createProduct(t.app, pagingSeller, ref)).id);
  });

  it('pages newest first with next and count, filtered by subcategory name', async () => {
    const q = `subcategory=${encodeURIComponent(ref.subcategoryName)}`;
    const first = await t.app.inject({ url: `/api/products/?offset=0&limit=2&${q}` });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.count).toBe(5);
    expect(page1.results.map((p: { id: number }) => p.id)).toEqual([created[4], created[3]]);
    expect(page1.next).toBe(2);
    const page2 = (await t.app.inject({ url: `/api/products/?offset=${page1.next}&limit=2&${q}` })).json();
    expect(page2.results.map((p: { id: number }) => p.id)).toEqual([created[2], created[1]]);
    expect(page2.next).toBe(4);
    const page3 = (await t.app.inject({ url: `/api/products/?offset=${page2.next}&limit=2&${q}` })).json();
    expect(page3.results.map((p: { id: number }) => p.id)).toEqual([created[0]]);
    expect(page3.next).toBeNull();
  });

  it('filters by category name and answers an empty page for an unknown name', async () => {
    const res = await t.app.inject({
      url: `/api/products/?limit=100&category=${encodeURIComponent(ref.categoryName)}`,
    });
    const body = res.json();
    expect(body.count).toBe(5);
    expect(body.results.every((p: { categoryName: string }) => p.categoryName === ref.categoryName)).toBe(
      true,
    );
    const none = (await t.app.inject({ url: '/api/products/?category=Nothing%20Here' })).json();
    expect(none).toEqual({ results: [], next: null, count: 0 });
  });

  it('defaults to 12 a page, newest first, and lists only live products', async () => {
    for (let i = 0; i < 8; i += 1) await createProduct(t.app, pagingSeller, cheese);
    const res = await t.app.inject({ url: '/api/products' });
    const body = res.json();
    expect(body.results.length).toBe(12);
    const ids = body.results.map((p: { id: number }) => p.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect(body.next).toBe(12);
    expect(body.count).toBeGreaterThanOrEqual(13);
    expect(body.results.every((p: { price: string }) => /^\d+\.\d{2}$/.test(p.price))).toBe(true);
  });

  it('answers next as an offset number whatever PUBLIC_URL says (a spec client sends it back)', async () => {
    const config = t.app.ctx.config;
    const saved = config.PUBLIC_URL;
    config.PUBLIC_URL = 'https://marktgasse.example.ch';
    t.app.ctx.cache.invalidate();
    try {
      const body = (await t.app.inject({ url: '/api/products/?limit=1' })).json();
      expect(body.next).toBe(1);
    } finally {
      config.PUBLIC_URL = saved;
      t.app.ctx.cache.invalidate();
    }
  });

  it.each(['limit=101', 'limit=0', 'limit=abc', 'offset=-1', 'limit=2.5'])(
    'answers 400 for %s',
    async (q) => {
      const res = await t.app.inject({ url: `/api/products/?${q}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    },
  );

  it('accepts limit=100', async () => {
    expect((await t.app.inject({ url: '/api/products/?limit=100' })).statusCode).toBe(200);
  });

  it('answers the latest products, newest first, at most 8', async () => {
    const res = await t.app.inject({ url: '/api/products/latest-products/' });
    const list = res.json();
    expect(list.length).toBe(8);
    const newest = (await t.app.inject({ url: '/api/products/?limit=8' })).json().results;
    expect(list.map((p: { id: number }) => p.id)).toEqual(newest.map((p: { id: number }) => p.id));
  });
});

describe('a seller’s products', () => {
  it('myproducts answers only the caller’s products; customers 403, anonymous 401', async () => {
    const own = await registerSeller(t.app);
    const a = await createProduct(t.app, own, cheese);
    const b = await createProduct(t.app, own, cheese);
    await createProduct(t.app, seller, cheese);
    const res = await t.app.inject({ url: '/api/products/myproducts/', headers: own.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { id: number }) => p.id)).toEqual([b.id, a.id]);
    expect(
      (await t.app.inject({ url: '/api/products/myproducts/', headers: customer.auth })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/products/myproducts/' })).statusCode).toBe(401);
  });

  it('user/{id} answers a seller’s live products, 404 for an unknown user', async () => {
    const s = await registerSeller(t.app);
    const a = await createProduct(t.app, s, cheese);
    const b = await createProduct(t.app, s, cheese);
    await t.app.inject({ method: 'DELETE', url: `/api/products/${a.id}/`, headers: s.auth });
    const res = await t.app.inject({ url: `/api/products/user/${s.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { id: number }) => p.id)).toEqual([b.id]);
    expect((await t.app.inject({ url: `/api/products/user/${customer.id}/` })).json()).toEqual([]);
    expect((await t.app.inject({ url: '/api/products/user/999999' })).statusCode).toBe(404);
  });
});

describe('a seller with 1,000 products', () => {
  let big: TestUser;
  let ids: number[];

  beforeAll(async () => {
    big = await registerSeller(t.app);
    const rows = await t.database.db
      .insert(products)
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          sellerId: big.id,
          brand: 'Bulk',
          name: `Bulk product ${i}`,
          priceRappen: 100 + i,
          categoryId: cheese.category,
          subcategoryId: cheese.subcategory,
        })),
      )
      .returning({ id: products.id });
    ids = rows.map((r) => r.id).sort((a, b) => b - a);
    t.app.ctx.cache.invalidate();
  });

  it('answers a plain call with the newest 48 only, saying how many there are and where the rest is', async () => {
    const res = await t.app.inject({ url: `/api/products/user/${big.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { id: number }) => p.id)).toEqual(ids.slice(0, 48));
    expect(res.headers['x-total-count']).toBe('1000');
    expect(res.headers.link).toBe(`</api/products/user/${big.id}?offset=48&limit=48>; rel="next"`);
  });

  it('pages through all 1,000 with offset and limit: 24 a page by default, next as an offset', async () => {
    const first = (await t.app.inject({ url: `/api/products/user/${big.id}?offset=0` })).json();
    expect(first.count).toBe(1000);
    expect(first.next).toBe(24);
    expect(first.results.map((p: { id: number }) => p.id)).toEqual(ids.slice(0, 24));
    const seen: number[] = [];
    let offset: number | null = 0;
    let pages = 0;
    while (offset !== null) {
      const page: { results: { id: number }[]; next: number | null } = (
        await t.app.inject({ url: `/api/products/user/${big.id}?offset=${offset}&limit=48` })
      ).json();
      seen.push(...page.results.map((p) => p.id));
      offset = page.next;
      pages += 1;
    }
    expect(pages).toBe(21);
    expect(seen).toEqual(ids);
  });

  it('refuses a page larger than 48 and a bad offset with 400', async () => {
    for (const q of ['limit=49', 'limit=0', 'offset=-1', 'offset=x']) {
      const res = await t.app.inject({ url: `/api/products/user/${big.id}?${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().detail).toBeTruthy();
    }
  });

  it('answers a page past the end empty and an unknown seller 404 in both shapes', async () => {
    const past = (await t.app.inject({ url: `/api/products/user/${big.id}?offset=1000` })).json();
    expect(past).toEqual({ results: [], count: 1000, next: null });
    expect((await t.app.inject({ url: '/api/products/user/999999?offset=0' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/products/user/999999' })).statusCode).toBe(404);
  });
});

describe('a seller’s own products (myproducts), paged like user/{id}', () => {
  let big: TestUser;
  let ids: number[];
  const mine = (query = '', who: TestUser | null = big) =>
    t.app.inject({ url: `/api/products/myproducts/${query}`, headers: who?.auth ?? {} });

  beforeAll(async () => {
    big = await registerSeller(t.app);
    const rows = await t.database.db
      .insert(products)
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          sellerId: big.id,
          brand: 'Own',
          name: `Own product ${i}`,
          priceRappen: 100 + i,
          categoryId: cheese.category,
          subcategoryId: cheese.subcategory,
        })),
      )
      .returning({ id: products.id });
    ids = rows.map((r) => r.id).sort((a, b) => b - a);
    t.app.ctx.cache.invalidate();
  });

  it('answers a plain call with the newest 48 only, with X-Total-Count and a Link to the rest, never cacheable', async () => {
    const res = await mine();
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { id: number }) => p.id)).toEqual(ids.slice(0, 48));
    expect(res.headers['x-total-count']).toBe('60');
    expect(res.headers.link).toBe('</api/products/myproducts/?offset=48&limit=48>; rel="next"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.etag).toBeUndefined();
  });

  it('pages with offset and limit: 24 a page by default, next as an offset, null on the last page', async () => {
    const first = (await mine('?offset=0')).json();
    expect(first).toMatchObject({ count: 60, next: 24 });
    expect(first.results.map((p: { id: number }) => p.id)).toEqual(ids.slice(0, 24));
    const second = (await mine('?offset=24&limit=24')).json();
    expect(second).toMatchObject({ count: 60, next: 48 });
    expect(second.results.map((p: { id: number }) => p.id)).toEqual(ids.slice(24, 48));
    const last = (await mine('?offset=48&limit=24')).json();
    expect(last).toMatchObject({ count: 60, next: null });
    expect(last.results.map((p: { id: number }) => p.id)).toEqual(ids.slice(48));
    expect((await mine('?limit=48')).json().results).toHaveLength(48);
    expect((await mine('?offset=60')).json()).toEqual({ results: [], count: 60, next: null });
  });

  it('refuses a page larger than 48 and a bad offset with 400 and a detail', async () => {
    for (const q of ['limit=49', 'limit=0', 'offset=-1', 'offset=x']) {
      const res = await mine(`?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().detail).toBeTruthy();
    }
  });

  it('counts a deletion at once', async () => {
    const gone = ids[0]!;
    await t.app.inject({ method: 'DELETE', url: `/api/products/${gone}/`, headers: big.auth });
    const page = (await mine('?offset=0')).json();
    expect(page.count).toBe(59);
    expect(page.results[0].id).toBe(ids[1]);
    expect((await mine()).headers['x-total-count']).toBe('59');
  });

  it('answers another seller only their own, a seller without products an empty list; customers 403, anonymous 401', async () => {
    const other = await registerSeller(t.app);
    const own = await createProduct(t.app, other, cheese);
    const theirs = await mine('', other);
    expect(theirs.json().map((p: { id: number }) => p.id)).toEqual([own.id]);
    expect(theirs.headers['x-total-count']).toBe('1');
    expect(theirs.headers.link).toBeUndefined();
    expect((await mine('?offset=0', other)).json()).toMatchObject({ count: 1, next: null });
    const empty = await mine('', await registerSeller(t.app));
    expect(empty.json()).toEqual([]);
    expect(empty.headers['x-total-count']).toBe('0');
    for (const q of ['', '?offset=0&limit=24']) {
      expect((await mine(q, customer)).statusCode, q).toBe(403);
      expect((await mine(q, null)).statusCode, q).toBe(401);
    }
  });
});

describe('deleting products', () => {
  it('lets only the owner delete: another seller and a customer get 404 as for an unknown product, 401 anonymous', async () => {
    const p = await createProduct(t.app, seller, cheese);
    const stranger = await registerSeller(t.app);
    const byStranger = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${p.id}/`,
      headers: stranger.auth,
    });
    expect(byStranger.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/products/${p.id}/`, headers: customer.auth }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/products/${p.id}/` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/products/${p.id}` })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/products/999999/', headers: seller.auth }))
        .statusCode,
    ).toBe(404);
  });

  it('takes the product out of the catalogue and keeps the order lines that sold it', async () => {
    const p = await createProduct(t.app, seller, cheese, { name: 'Raclette Walliser Art' });
    const { itemId } = await createOrder(
      t.database,
      customer.id,
      seller.id,
      { id: p.id, name: p.name, brand: p.brand, priceRappen: 4990 },
      true,
    );
    expect(
      (await t.app.inject({ url: '/api/products/?limit=100' }))
        .json()
        .results.map((x: { id: number }) => x.id),
    ).toContain(p.id);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/products/${p.id}/`, headers: seller.auth });
    expect(res.statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/products/${p.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/products/reviews/${p.id}` })).statusCode).toBe(404);
    const list = (await t.app.inject({ url: '/api/products/?limit=100' })).json();
    expect(list.results.map((x: { id: number }) => x.id)).not.toContain(p.id);
    const latest = (await t.app.inject({ url: '/api/products/latest-products/' })).json();
    expect(latest.map((x: { id: number }) => x.id)).not.toContain(p.id);
    const [line] = await t.database.db.select().from(orderItems).where(eq(orderItems.id, itemId));
    expect(line).toMatchObject({ productId: p.id, name: 'Raclette Walliser Art', priceRappen: 4990 });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${p.id}/`,
      headers: seller.auth,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('reviews', () => {
  const review = (id: number, user: TestUser | null, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/products/${id}/reviews/`,
      headers: user ? user.auth : {},
      payload: payload as Record<string, unknown>,
    });

  it('asks visitors to log in (401) and refuses sellers (403) with the spec’s messages', async () => {
    const p = await createProduct(t.app, seller, cheese);
    const anon = await review(p.id, null, { rating: 5, comment: 'Super' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().detail).toBe('Please login to write a review');
    const bySeller = await review(p.id, await registerSeller(t.app), { rating: 5 });
    expect(bySeller.statusCode).toBe(403);
    expect(bySeller.json().detail).toBe('Only users with a customer profile can write a review');
    const own = await review(p.id, seller, { rating: 5 });
    expect(own.statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/products/reviews/${p.id}` })).json()).toEqual([]);
  });

  it.each([
    ['rating 0', { rating: 0 }],
    ['rating 6', { rating: 6 }],
    ['rating 2.5', { rating: 2.5 }],
    ['no rating', {}],
    ['a comment of 2001 characters', { rating: 4, comment: 'x'.repeat(2001) }],
  ])('answers 400 for %s', async (_label, payload) => {
    const p = await createProduct(t.app, seller, cheese);
    const res = await review(p.id, customer, payload);
    expect(res.statusCode).toBe(400);
    const product = (await t.app.inject({ url: `/api/products/${p.id}` })).json();
    expect(product.numReviews).toBe(0);
  });

  it('answers 404 for an unknown product', async () => {
    expect((await review(999999, customer, { rating: 4 })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/products/reviews/999999' })).statusCode).toBe(404);
  });

  it('keeps rating and numReviews in agreement, refuses a second review with 409, lists newest first', async () => {
    const p = await createProduct(t.app, seller, cheese);
    const [a, b, c] = [
      await registerCustomer(t.app),
      await registerCustomer(t.app),
      await registerCustomer(t.app),
    ];
    const first = await review(p.id, a, { rating: 5, comment: 'Wunderbar cremig.' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      name: a.username,
      rating: 5,
      comment: 'Wunderbar cremig.',
      verified: false,
    });
    expect((await review(p.id, b, { rating: '4' })).statusCode).toBe(201);
    expect((await review(p.id, c, { rating: 2, comment: 'Zu salzig' })).statusCode).toBe(201);
    const second = await review(p.id, a, { rating: 1, comment: 'changed my mind' });
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe('Product already reviewed');
    const product = (await t.app.inject({ url: `/api/products/${p.id}` })).json();
    expect(product.numReviews).toBe(3);
    expect(product.rating).toBeCloseTo(11 / 3, 2);
    const list = (await t.app.inject({ url: `/api/products/reviews/${p.id}/` })).json();
    expect(list.map((r: { name: string }) => r.name)).toEqual([c.username, b.username, a.username]);
    expect(list.map((r: { rating: number }) => r.rating)).toEqual([2, 4, 5]);
    expect(list[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('holds up under concurrent reviews of one customer: one 201, the rest 409, counts agree', async () => {
    const p = await createProduct(t.app, seller, cheese);
    const c = await registerCustomer(t.app);
    const results = await Promise.all([1, 2, 3, 4].map((r) => review(p.id, c, { rating: r })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const product = (await t.app.inject({ url: `/api/products/${p.id}` })).json();
    const list = (await t.app.inject({ url: `/api/products/reviews/${p.id}` })).json();
    expect(product.numReviews).toBe(1);
    expect(product.rating).toBe(list[0].rating);
  });

  it('marks a review as a verified purchase only after a paid order of the product', async () => {
    const p = await createProduct(t.app, seller, cheese);
    const buyer = await registerCustomer(t.app);
    const unpaid = await registerCustomer(t.app);
    const product = { id: p.id, name: p.name, brand: p.brand, priceRappen: 4990 };
    await createOrder(t.database, buyer.id, seller.id, product, true);
    await createOrder(t.database, unpaid.id, seller.id, product, false);
    expect((await review(p.id, buyer, { rating: 5 })).json().verified).toBe(true);
    expect((await review(p.id, unpaid, { rating: 3 })).json().verified).toBe(false);
  });

  it('answers the latest reviews with their product, newest first', async () => {
    const p = await createProduct(t.app, seller, cheese, {
      brand: 'Confiserie Sonnenberg',
      name: 'Pralinés',
    });
    const c = await registerCustomer(t.app);
    await review(p.id, c, { rating: 4, comment: 'Fein!' });
    const res = await t.app.inject({ url: '/api/products/latest-reviews/' });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.length).toBeLessThanOrEqual(6);
    expect(list[0]).toMatchObject({
      product_id: p.id,
      product_brand: 'Confiserie Sonnenberg',
      product_name: 'Pralinés',
      image: expect.stringMatching(/^\/media\/placeholder\/.+\/product\.svg$/),
      name: c.username,
      rating: 4,
      comment: 'Fein!',
    });
  });

  it('bounds review spam: the 11th review within an hour answers 429', async () => {
    const c = await registerCustomer(t.app);
    const ids: number[] = [];
    for (let i = 0; i < 11; i += 1) ids.push((await createProduct(t.app, seller, cheese)).id);
    for (let i = 0; i < 10; i += 1) expect((await review(ids[i]!, c, { rating: 4 })).statusCode).toBe(201);
    const res = await review(ids[10]!, c, { rating: 4 });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.app.inject({ url: `/api/products/${ids[10]}` })).json().numReviews).toBe(0);
  });
});

describe('removed sellers', () => {
  it('never lists the products of a seller who deleted the account', async () => {
    const s = await registerSeller(t.app);
    const p = await createProduct(t.app, s, cheese);
    await t.app.inject({ method: 'DELETE', url: `/api/users/${s.id}/`, headers: s.auth });
    expect((await t.app.inject({ url: `/api/products/${p.id}` })).statusCode).toBe(404);
    const list = (await t.app.inject({ url: '/api/products/?limit=100' })).json();
    expect(list.results.map((x: { id: number }) => x.id)).not.toContain(p.id);
  });
});
