/**
 * Moderation (issue 29, decision 206): hidden products and suspended sellers leave every
 * public read at once (the read cache included) and cannot be bought; a suspended seller's
 * paid orders can still be sent; a removed review no longer counts; each action is audited.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, type TestUser } from '../../../test/fixtures.ts';
import { buildShop, orderPayload, type Shop } from '../../../test/order-builders.ts';
import { makeStaff, type TestStaff } from '../../../test/staff-builders.ts';
import { outbox } from '../../db/schema.ts';

let t: TestApp;
let moderator: TestStaff;
let auditor: TestStaff;
let customer: TestUser;
beforeAll(async () => {
  t = await build();
  moderator = await makeStaff(t, ['moderation']);
  auditor = await makeStaff(t, ['admin']);
  customer = await registerUser(t.app);
});
afterAll(async () => {
  await t?.close();
});

const call = (
  who: TestUser | null,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });
const publicIds = async (url: string) => {
  const res = await call(null, 'GET', url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  const body = res.json();
  return ((Array.isArray(body) ? body : body.results) as { id: number }[]).map((p) => p.id);
};
const audit = async (object: string) =>
  (await call(auditor, 'GET', `/api/admin/audit/?object=${object}`)).json() as {
    count: number;
    results: { action: string; staff: string; object: string; reason: string; at: string }[];
  };
/** A shop written straight to the database: the cache is told as the product and store routes tell it. */
async function newShop(): Promise<Shop> {
  const shop = await buildShop(t.app, t.database.db);
  t.app.ctx.cache.invalidate();
  return shop;
}
const place = (shop: Shop) =>
  call(
    customer,
    'POST',
    '/api/orders/add/',
    orderPayload([{ product: shop.products[0]! }], { totalPrice: '10.00', totalShippingPrice: '20.00' }),
  );

describe('hiding a product', () => {
  it('takes it out of lists, search and its page at once, refuses to sell it, tells the seller, and audits', async () => {
    const shop = await newShop();
    const id = shop.products[0]!.id;
    // Warm the cached answers first: hiding must not wait for them to expire.
    expect(await publicIds('/api/products/')).toContain(id);
    expect(await publicIds(`/api/products/user/${shop.seller.id}`)).toContain(id);
    expect(await publicIds(`/api/search/?type=products_by_seller&seller_id=${shop.seller.id}`)).toContain(id);

    const hide = await call(moderator, 'PUT', `/api/admin/products/${id}/hide/`, { reason: 'Counterfeit' });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json()).toMatchObject({ id, hidden: true, hidden_reason: 'Counterfeit' });
    expect((await call(null, 'GET', `/api/products/${id}/`)).statusCode).toBe(404);
    expect(await publicIds('/api/products/')).not.toContain(id);
    expect(await publicIds(`/api/products/user/${shop.seller.id}`)).not.toContain(id);
    expect(await publicIds(`/api/search/?type=products_by_seller&seller_id=${shop.seller.id}`)).not.toContain(
      id,
    );
    const order = await place(shop);
    expect(order.statusCode).toBe(409);
    expect(order.json().detail).toBe(
      `Product ${id} is no longer available. Please remove it from your cart.`,
    );

    const mine = await call(shop.seller, 'GET', '/api/moderation/mine/');
    expect(mine.json().hidden_products).toEqual([
      expect.objectContaining({ id, hidden_reason: 'Counterfeit' }),
    ]);
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.recipient, shop.seller.email));
    expect(mails.map((m) => m.body).join()).toContain('Reason: Counterfeit');

    // Idempotent: a repeat answers the same and writes nothing new.
    expect(
      (await call(moderator, 'PUT', `/api/admin/products/${id}/hide/`, { reason: 'Again' })).json()
        .hidden_reason,
    ).toBe('Counterfeit');
    const unhide = await call(moderator, 'PUT', `/api/admin/products/${id}/unhide/`, {
      reason: 'Seller sent invoices',
    });
    expect(unhide.json().hidden).toBe(false);
    expect(await publicIds('/api/products/')).toContain(id);
    expect((await place(shop)).statusCode).toBe(201);

    const log = await audit(`product:${id}`);
    expect(log.results.map((r) => r.action)).toEqual(['product.unhide', 'product.hide']);
    expect(log.results[1]).toMatchObject({
      staff: moderator.username,
      reason: 'Counterfeit',
      object: `product:${id}`,
    });
  });

  it('refuses without a reason, and answers 404 for a product that does not exist', async () => {
    const shop = await newShop();
    const res = await call(moderator, 'PUT', `/api/admin/products/${shop.products[0]!.id}/hide/`, {
      reason: ' ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/reason/);
    expect(
      (await call(moderator, 'PUT', '/api/admin/products/999999/hide/', { reason: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('suspending a seller', () => {
  it('takes their products and stores out of every public read at once, while their paid order can still be sent', async () => {
    const shop = await newShop();
    const id = shop.products[0]!.id;
    const placed = await place(shop);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as { id: number; sellerOrder: { id: number }[] };
    expect((await call(customer, 'PUT', `/api/orders/${order.id}/pay/`)).statusCode).toBe(200);
    expect(await publicIds('/api/products/')).toContain(id);
    expect(await publicIds(`/api/stores/user/${shop.seller.id}`)).toContain(shop.stores[0]!.id);
    expect((await call(null, 'GET', `/api/stores/${shop.stores[0]!.id}/`)).statusCode).toBe(200);

    const res = await call(moderator, 'PUT', `/api/admin/sellers/${shop.seller.id}/suspend/`, {
      reason: 'Stopped shipping',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ suspended: true, suspended_reason: 'Stopped shipping' });
    expect(await publicIds('/api/products/')).not.toContain(id);
    expect((await call(null, 'GET', `/api/products/${id}/`)).statusCode).toBe(404);
    expect(await publicIds(`/api/stores/user/${shop.seller.id}`)).not.toContain(shop.stores[0]!.id);
    expect((await call(null, 'GET', `/api/stores/${shop.stores[0]!.id}/`)).statusCode).toBe(404);
    expect(await publicIds('/api/search/?type=map')).not.toContain(shop.stores[0]!.id);
    expect((await place(shop)).statusCode).toBe(409);

    const send = await call(shop.seller, 'PUT', `/api/seller-orders/${order.sellerOrder[0]!.id}/send/`);
    expect(send.statusCode, send.body).toBe(200);
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.recipient, shop.seller.email));
    expect(mails.some((m) => m.subject.includes('suspended'))).toBe(true);

    await call(moderator, 'PUT', `/api/admin/sellers/${shop.seller.id}/reinstate/`, { reason: 'Resolved' });
    expect(await publicIds('/api/products/')).toContain(id);
    expect((await audit(`seller:${shop.seller.id}`)).results.map((r) => r.action)).toEqual([
      'seller.reinstate',
      'seller.suspend',
    ]);
  });
});

describe('removing a review', () => {
  it('recomputes the product’s rating and count, and audits what was removed', async () => {
    const shop = await newShop();
    const id = shop.products[0]!.id;
    const other = await registerUser(t.app);
    for (const [who, rating] of [
      [customer, 1],
      [other, 5],
    ] as const) {
      const r = await call(who, 'POST', `/api/products/${id}/reviews/`, {
        rating,
        comment: `rated ${rating}`,
      });
      expect(r.statusCode, r.body).toBe(201);
    }
    expect((await call(null, 'GET', `/api/products/${id}/`)).json()).toMatchObject({
      numReviews: 2,
      rating: 3,
    });
    const list = await call(moderator, 'GET', `/api/admin/reviews/?product=${id}`);
    expect(list.json().count).toBe(2);
    const bad = (list.json().results as { id: number; rating: number }[]).find((r) => r.rating === 1)!;
    const del = await call(moderator, 'DELETE', `/api/admin/reviews/${bad.id}/`, { reason: 'Abusive' });
    expect(del.statusCode, del.body).toBe(204);
    expect((await call(null, 'GET', `/api/products/${id}/`)).json()).toMatchObject({
      numReviews: 1,
      rating: 5,
    });
    expect(
      (await call(moderator, 'DELETE', `/api/admin/reviews/${bad.id}/`, { reason: 'Abusive' })).statusCode,
    ).toBe(404);
    const log = await audit(`review:${bad.id}`);
    expect(log.results).toEqual([expect.objectContaining({ action: 'review.remove', reason: 'Abusive' })]);
  });
});

describe('finding what to moderate', () => {
  it('finds products by name or seller and lists the hidden ones; finds sellers by state', async () => {
    const shop = await newShop();
    const [product] = shop.products;
    const byName = (
      await call(moderator, 'GET', `/api/admin/products/?search=${encodeURIComponent(product!.name)}`)
    ).json();
    expect(byName.results).toEqual([
      expect.objectContaining({ id: product!.id, seller: shop.seller.id, hidden: false }),
    ]);
    await call(moderator, 'PUT', `/api/admin/products/${product!.id}/hide/`, { reason: 'Fake brand' });
    const hidden = (await call(moderator, 'GET', '/api/admin/products/?hidden=true&limit=100')).json();
    expect(hidden.results).toContainEqual(
      expect.objectContaining({ id: product!.id, hidden: true, hidden_reason: 'Fake brand' }),
    );
    const visible = (await call(moderator, 'GET', '/api/admin/products/?hidden=false&limit=100')).json();
    expect(visible.results.map((p: { id: number }) => p.id)).not.toContain(product!.id);

    const bySeller = (
      await call(moderator, 'GET', `/api/admin/sellers/?search=${shop.seller.username}`)
    ).json();
    expect(bySeller.results).toEqual([
      expect.objectContaining({ id: shop.seller.id, suspended: false, products: shop.products.length }),
    ]);
    await call(moderator, 'PUT', `/api/admin/sellers/${shop.seller.id}/suspend/`, { reason: 'No shipments' });
    const suspended = (await call(moderator, 'GET', '/api/admin/sellers/?state=suspended&limit=100')).json();
    expect(suspended.results.map((s: { id: number }) => s.id)).toContain(shop.seller.id);
    const active = (await call(moderator, 'GET', '/api/admin/sellers/?state=active&limit=100')).json();
    expect(active.results.map((s: { id: number }) => s.id)).not.toContain(shop.seller.id);
    expect((await call(customer, 'GET', '/api/admin/sellers/')).statusCode).toBe(404);
  });
});
