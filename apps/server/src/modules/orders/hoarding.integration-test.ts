/**
 * Issue 14 row 4: one customer cannot hoard stock. At most ORDER_MAX_UNPAID unpaid orders and
 * ORDER_MAX_UNITS_PER_PRODUCT units of one product held at once, placements rate-limited per
 * customer, and no e-mail before payment (decision 170).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, type TestUser } from '../../../test/fixtures.ts';
import { buildShop, expireHoldNow, orderPayload, stockOf, type Line } from '../../../test/order-builders.ts';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await build({
    ORDER_MAX_UNPAID: '3',
    ORDER_MAX_UNITS_PER_PRODUCT: '5',
    RATE_LIMIT_ORDERS_PER_USER: '8',
  });
  db = t.database.db;
});
afterAll(async () => {
  await t.close();
});

const pickUp = (shop: Awaited<ReturnType<typeof buildShop>>, quantity = 1): Line[] => [
  { product: shop.products[0]!, store: shop.stores[0]!, quantity },
];
const place = (user: TestUser, lines: Line[], price = '10.00', headers: Record<string, string> = {}) => {
  const total = (Number(price) * lines.reduce((n, l) => n + (l.quantity ?? 1), 0)).toFixed(2);
  return t.app.inject({
    method: 'POST',
    url: '/api/orders/add/',
    headers: { ...user.auth, ...headers },
    payload: orderPayload(lines, { totalPrice: total, totalShippingPrice: '0.00' }),
  });
};

describe('anti-hoarding', () => {
  it('refuses a fourth unpaid order with a clear, translated 409, and accepts again once one is paid', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'], stock: [[50]] });
    const customer = await registerUser(t.app);
    const placed = [];
    for (let i = 0; i < 3; i++) {
      const res = await place(customer, pickUp(shop));
      expect(res.statusCode, res.body).toBe(201);
      placed.push(res.json().id as number);
    }
    const fourth = await place(customer, pickUp(shop));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().detail).toBe(
      'You have reached the limit of 3 unpaid orders at once. Please pay an open order, or wait until it expires, before placing another.',
    );
    const german = await place(customer, pickUp(shop), '10.00', { 'accept-language': 'de-CH' });
    expect(german.statusCode).toBe(409);
    expect(german.json().detail).toContain('Grenze von 3 unbezahlten Bestellungen');
    // The refused orders took nothing.
    expect(await stockOf(db, shop.stores[0]!.id, shop.products[0]!.id)).toBe(47);

    const paid = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${placed[0]}/pay/`,
      headers: customer.auth,
    });
    expect(paid.statusCode).toBe(200);
    expect((await place(customer, pickUp(shop))).statusCode).toBe(201);
    // An order whose hold ran out holds nothing, even before the sweep reaches it.
    await expireHoldNow(db, placed[1]!);
    expect((await place(customer, pickUp(shop))).statusCode).toBe(201);
  });

  it('holds the limit for parallel checkouts of one customer', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'], stock: [[50]] });
    const customer = await registerUser(t.app);
    const results = await Promise.all(Array.from({ length: 6 }, () => place(customer, pickUp(shop))));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 409, 409, 409]);
    expect(await stockOf(db, shop.stores[0]!.id, shop.products[0]!.id)).toBe(47);
  });

  it('limits the units of one product held across unpaid orders', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'], stock: [[50]] });
    const customer = await registerUser(t.app);
    const tooMany = await place(customer, pickUp(shop, 6));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().detail).toBe(
      `At most 5 units of "${shop.products[0]!.name}" can be ordered at once; you asked for 6.`,
    );
    expect((await place(customer, pickUp(shop, 4))).statusCode).toBe(201);
    const more = await place(customer, pickUp(shop, 2));
    expect(more.statusCode).toBe(409);
    expect(more.json().detail).toContain('your open orders already hold 4');
    expect((await place(customer, pickUp(shop, 1))).statusCode).toBe(201);
    expect(await stockOf(db, shop.stores[0]!.id, shop.products[0]!.id)).toBe(45);
  });

  it('rate-limits placements per customer (refused attempts count too) with 429 and Retry-After', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'], stock: [[50]] });
    const customer = await registerUser(t.app);
    const other = await registerUser(t.app);
    const codes = [];
    for (let i = 0; i < 8; i++) codes.push((await place(customer, pickUp(shop))).statusCode);
    expect(codes).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    const limited = await place(customer, pickUp(shop));
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().detail).toBe(
      'You have placed too many orders in a short time. Please wait a while before placing another.',
    );
    // Another customer is not affected.
    expect((await place(other, pickUp(shop))).statusCode).toBe(201);
  });

  it('sends no e-mail when an order is placed (only at payment)', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'] });
    const customer = await registerUser(t.app);
    // Registration already mailed the address confirmation (decision 253): count from here.
    const before = await db
      .select()
      .from(outbox)
      .where(sql`${outbox.recipient} = ${customer.email}`);
    expect((await place(customer, pickUp(shop))).statusCode).toBe(201);
    const mails = await db
      .select()
      .from(outbox)
      .where(sql`${outbox.recipient} = ${customer.email}`);
    expect(mails).toEqual(before);
  });
});
