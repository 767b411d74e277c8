/**
 * Issue 14 row 7: what a stock number means while units are held (decision 172). The number
 * is what is for sale now, held units not included; an expiring hold gives its units back
 * unless the seller set the number after the hold began: the seller's count stands.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser } from '../../../test/fixtures.ts';
import { buildShop, expireHoldNow, orderPayload, stockOf, type Shop } from '../../../test/order-builders.ts';
import type { Db } from '../../db/client.ts';
import { orderServicesFor } from '../orders/services.ts';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await build();
  db = t.database.db;
});
afterAll(async () => {
  await t.close();
});

async function stockRowId(shop: Shop): Promise<number> {
  const res = await t.app.inject({ url: `/api/stocks/product/${shop.products[0]!.id}` });
  return (res.json() as { id: number; store: number }[]).find((s) => s.store === shop.stores[0]!.id)!.id;
}

const setCount = async (shop: Shop, number: number) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/stocks/${await stockRowId(shop)}/`,
    headers: shop.seller.auth,
    payload: { number },
  });
  expect(res.statusCode, res.body).toBe(200);
};

/** A customer holds `quantity` units for pick-up; answers the order id. */
async function hold(shop: Shop, quantity: number): Promise<number> {
  const customer = await registerUser(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders/add/',
    headers: customer.auth,
    payload: orderPayload([{ product: shop.products[0]!, store: shop.stores[0]!, quantity }], {
      totalPrice: (10 * quantity).toFixed(2),
      totalShippingPrice: '0.00',
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function expire(orderId: number) {
  await expireHoldNow(db, orderId);
  expect(await orderServicesFor(t.app.ctx).holds.expire(orderId)).toBe(true);
}

const shelf = (shop: Shop) => stockOf(db, shop.stores[0]!.id, shop.products[0]!.id);

describe('a hold that expires after the seller counted again', () => {
  it('does not add its units back over the seller’s explicit 0 (row 7)', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'], stock: [[5]] });
    const orderId = await hold(shop, 3);
    expect(await shelf(shop)).toBe(2);
    await setCount(shop, 0);
    await expire(orderId);
    expect(await shelf(shop)).toBe(0);
    // Nothing to sell: a new order is refused.
    const customer = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/add/',
      headers: customer.auth,
      payload: orderPayload([{ product: shop.products[0]!, store: shop.stores[0]! }], {
        totalPrice: '10.00',
        totalShippingPrice: '0.00',
      }),
    });
    expect(res.statusCode).toBe(409);
  });

  it('keeps a later count above zero as the seller set it', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'], stock: [[5]] });
    const orderId = await hold(shop, 3);
    await setCount(shop, 7);
    await expire(orderId);
    expect(await shelf(shop)).toBe(7);
  });

  it('gives the units back when the seller counted before the hold began, or never', async () => {
    const counted = await buildShop(t.app, db, { prices: ['10.00'], stock: [[1]] });
    await setCount(counted, 5);
    const first = await hold(counted, 3);
    expect(await shelf(counted)).toBe(2);
    await expire(first);
    expect(await shelf(counted)).toBe(5);

    const never = await buildShop(t.app, db, { prices: ['10.00'], stock: [[4]] });
    const second = await hold(never, 4);
    await expire(second);
    expect(await shelf(never)).toBe(4);
  });
});
