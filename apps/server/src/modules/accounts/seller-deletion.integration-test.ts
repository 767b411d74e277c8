/**
 * Issue 14 row 6: a seller whose stock is held by customers' unpaid orders cannot delete the
 * account yet (409 that says until when), and an order of a seller who is gone cannot be paid
 * (decision 171).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, type TestUser } from '../../../test/fixtures.ts';
import { buildShop, expireHoldNow, orderPayload, type Shop } from '../../../test/order-builders.ts';
import type { Db } from '../../db/client.ts';
import { AccountsService } from './service.ts';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await build();
  db = t.database.db;
});
afterAll(async () => {
  await t.close();
});

async function placeOrder(customer: TestUser, shop: Shop): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders/add/',
    headers: customer.auth,
    payload: orderPayload([{ product: shop.products[0]!, store: shop.stores[0]! }], {
      totalPrice: '10.00',
      totalShippingPrice: '0.00',
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const deleteAccount = (user: TestUser, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'DELETE', url: `/api/users/${user.id}/`, headers: { ...user.auth, ...headers } });

describe('deleting a seller with open unpaid orders', () => {
  it('is refused with a clear 409 while a customer’s unpaid order holds the stock, and allowed once it expired', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'] });
    const customer = await registerUser(t.app);
    const orderId = await placeOrder(customer, shop);

    const refused = await deleteAccount(shop.seller);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(
      /^Unpaid customer orders still hold stock of your account \(1\)\. Please delete it once they are paid or have expired, within (29|30) minutes at the latest\.$/,
    );
    const german = await deleteAccount(shop.seller, { 'accept-language': 'de' });
    expect(german.json().detail).toContain('Unbezahlte Bestellungen von Kunden');
    // The customer can still pay: nothing was deleted.
    expect((await t.app.inject({ url: `/api/users/me/`, headers: shop.seller.auth })).statusCode).toBe(200);

    await expireHoldNow(db, orderId);
    expect((await deleteAccount(shop.seller)).statusCode).toBe(204);
  });

  it('refuses to pay an order whose seller is gone (deleted in the moment before the order was placed)', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'] });
    const customer = await registerUser(t.app);
    const orderId = await placeOrder(customer, shop);
    // The race the check above cannot see: the deletion committed while the order was written.
    await new AccountsService(t.app.ctx).anonymise(shop.seller.id);

    const pay = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/pay/`,
      headers: customer.auth,
    });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().detail).toBe(
      `A seller of order ${orderId} has closed their account, so the order can no longer be paid. Please place it again without their items.`,
    );
    const shown = await t.app.inject({ url: `/api/orders/${orderId}/`, headers: customer.auth });
    expect(shown.json().isPaid).toBe(false);
    // Another customer's probe still answers like a missing order.
    const stranger = await registerUser(t.app);
    const probe = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/pay/`,
      headers: stranger.auth,
    });
    expect(probe.statusCode).toBe(404);
  });
});
