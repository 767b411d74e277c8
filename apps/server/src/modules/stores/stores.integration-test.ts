import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Store } from '@marktgasse/shared';
import { build, type TestApp } from '../../../test/build.ts';
import { multipart, registerUser, type TestUser } from '../../../test/fixtures.ts';
import {
  createStore,
  insertPickupOrder,
  insertProduct,
  orderItemStoreName,
  setStock,
} from '../../../test/store-builders.ts';

let t: TestApp;
let sellerA: TestUser;
let sellerB: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await build();
  sellerA = await registerUser(t.app, { status: 'STORE_OWNER' });
  sellerB = await registerUser(t.app, { status: 'STORE_OWNER' });
  customer = await registerUser(t.app, { status: 'CUSTOMER' });
});
afterAll(async () => {
  await t.close();
});

const STORE_FIELDS = [
  'id',
  'owner',
  'name',
  'address',
  'country',
  'city',
  'latitude',
  'longitude',
  'description',
  'phone',
  'image',
  'category',
  'stocks',
  'owner_name',
  'owner_id',
  'profile_image',
];

async function categoryIds(): Promise<number[]> {
  const res = await t.app.inject({ url: '/api/products/categories/' });
  if (res.statusCode === 200) return (res.json() as { id: number }[]).map((c) => c.id);
  // The catalogue routes may not be there yet: the seeded categories start at 1.
  return [1, 2];
}

describe('POST /api/stores/new/', () => {
  it('creates a store of the caller from multipart fields with an image, ignoring a foreign owner', async () => {
    const [c1, c2] = await categoryIds();
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .png()
      .toBuffer();
    const body = multipart(
      {
        name: 'Käserei am See',
        address: 'Seestrasse 12',
        country: 'Switzerland',
        city: 'Zürich',
        latitude: '47.36912345',
        longitude: '8.5391',
        description: 'Alpkäse',
        phone: '+41 44 123 45 67',
        owner: sellerB.id,
        category: [c1!, c2!],
      },
      { filename: 'shop.png', contentType: 'image/png', data: png },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stores/new/',
      headers: { ...sellerA.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    const store = res.json();
    for (const field of STORE_FIELDS) expect(store).toHaveProperty(field);
    expect(store).toMatchObject({
      owner: sellerA.id,
      owner_id: sellerA.id,
      owner_name: sellerA.username,
      name: 'Käserei am See',
      city: 'Zürich',
      latitude: 47.369123,
      longitude: 8.5391,
      phone: '+41 44 123 45 67',
      category: [c1, c2],
      stocks: [],
    });
    expect(store.image).toMatch(/^\/media\/stores\/.+\.webp$/);
    const img = await t.app.inject({ url: store.image });
    expect(img.statusCode).toBe(200);

    const mine = await t.app.inject({ url: '/api/stores/mystores/', headers: sellerA.auth });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((s: { id: number }) => s.id)).toContain(store.id);
    const ofB = await t.app.inject({ url: '/api/stores/mystores/', headers: sellerB.auth });
    expect(ofB.json().map((s: { id: number }) => s.id)).not.toContain(store.id);
  });

  it('refuses anonymous callers with 401 and customers with 403', async () => {
    const payload = { name: 'X', latitude: 47, longitude: 8 };
    const anon = await t.app.inject({ method: 'POST', url: '/api/stores/new/', payload });
    expect(anon.statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stores/new/',
      headers: customer.auth,
      payload,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toEqual(expect.any(String));
  });

  it.each([
    [{ latitude: 47, longitude: 8 }, 'name'],
    [{ name: 'Laden', longitude: 8 }, 'latitude'],
    [{ name: 'Laden', latitude: 47 }, 'longitude'],
    [{ name: 'Laden', latitude: 91, longitude: 8 }, 'latitude'],
    [{ name: 'Laden', latitude: 47, longitude: -181 }, 'longitude'],
    [{ name: 'Laden', latitude: 'north', longitude: 8 }, 'latitude'],
    [{ name: 'Laden', latitude: 47, longitude: 8, phone: 'call me' }, 'phone'],
  ])('answers 400 for %j', async (payload, field) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stores/new/',
      headers: sellerA.auth,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('answers 400 for a category that does not exist', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stores/new/',
      headers: sellerA.auth,
      payload: { name: 'Laden', latitude: 47, longitude: 8, category: [999999] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/999999/);
  });
});

describe('reading stores', () => {
  it('lists the stores of a user, and one store by id; 404 for an unknown store', async () => {
    const store = await createStore(t.app, sellerB, { name: 'Bäckerei Bern', city: 'Bern' });
    const list = await t.app.inject({ url: `/api/stores/user/${sellerB.id}` });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((s: { name: string }) => s.name)).toContain('Bäckerei Bern');
    // Kept ready to send: an ETag, and 304 while nothing changed.
    const etag = String(list.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await t.app.inject({
      url: `/api/stores/user/${sellerB.id}`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const one = await t.app.inject({ url: `/api/stores/${store.id}/` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: store.id, owner_name: sellerB.username, city: 'Bern' });
    expect((await t.app.inject({ url: '/api/stores/999999/' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/stores/user/999999' })).json()).toEqual([]);
  });

  it('requires a seller for mystores', async () => {
    expect((await t.app.inject({ url: '/api/stores/mystores/' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/stores/mystores/', headers: customer.auth })).statusCode).toBe(
      403,
    );
  });

  it('carries the store’s stock rows with a product summary', async () => {
    const store = await createStore(t.app, sellerA);
    const product = await insertProduct(t.database, sellerA, { name: 'Bergkäse', priceRappen: 2450 });
    await setStock(t.app, sellerA, store.id, product.id, 7);
    const res = await t.app.inject({ url: `/api/stores/${store.id}/` });
    expect(res.json().stocks).toEqual([
      {
        id: expect.any(Number),
        number: 7,
        store: store.id,
        storeName: store.name,
        product: {
          id: product.id,
          brand: product.brand,
          name: 'Bergkäse',
          price: '24.50',
          category: expect.any(Number),
          image: expect.stringMatching(/^\/media\/placeholder\/.+\/product\.svg$/),
        },
      },
    ]);
  });

  it('lists a seller’s stores without their stock rows for the seller’s page (decision 311)', async () => {
    const store = await createStore(t.app, sellerB, { name: 'Käserei Thun', city: 'Thun' });
    const product = await insertProduct(t.database, sellerB, { name: 'Alpkäse' });
    await setStock(t.app, sellerB, store.id, product.id, 4);
    const full = (await t.app.inject({ url: `/api/stores/user/${sellerB.id}` })).json() as Store[];
    const res = await t.app.inject({ url: `/api/stores/user/${sellerB.id}/summaries/` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    const summaries = res.json() as Record<string, unknown>[];
    // The same stores with every other field, and no stock rows.
    expect(summaries).toEqual(full.map(({ stocks: _stocks, ...rest }) => rest));
    expect(summaries.find((s) => s.id === store.id)).toMatchObject({ name: 'Käserei Thun', city: 'Thun' });
    expect(summaries.every((s) => !('stocks' in s))).toBe(true);
    // A user without stores, and an unknown one: an empty list, as the full answer gives.
    expect((await t.app.inject({ url: `/api/stores/user/${customer.id}/summaries/` })).json()).toEqual([]);
    expect((await t.app.inject({ url: '/api/stores/user/999999/summaries/' })).json()).toEqual([]);
    expect((await t.app.inject({ url: '/api/stores/user/abc/summaries/' })).statusCode).toBe(400);
  });
});

describe('DELETE /api/stores/{id}/', () => {
  it("lets only the owner delete (someone else's answers like an unknown one: 404) and hides the deleted store", async () => {
    const store = await createStore(t.app, sellerA);
    const other = await t.app.inject({
      method: 'DELETE',
      url: `/api/stores/${store.id}/`,
      headers: sellerB.auth,
    });
    expect(other.statusCode).toBe(404);
    const anon = await t.app.inject({ method: 'DELETE', url: `/api/stores/${store.id}/` });
    expect(anon.statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: '/api/stores/999999/',
      headers: sellerA.auth,
    });
    expect(unknown.statusCode).toBe(404);

    const ok = await t.app.inject({
      method: 'DELETE',
      url: `/api/stores/${store.id}/`,
      headers: sellerA.auth,
    });
    expect(ok.statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/stores/${store.id}/` })).statusCode).toBe(404);
    const mine = await t.app.inject({ url: '/api/stores/mystores/', headers: sellerA.auth });
    expect(mine.json().map((s: { id: number }) => s.id)).not.toContain(store.id);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/stores/${store.id}/`,
      headers: sellerA.auth,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses with 409 while an in-store pick-up is open, then deletes once it was handed over', async () => {
    const store = await createStore(t.app, sellerA, { name: 'Abholladen' });
    const product = await insertProduct(t.database, sellerA);
    const pickup = await insertPickupOrder(t.database, {
      customerId: customer.id,
      sellerId: sellerA.id,
      storeId: store.id,
      storeName: store.name,
      productId: product.id,
    });
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/stores/${store.id}/`,
      headers: sellerA.auth,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/pick-up/);
    expect((await t.app.inject({ url: `/api/stores/${store.id}/` })).statusCode).toBe(200);

    // An expired (unpaid) order and a handed-over line no longer hold the store.
    await insertPickupOrder(t.database, {
      customerId: customer.id,
      sellerId: sellerA.id,
      storeId: store.id,
      storeName: store.name,
      productId: product.id,
      status: 'expired',
    });
    const { sql } = await import('drizzle-orm');
    await t.database.db.execute(sql`update order_items set is_retrieved = true where id = ${pickup.itemId}`);
    const ok = await t.app.inject({
      method: 'DELETE',
      url: `/api/stores/${store.id}/`,
      headers: sellerA.auth,
    });
    expect(ok.statusCode).toBe(204);
    expect(await orderItemStoreName(t.database, pickup.itemId)).toBe('Abholladen');
  });
});
