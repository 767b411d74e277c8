/**
 * Issue 19 row 13 (server side): an unpaid order's hold can be extended a bounded number of
 * times by its customer, `PUT /api/orders/{id}/extend/` answering the order with the new
 * expiresAt (decision 174).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, type TestUser } from '../../../test/fixtures.ts';
import { buildShop, expireHoldNow, orderPayload, stockOf, type Shop } from '../../../test/order-builders.ts';
import type { Db } from '../../db/client.ts';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await build({ ORDER_HOLD_MINUTES: '30', ORDER_HOLD_MAX_EXTENSIONS: '1' });
  db = t.database.db;
});
afterAll(async () => {
  await t.close();
});

async function placed(shop: Shop, customer: TestUser) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders/add/',
    headers: customer.auth,
    payload: orderPayload([{ product: shop.products[0]!, store: shop.stores[0]!, quantity: 2 }], {
      totalPrice: '20.00',
      totalShippingPrice: '0.00',
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; expiresAt: string; holdExtensionsLeft: number };
}

const extend = (user: TestUser, id: number, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: `/api/orders/${id}/extend/`, headers: { ...user.auth, ...headers } });

describe('extending an unpaid order’s hold', () => {
  it('moves expiresAt later by the hold time once, then refuses with a clear, translated 409', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'] });
    const customer = await registerUser(t.app);
    const order = await placed(shop, customer);
    expect(order.holdExtensionsLeft).toBe(1);

    const first = await extend(customer, order.id);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(new Date(body.expiresAt).getTime() - new Date(order.expiresAt).getTime()).toBe(30 * 60_000);
    expect(body.holdExtensionsLeft).toBe(0);
    expect(body.status).toBe('pending');
    const shown = await t.app.inject({ url: `/api/orders/${order.id}/`, headers: customer.auth });
    expect(shown.json().expiresAt).toBe(body.expiresAt);

    const again = await extend(customer, order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(
      `The hold of order ${order.id} cannot be extended any more. Please pay it before it expires.`,
    );
    const french = await extend(customer, order.id, { 'accept-language': 'fr-CH' });
    expect(french.json().detail).toContain('ne peut plus être prolongée');
  });

  it('uses one extension once, however many calls arrive together', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'] });
    const customer = await registerUser(t.app);
    const order = await placed(shop, customer);
    const results = await Promise.all(Array.from({ length: 4 }, () => extend(customer, order.id)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
  });

  it('answers 404 for someone else’s order, 409 for a paid or expired one (and the expired stock returns)', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'], stock: [[10]] });
    const customer = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const order = await placed(shop, customer);
    const probe = await extend(stranger, order.id);
    expect(probe.statusCode).toBe(404);
    expect(probe.json().detail).toBe(`Order ${order.id} was not found.`);
    expect((await extend(stranger, 999_999)).json().detail).toBe('Order 999999 was not found.');

    const pay = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order.id}/pay/`,
      headers: customer.auth,
    });
    expect(pay.statusCode).toBe(200);
    expect(pay.json().holdExtensionsLeft).toBe(0);
    const paid = await extend(customer, order.id);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().detail).toBe(`Order ${order.id} is already paid.`);

    const late = await placed(shop, customer);
    expect(await stockOf(db, shop.stores[0]!.id, shop.products[0]!.id)).toBe(6);
    await expireHoldNow(db, late.id);
    const expired = await extend(customer, late.id);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().detail).toBe(`Order ${late.id} has expired and can no longer be paid.`);
    expect(await stockOf(db, shop.stores[0]!.id, shop.products[0]!.id)).toBe(8);
  });
});
