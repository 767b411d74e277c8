/**
 * Issue 20 row 8: a retried placement or payment with the same `Idempotency-Key` answers the
 * first result and places or pays nothing twice, also through another server on the same
 * database (decision 173).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { testConfig } from '../../../test/config.ts';
import { registerUser, type TestUser } from '../../../test/fixtures.ts';
import { buildShop, countOrders, orderPayload, stockOf, type Shop } from '../../../test/order-builders.ts';
import { buildApp } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';

let t: TestApp;
let db: Db;
/** A second server on the same database: what another process behind the load balancer is. */
let other: FastifyInstance;
beforeAll(async () => {
  t = await build();
  db = t.database.db;
  other = await buildApp({ config: testConfig({ JWT_SECRET: t.config.JWT_SECRET }), database: t.database });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await t.close();
});

const payload = (shop: Shop, quantity = 1) =>
  orderPayload([{ product: shop.products[0]!, store: shop.stores[0]!, quantity }], {
    totalPrice: (10 * quantity).toFixed(2),
    totalShippingPrice: '0.00',
  });

const place = (user: TestUser, body: object, key?: string, app: FastifyInstance = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/orders/add/',
    headers: { ...user.auth, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });

const shelf = (shop: Shop) => stockOf(db, shop.stores[0]!.id, shop.products[0]!.id);

describe('placing an order with an Idempotency-Key', () => {
  it('answers a retry with the first order and places nothing twice, through either server', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'], stock: [[10]] });
    const customer = await registerUser(t.app);
    const before = await countOrders(db);
    const key = crypto.randomUUID();
    const first = await place(customer, payload(shop, 2), key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await place(customer, payload(shop, 2), key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const elsewhere = await place(customer, payload(shop, 2), key, other);
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.json().id).toBe(first.json().id);
    expect(await countOrders(db)).toBe(before + 1);
    expect(await shelf(shop)).toBe(8);
  });

  it('places one order for parallel requests with the same key', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'], stock: [[10]] });
    const customer = await registerUser(t.app);
    const before = await countOrders(db);
    const key = crypto.randomUUID();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => place(customer, payload(shop), key, i % 2 ? other : t.app)),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect(await countOrders(db)).toBe(before + 1);
    expect(await shelf(shop)).toBe(9);
  });

  it('refuses the same key with a different request, and keeps keys apart per user', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'], stock: [[10]] });
    const customer = await registerUser(t.app);
    const key = crypto.randomUUID();
    expect((await place(customer, payload(shop, 1), key)).statusCode).toBe(201);
    const changed = await place(customer, payload(shop, 3), key);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().detail).toBe(
      'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
    );
    expect(await shelf(shop)).toBe(9);
    // The same key from someone else is their own key.
    const neighbour = await registerUser(t.app);
    const theirs = await place(neighbour, payload(shop, 1), key);
    expect(theirs.statusCode).toBe(201);
    expect(await shelf(shop)).toBe(8);
  });

  it('frees the key of a refused request, so the corrected retry places the order', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'], stock: [[10]] });
    const customer = await registerUser(t.app);
    const key = crypto.randomUUID();
    const wrongTotal = { ...payload(shop), totalPrice: '9.00' };
    expect((await place(customer, wrongTotal, key)).statusCode).toBe(409);
    const corrected = await place(customer, payload(shop), key);
    expect(corrected.statusCode, corrected.body).toBe(201);
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a malformed key with 400 and places nothing; without a key every request places', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'], stock: [[10]] });
    const customer = await registerUser(t.app);
    const bad = await place(customer, payload(shop), 'has spaces in it');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('The Idempotency-Key header must be 1 to 255 visible ASCII characters.');
    expect((await place(customer, payload(shop))).statusCode).toBe(201);
    expect((await place(customer, payload(shop))).statusCode).toBe(201);
    expect(await shelf(shop)).toBe(8);
  });
});

describe('paying with an Idempotency-Key', () => {
  it('answers a retried payment with the first answer and records one payment', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'], stock: [[10]] });
    const customer = await registerUser(t.app);
    const order = (await place(customer, payload(shop))).json();
    const pay = (app: FastifyInstance, key: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/orders/${order.id}/pay/`,
        headers: { ...customer.auth, 'idempotency-key': key },
      });
    const key = crypto.randomUUID();
    const first = await pay(t.app, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().isPaid).toBe(true);
    const retry = await pay(other, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    // Without the key, a second payment is refused as before.
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order.id}/pay/`,
      headers: customer.auth,
    });
    expect(again.statusCode).toBe(409);
    expect(await db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
  });
});
