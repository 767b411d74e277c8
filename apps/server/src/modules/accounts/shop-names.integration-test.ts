/** A seller's shop name (profile `displayName`): where it shows, how it is checked, that it tells shops apart. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerCustomer, registerSeller, uniqueName, type TestUser } from '../../../test/fixtures.ts';
import { categoryRef, createProduct } from '../../../test/catalogue-builders.ts';
import { createStore } from '../../../test/store-builders.ts';
import { buildShop, orderPayload } from '../../../test/order-builders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

async function profileId(user: TestUser): Promise<number> {
  const me = await t.app.inject({ url: '/api/users/me/', headers: user.auth });
  return me.json().profile.id;
}

async function setShopName(user: TestUser, displayName: string) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/profiles/${await profileId(user)}/`,
    headers: user.auth,
    payload: { displayName },
  });
}

describe('shop names', () => {
  it('shows the shop name in seller lists, product cards, stores, the map and search, at once', async () => {
    const seller = await registerSeller(t.app);
    const product = await createProduct(t.app, seller, await categoryRef(t.database));
    const store = await createStore(t.app, seller);
    // Warm the anonymous caches first: the change must still show at once.
    const before = (await t.app.inject({ url: `/api/products/${product.id}` })).json();
    expect(before.sellerDetails.name).toBe(seller.username);
    await t.app.inject({ url: '/api/search/?type=map&search_string=' });
    await t.app.inject({ url: '/api/profiles/sellers/' });

    const res = await setShopName(seller, '  Confiserie   Sonnenbühl ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      displayName: 'Confiserie Sonnenbühl',
      name: 'Confiserie Sonnenbühl',
      username: seller.username,
    });

    const page = (await t.app.inject({ url: `/api/products/${product.id}` })).json();
    expect(page.sellerDetails.name).toBe('Confiserie Sonnenbühl');
    expect(page.username).toBe(seller.username);
    const sellers = (await t.app.inject({ url: '/api/profiles/sellers/' })).json() as {
      user: number;
      name: string;
    }[];
    expect(sellers.find((s) => s.user === seller.id)?.name).toBe('Confiserie Sonnenbühl');
    const map = (await t.app.inject({ url: '/api/search/?type=map&search_string=' })).json() as {
      id: number;
      owner_name: string;
    }[];
    expect(map.find((s) => s.id === store.id)?.owner_name).toBe('Confiserie Sonnenbühl');
    const storeAnswer = (await t.app.inject({ url: `/api/stores/${store.id}/` })).json();
    expect(storeAnswer.owner_name).toBe('Confiserie Sonnenbühl');
    // Found by a word of the shop name (folded: "sonnenbuhl" without the umlaut).
    const found = await t.app.inject({ url: '/api/search/?type=profiles&search_string=sonnenbuhl' });
    expect((found.json() as { user: number }[]).map((s) => s.user)).toContain(seller.id);
  });

  it('shows the shop name on order cards: the customer order, the seller order and a pick-up line', async () => {
    const shop = await buildShop(t.app, t.database.db);
    expect((await setShopName(shop.seller, 'Käserei am Bach')).statusCode).toBe(200);
    const customer = await registerCustomer(t.app);
    const [product] = shop.products;
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/add/',
      headers: customer.auth,
      payload: orderPayload([{ product: product!, store: shop.stores[0] }], {
        totalPrice: product!.price,
        totalShippingPrice: '0.00',
      }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (
      await t.app.inject({ url: `/api/orders/${placed.json().id}/`, headers: customer.auth })
    ).json();
    const part = order.sellerOrder[0];
    expect(part.seller).toMatchObject({
      id: shop.seller.id,
      username: shop.seller.username,
      name: 'Käserei am Bach',
    });
    expect(part.inStoreOrderItems[0].store.owner_name).toBe('Käserei am Bach');
  });

  it('falls back to the username when the shop name is removed', async () => {
    const seller = await registerSeller(t.app);
    expect((await setShopName(seller, 'Käserei Gruyère Süd')).statusCode).toBe(200);
    const cleared = await setShopName(seller, '');
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ displayName: '', name: seller.username });
  });

  it('refuses names that are too long, too short, hidden characters or mixed scripts, and keeps the old one', async () => {
    const seller = await registerSeller(t.app);
    await setShopName(seller, 'Holzwerk Thun');
    const bad = [
      'x'.repeat(61),
      'A',
      '---',
      'Holz\u200bwerk',
      'Holz\u202ewerk',
      'Hоlzwerk' /* Cyrillic о */,
      'Holz\nwerk',
    ];
    for (const name of bad) {
      const res = await setShopName(seller, name);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().detail).toContain('displayName');
    }
    const me = await t.app.inject({ url: '/api/users/me/', headers: seller.auth });
    expect(me.json().profile.displayName).toBe('Holzwerk Thun');
    expect((await setShopName(seller, 'x'.repeat(60))).statusCode).toBe(200);
  });

  it('tells shops apart: a name that differs only in case, accents or punctuation is taken (409)', async () => {
    const first = await registerSeller(t.app);
    const second = await registerSeller(t.app);
    expect((await setShopName(first, 'Bäckerei Zürcher')).statusCode).toBe(200);
    for (const name of ['bäckerei zürcher', 'Backerei Zurcher', 'BÄCKEREI-ZÜRCHER!']) {
      const res = await setShopName(second, name);
      expect(res.statusCode, name).toBe(409);
      expect(res.json().detail).toContain('Another shop is already called');
    }
    // Another seller's username is their name until they choose a shop name.
    const third = await registerSeller(t.app);
    expect((await setShopName(second, third.username.toUpperCase())).statusCode).toBe(409);
    // Saving one's own name again, or respelled, is fine.
    expect((await setShopName(first, 'Bäckerei Zürcher')).statusCode).toBe(200);
    expect((await setShopName(first, 'Bäckerei-Zürcher')).statusCode).toBe(200);
    // Two sellers racing for one free name: exactly one wins.
    const name = uniqueName('Velowerk ');
    const [a, b] = await Promise.all([setShopName(first, name), setShopName(second, name)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  it('is for sellers only, and only the owner of the profile sets it (404 otherwise)', async () => {
    const customer = await registerCustomer(t.app);
    const res = await setShopName(customer, 'Mein Laden');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('Only seller accounts have a shop name.');
    const seller = await registerSeller(t.app);
    const other = await registerSeller(t.app);
    const foreign = await t.app.inject({
      method: 'PATCH',
      url: `/api/profiles/${await profileId(seller)}/`,
      headers: other.auth,
      payload: { displayName: 'Übernommen' },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
