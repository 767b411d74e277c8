/** Editing a store (PATCH /api/stores/{id}/): owner only, validated as at creation, map answers at once. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { multipart, registerCustomer, registerSeller, type TestUser } from '../../../test/fixtures.ts';
import { pngImage } from '../../../test/catalogue-builders.ts';
import {
  createStore,
  insertPickupOrder,
  insertProduct,
  orderItemStoreName,
} from '../../../test/store-builders.ts';

let t: TestApp;
let seller: TestUser;

beforeAll(async () => {
  t = await build();
  seller = await registerSeller(t.app);
});
afterAll(async () => {
  await t.close();
});

function patch(user: TestUser, id: number, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PATCH', url: `/api/stores/${id}/`, headers: user.auth, payload });
}

async function patchImage(user: TestUser, id: number) {
  const form = multipart(
    { name: 'Mit Bild' },
    { filename: 'a.png', contentType: 'image/png', data: await pngImage() },
  );
  return t.app.inject({
    method: 'PATCH',
    url: `/api/stores/${id}/`,
    headers: { ...user.auth, ...form.headers },
    payload: form.payload,
  });
}

const mediaFile = (url: string) => path.join(t.config.dataDir, 'media', url.replace(/^.*\/media\//, ''));

describe('editing a store', () => {
  it('moves a store to a new address and pin; the map and store lists show it at once', async () => {
    const store = await createStore(t.app, seller, { name: 'Laden Altstadt' });
    // Warm the anonymous map answer and the seller's store list.
    const mapBefore = await t.app.inject({ url: '/api/search/?type=map&search_string=' });
    expect(mapBefore.json().find((s: { id: number }) => s.id === store.id)).toMatchObject({ city: 'Zürich' });
    await t.app.inject({ url: `/api/stores/user/${seller.id}` });

    const res = await patch(seller, store.id, {
      address: 'Marktgasse 10, 3011 Bern',
      city: 'Bern',
      country: 'Switzerland',
      latitude: '46.9479741234',
      longitude: 7.4474468,
      phone: '+41 31 311 22 33',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: store.id,
      name: 'Laden Altstadt',
      address: 'Marktgasse 10, 3011 Bern',
      city: 'Bern',
      latitude: 46.947974,
      longitude: 7.447447,
      phone: '+41 31 311 22 33',
      owner: seller.id,
    });
    const mapAfter = await t.app.inject({ url: '/api/search/?type=map&search_string=' });
    expect(mapAfter.json().find((s: { id: number }) => s.id === store.id)).toMatchObject({
      city: 'Bern',
      latitude: 46.947974,
      longitude: 7.447447,
    });
    const list = (await t.app.inject({ url: `/api/stores/user/${seller.id}` })).json();
    expect(list.find((s: { id: number }) => s.id === store.id).address).toBe('Marktgasse 10, 3011 Bern');
    const found = await t.app.inject({ url: '/api/search/?type=stores&search_string=Bern' });
    expect(found.json().map((s: { id: number }) => s.id)).toContain(store.id);
  });

  it('replaces the categories when sent, keeps every field not sent (also without the slash)', async () => {
    const cats = (await t.app.inject({ url: '/api/products/categories/' })).json() as { id: number }[];
    const store = await createStore(t.app, seller, { category: [cats[0]!.id], description: 'Bleibt.' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/stores/${store.id}`,
      headers: seller.auth,
      payload: { category: [cats[1]!.id, cats[2]!.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      category: [cats[1]!.id, cats[2]!.id].sort((a, b) => a - b),
      description: 'Bleibt.',
      name: store.name,
      city: 'Zürich',
    });
  });

  it('validates as at creation and changes nothing on a refusal', async () => {
    const store = await createStore(t.app, seller);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ latitude: 91 }, 'atitude'],
      [{ longitude: 'east' }, 'ongitude'],
      [{ phone: 'call me' }, 'phone'],
      [{ address: 'x'.repeat(201) }, 'address'],
      [{ category: [999_999] }, 'Category'],
    ];
    for (const [body, field] of cases) {
      const res = await patch(seller, store.id, { city: 'Nicht übernommen', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().detail).toContain(field);
    }
    const now = (await t.app.inject({ url: `/api/stores/${store.id}/` })).json();
    expect(now.city).toBe('Zürich');
  });

  it('answers 404 for someone else’s store exactly as for a missing one; 401 without a token; 403 for a customer', async () => {
    const store = await createStore(t.app, seller);
    const other = await registerSeller(t.app);
    const foreign = await patch(other, store.id, { name: 'Übernommen' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe(`Store ${store.id} does not exist.`);
    expect((await patch(other, 99_999_999, { name: 'x' })).statusCode).toBe(404);
    expect((await patchImage(other, store.id)).statusCode).toBe(404);
    const customer = await registerCustomer(t.app);
    expect((await patch(customer, store.id, { name: 'x' })).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: `/api/stores/${store.id}/`,
      payload: { name: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/stores/${store.id}/` })).json().name).toBe(store.name);
  });

  it('replaces the picture and deletes the old one from storage', async () => {
    const store = await createStore(t.app, seller);
    const first = (await patchImage(seller, store.id)).json();
    expect(existsSync(mediaFile(first.image))).toBe(true);
    const second = (await patchImage(seller, store.id)).json();
    expect(second.image).not.toBe(first.image);
    expect(existsSync(mediaFile(second.image))).toBe(true);
    expect(existsSync(mediaFile(first.image))).toBe(false);
  });

  it('leaves orders with the store name they copied', async () => {
    const store = await createStore(t.app, seller, { name: 'Laden Bahnhof' });
    const customer = await registerCustomer(t.app);
    const product = await insertProduct(t.database, seller);
    const { itemId } = await insertPickupOrder(t.database, {
      customerId: customer.id,
      sellerId: seller.id,
      storeId: store.id,
      storeName: store.name,
      productId: product.id,
    });
    expect((await patch(seller, store.id, { name: 'Laden Bahnhofplatz' })).statusCode).toBe(200);
    expect(await orderItemStoreName(t.database, itemId)).toBe('Laden Bahnhof');
  });
});
