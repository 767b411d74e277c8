/**
 * Approving new sellers (issue 29, decision 290), with SELLER_APPROVAL_REQUIRED=true: a new
 * seller signs in and sets up their shop, but nothing of it is public (lists, search, map,
 * seller page, sitemap, the rendered product page) nor buyable until staff with `moderation`
 * approve them; then it is public at once, the cache included. Without the setting a new
 * seller is active from the start.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { seedCategories } from '../../demo/seed.ts';
import { outbox } from '../../db/schema.ts';
import { build, openTestDatabase, type TestApp } from '../../../test/build.ts';
import { testConfig } from '../../../test/config.ts';
import { categoryRef, createProduct, type CategoryRef } from '../../../test/catalogue-builders.ts';
import { multipart, registerCustomer, registerSeller, type TestUser } from '../../../test/fixtures.ts';
import { orderPayload } from '../../../test/order-builders.ts';
import { buildPageRenderer } from '../../../test/page-renderer.ts';
import { makeStaff, type TestStaff } from '../../../test/staff-builders.ts';

let t: TestApp;
let moderator: TestStaff;
let supporter: TestStaff;
let auditor: TestStaff;
let customer: TestUser;
let ref: CategoryRef;

beforeAll(async () => {
  const opened = await openTestDatabase();
  await seedCategories(opened.database);
  const config = testConfig({
    SELLER_APPROVAL_REQUIRED: 'true',
    WEB_DIST_DIR: buildPageRenderer(),
    PUBLIC_URL: 'https://marktgasse.example',
  });
  const app = await buildApp({ config, database: opened.database, serveWeb: true });
  await app.ready();
  t = {
    app,
    database: opened.database,
    config,
    close: async () => {
      await app.close();
      await opened.drop();
    },
  };
  moderator = await makeStaff(t, ['moderation']);
  supporter = await makeStaff(t, ['support']);
  auditor = await makeStaff(t, ['admin']);
  customer = await registerCustomer(t.app);
  ref = await categoryRef(t.database);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

type Who = TestUser | null;
const call = (who: Who, method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });
const ids = async (who: Who, url: string) => {
  const res = await call(who, 'GET', url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  const body = res.json();
  return ((Array.isArray(body) ? body : body.results) as { id: number }[]).map((p) => p.id);
};
const sitemapProducts = async () => {
  const index = (await call(null, 'GET', '/sitemap.xml')).body;
  const files = [...index.matchAll(/<loc>[^<]*(\/sitemaps\/products-\d+\.xml)<\/loc>/g)].map((m) => m[1]!);
  const bodies = await Promise.all(files.map(async (f) => (await call(null, 'GET', f)).body));
  return bodies.join('\n');
};

/** A new seller (German account) with a store, a product and 5 units of it, all through the API. */
async function newShop(word: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/registration/',
    headers: { 'accept-language': 'de-CH' },
    payload: {
      username: `${word}shop`,
      email: `${word}@example.ch`,
      password: 'correct horse battery',
      status: 'STORE_OWNER',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as { id: number; access: string };
  const seller: TestUser = {
    id: body.id,
    username: `${word}shop`,
    email: `${word}@example.ch`,
    password: '',
    token: body.access,
    auth: { authorization: `Bearer ${body.access}` },
  };
  const form = multipart({
    name: `Laden ${word}`,
    address: 'Marktgasse 10',
    country: 'Switzerland',
    city: 'Bern',
    latitude: '46.947974',
    longitude: '7.447447',
    description: 'Alpkäse',
    phone: '+41 31 123 45 67',
  });
  const store = await t.app.inject({
    method: 'POST',
    url: '/api/stores/new/',
    headers: { ...seller.auth, ...form.headers },
    payload: form.payload,
  });
  expect(store.statusCode, store.body).toBe(201);
  const product = await createProduct(t.app, seller, ref, { name: `${word} Käse`, price: '10.00' });
  const stock = await call(seller, 'POST', '/api/stocks/new/', {
    store: store.json().id,
    product: product.id,
    number: 5,
  });
  expect(stock.statusCode, stock.body).toBeLessThan(300);
  return { seller, storeId: store.json().id as number, product };
}

const place = (shop: Awaited<ReturnType<typeof newShop>>) =>
  call(
    customer,
    'POST',
    '/api/orders/add/',
    orderPayload([{ product: { ...shop.product, sellerId: shop.seller.id } as never }], {
      totalPrice: '10.00',
      totalShippingPrice: '20.00',
    }),
  );

describe('a new seller awaiting approval', () => {
  it('manages their own store, product and stock, while nothing of the shop is public or buyable', async () => {
    const shop = await newShop('zwergli');
    const { seller, storeId, product } = shop;
    expect((await call(seller, 'GET', '/api/moderation/mine/')).json()).toMatchObject({
      awaiting_approval: true,
      suspended: false,
    });

    // Their own views and edits.
    expect(await ids(seller, '/api/stores/mystores/')).toEqual([storeId]);
    expect(await ids(seller, '/api/products/myproducts/')).toEqual([product.id]);
    expect(await ids(seller, '/api/search/?type=my_products&search_string=zwergli')).toEqual([product.id]);
    expect(await ids(seller, '/api/search/?type=my_stores&search_string=')).toEqual([storeId]);
    const renamed = await call(seller, 'PATCH', `/api/products/${product.id}/`, { name: 'zwergli Bergkäse' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('zwergli Bergkäse');
    expect((await call(seller, 'GET', `/api/products/${product.id}`)).json().name).toBe('zwergli Bergkäse');
    const form = multipart({ name: 'Laden zwergli am Markt' });
    const store = await t.app.inject({
      method: 'PATCH',
      url: `/api/stores/${storeId}/`,
      headers: { ...seller.auth, ...form.headers },
      payload: form.payload,
    });
    expect(store.statusCode, store.body).toBe(200);
    expect((await call(seller, 'GET', `/api/stores/${storeId}/`)).json().name).toBe('Laden zwergli am Markt');
    expect((await call(seller, 'GET', `/api/stocks/product/${product.id}`)).json()).toEqual([
      expect.objectContaining({ number: 5, store: storeId }),
    ]);

    // Nothing public: lists, search, seller page, stores, map, seller lists, sitemap, rendered page.
    expect(await ids(null, '/api/products/?limit=100')).not.toContain(product.id);
    expect(await ids(customer, '/api/search/?type=products&search_string=zwergli')).toEqual([]);
    expect((await call(null, 'GET', `/api/products/${product.id}`)).statusCode).toBe(404);
    expect((await call(customer, 'GET', `/api/products/${product.id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/products/user/${seller.id}`)).statusCode).toBe(404);
    expect(await ids(null, `/api/stores/user/${seller.id}`)).toEqual([]);
    expect((await call(null, 'GET', `/api/stores/${storeId}/`)).statusCode).toBe(404);
    expect(await ids(null, '/api/search/?type=map')).not.toContain(storeId);
    expect(await ids(null, '/api/search/?type=stores&search_string=zwergli')).toEqual([]);
    expect(await ids(null, '/api/profiles/sellers/')).not.toContain(seller.id);
    // Their profile is theirs alone for now: to others it answers as a missing one.
    for (const who of [null, customer]) {
      const profile = await call(who, 'GET', `/api/profiles/${seller.id}/`);
      expect(profile.statusCode).toBe(404);
      expect(profile.json()).toEqual({ detail: `Profile ${seller.id} does not exist.` });
    }
    expect((await call(seller, 'GET', `/api/profiles/${seller.id}/`)).json().id).toBe(seller.id);
    expect(await sitemapProducts()).not.toContain(`/product/${product.id}/`);
    expect((await call(null, 'GET', `/de/product/${product.id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/de/seller/${seller.id}`)).statusCode).toBe(404);

    const order = await place(shop);
    expect(order.statusCode, order.body).toBe(409);
    expect(order.json().detail).toBe(
      `Product ${product.id} is no longer available. Please remove it from your cart.`,
    );
  });

  it('is listed for staff as pending and counted on the dashboard', async () => {
    const { seller } = await newShop('pendli');
    const pending = (await call(moderator, 'GET', '/api/admin/sellers/?status=pending')).json();
    expect(pending.results).toContainEqual(expect.objectContaining({ id: seller.id, status: 'pending' }));
    const active = (await call(moderator, 'GET', '/api/admin/sellers/?status=active')).json();
    expect(active.results.map((s: { id: number }) => s.id)).not.toContain(seller.id);
    const dashboard = (await call(supporter, 'GET', '/api/admin/dashboard/')).json();
    expect(dashboard.sellers_awaiting_approval).toBeGreaterThanOrEqual(1);
  });
});

describe('approving a seller', () => {
  it('publishes the shop at once (cache included), audits, e-mails the seller in German, and repeats harmlessly', async () => {
    const shop = await newShop('gipfeli');
    const { seller, storeId, product } = shop;
    const waiting = (await call(supporter, 'GET', '/api/admin/dashboard/')).json().sellers_awaiting_approval;
    // Warm the cached public answers: the approval must not wait for them to expire.
    expect(await ids(null, '/api/products/?limit=100')).not.toContain(product.id);
    expect(await ids(null, '/api/search/?type=products&search_string=gipfeli')).toEqual([]);

    const res = await call(moderator, 'PUT', `/api/admin/sellers/${seller.id}/approve/`, {
      reason: 'Papers checked',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: seller.id, status: 'active', suspended: false });

    expect(await ids(null, '/api/products/?limit=100')).toContain(product.id);
    expect(await ids(null, '/api/search/?type=products&search_string=gipfeli')).toEqual([product.id]);
    expect(await ids(null, `/api/products/user/${seller.id}`)).toEqual([product.id]);
    expect((await call(null, 'GET', `/api/stores/${storeId}/`)).statusCode).toBe(200);
    expect(await ids(null, '/api/search/?type=map')).toContain(storeId);
    expect(await ids(null, '/api/profiles/sellers/')).toContain(seller.id);
    expect((await call(null, 'GET', `/api/profiles/${seller.id}/`)).statusCode).toBe(200);
    // The sitemaps follow one load of the catalogue later (decision 339): no reader waits for it.
    await expect.poll(sitemapProducts).toContain(`/product/${product.id}/`);
    expect((await call(null, 'GET', `/de/product/${product.id}`)).statusCode).toBe(200);
    expect((await place(shop)).statusCode).toBe(201);
    expect((await call(supporter, 'GET', '/api/admin/dashboard/')).json().sellers_awaiting_approval).toBe(
      waiting - 1,
    );

    // A repeat answers the same and writes nothing.
    const again = await call(moderator, 'PUT', `/api/admin/sellers/${seller.id}/approve/`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(res.json());

    const log = (await call(auditor, 'GET', `/api/admin/audit/?object=seller:${seller.id}`)).json();
    expect(log.results).toHaveLength(1);
    expect(log.results[0]).toMatchObject({
      action: 'seller.approve',
      staff: moderator.username,
      reason: 'Papers checked',
      before: { status: 'pending' },
      after: { status: 'active', awaiting_approval_since: null },
    });
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.recipient, seller.email));
    const approved = mails.filter((m) => m.subject.includes('freigegeben'));
    expect(approved).toHaveLength(1);
    expect(approved[0]!.body).toContain(`https://marktgasse.example/#/seller/${seller.id}`);
  });

  it('answers everyone without the moderation permission like a missing route, and 404 for a non-seller', async () => {
    const { seller } = await newShop('bireweggli');
    const url = `/api/admin/sellers/${seller.id}/approve/`;
    for (const who of [null, customer, seller, supporter, auditor]) {
      const res = await call(who, 'PUT', url, { reason: 'x' });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(`There is no PUT ${url}.`);
    }
    expect((await call(seller, 'GET', '/api/moderation/mine/')).json().awaiting_approval).toBe(true);
    const notSeller = await call(moderator, 'PUT', `/api/admin/sellers/${customer.id}/approve/`);
    expect(notSeller.statusCode).toBe(404);
  });

  it('leaves a suspended seller out of public reads when approved (suspension is the rejection)', async () => {
    const shop = await newShop('chueche');
    await call(moderator, 'PUT', `/api/admin/sellers/${shop.seller.id}/suspend/`, { reason: 'Fake papers' });
    const listed = (await call(moderator, 'GET', '/api/admin/sellers/?status=suspended')).json();
    expect(listed.results).toContainEqual(
      expect.objectContaining({ id: shop.seller.id, status: 'suspended' }),
    );
    const pending = (await call(moderator, 'GET', '/api/admin/sellers/?status=pending')).json();
    expect(pending.results.map((s: { id: number }) => s.id)).not.toContain(shop.seller.id);
    // Reinstating does not skip the approval; approving does not lift the suspension.
    await call(moderator, 'PUT', `/api/admin/sellers/${shop.seller.id}/reinstate/`, { reason: 'Mistake' });
    expect(await ids(null, '/api/products/?limit=100')).not.toContain(shop.product.id);
    await call(moderator, 'PUT', `/api/admin/sellers/${shop.seller.id}/suspend/`, { reason: 'Again' });
    const approved = await call(moderator, 'PUT', `/api/admin/sellers/${shop.seller.id}/approve/`);
    expect(approved.json()).toMatchObject({ status: 'suspended', suspended: true });
    expect(await ids(null, '/api/products/?limit=100')).not.toContain(shop.product.id);
    expect((await call(null, 'GET', `/api/profiles/${shop.seller.id}/`)).statusCode).toBe(404);
  });
});

describe('without SELLER_APPROVAL_REQUIRED (the default)', () => {
  it('a new seller is active at once and their product is public', async () => {
    const plain = await build();
    try {
      const seller = await registerSeller(plain.app);
      const product = await createProduct(plain.app, seller, await categoryRef(plain.database));
      const list = await plain.app.inject({ url: '/api/products/?limit=100' });
      expect(list.json().results.map((p: { id: number }) => p.id)).toContain(product.id);
      const staff = await makeStaff(plain, ['moderation']);
      const sellers = await plain.app.inject({
        url: '/api/admin/sellers/?status=active',
        headers: staff.auth,
      });
      expect(sellers.json().results).toContainEqual(
        expect.objectContaining({ id: seller.id, status: 'active' }),
      );
      const mine = await plain.app.inject({ url: '/api/moderation/mine/', headers: seller.auth });
      expect(mine.json().awaiting_approval).toBe(false);
    } finally {
      await plain.close();
    }
  });
});
