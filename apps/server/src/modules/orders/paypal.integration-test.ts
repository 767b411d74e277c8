import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, type TestUser } from '../../../test/fixtures.ts';
import { startFakePayPal, type FakePayPal, type FakeScenario } from '../../../test/fake-paypal.ts';
import { buildShop, type Shop } from '../../../test/order-builders.ts';
import { orderPayload } from '../../../test/order-builders.ts';
import { payments } from '../../db/schema.ts';

let t: TestApp;
let fake: FakePayPal;
let shop: Shop;
beforeAll(async () => {
  fake = await startFakePayPal();
  t = await build({ PAYPAL_CLIENT_ID: 'x', PAYPAL_CLIENT_SECRET: 'y', PAYPAL_API_URL: fake.url });
  shop = await buildShop(t.app, t.database.db, { prices: ['45.50'], stock: [[100]] });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.scenario = 'COMPLETED';
});

/** A placed order of CHF 45.50 + CHF 20 shipping and the PayPal order created for it. */
async function orderWithPayPal(): Promise<{ customer: TestUser; orderId: number; paypalId: string }> {
  const customer = await registerUser(t.app);
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders/add/',
    headers: customer.auth,
    payload: orderPayload([{ product: shop.products[0]! }], {
      totalPrice: '45.50',
      totalShippingPrice: '20.00',
    }),
  });
  expect(placed.statusCode).toBe(201);
  const orderId = placed.json().id as number;
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/paypal/`,
    headers: customer.auth,
  });
  expect(created.statusCode, created.body).toBe(200);
  return { customer, orderId, paypalId: created.json().id };
}

const pay = (customer: TestUser, orderId: number, payload?: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/orders/${orderId}/pay/`,
    headers: customer.auth,
    ...(payload ? { payload } : {}),
  });

async function paymentRows(orderId: number) {
  return t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
}

describe('PayPal', () => {
  it('tells the web app to show the PayPal buttons', async () => {
    const res = await t.app.inject({ url: '/api/orders/payment-config/' });
    expect(res.json()).toEqual({ provider: 'paypal', clientId: 'x', currency: 'CHF' });
  });

  it('creates the PayPal order with the server total once, and marks the order paid after a COMPLETED capture', async () => {
    const { customer, orderId, paypalId } = await orderWithPayPal();
    expect(fake.orders.get(paypalId)).toMatchObject({
      value: '65.50',
      currency: 'CHF',
      referenceId: String(orderId),
    });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/paypal/`,
      headers: customer.auth,
    });
    expect(again.json().id).toBe(paypalId);

    const stranger = await registerUser(t.app);
    expect((await pay(stranger, orderId, { paypalOrderId: paypalId })).statusCode).toBe(404);
    expect((await pay(customer, orderId)).statusCode).toBe(400);
    expect((await pay(customer, orderId, { paypalOrderId: 'PP-SOMEONE-ELSE' })).statusCode).toBe(409);

    const res = await pay(customer, orderId, { paypalOrderId: paypalId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isPaid: true, status: 'paid' });
    const [payment] = await paymentRows(orderId);
    expect(payment).toMatchObject({ provider: 'paypal', amountRappen: 6550, currency: 'CHF' });
    expect((await pay(customer, orderId, { id: paypalId })).statusCode).toBe(409);
  });

  it.each<[FakeScenario, RegExp, number]>([
    ['PENDING', /pending/i, 409],
    ['DENIED', /declined/i, 409],
    ['DECLINED', /declined/i, 409],
    ['AMOUNT_MISMATCH', /CHF 1\.00.*CHF 65\.50/, 409],
    ['SERVER_ERROR', /PayPal/, 503],
  ])('leaves the order unpaid when PayPal answers %s', async (scenario, detail, status) => {
    const { customer, orderId, paypalId } = await orderWithPayPal();
    fake.scenario = scenario;
    const res = await pay(customer, orderId, { paypalOrderId: paypalId });
    expect(res.statusCode).toBe(status);
    expect(res.json().detail).toMatch(detail);
    expect(await paymentRows(orderId)).toHaveLength(0);
    const order = await t.app.inject({ url: `/api/orders/${orderId}/`, headers: customer.auth });
    expect(order.json()).toMatchObject({ isPaid: false, status: 'pending' });
  });

  it('accepts ORDER_ALREADY_CAPTURED when PayPal shows a completed capture of the right amount', async () => {
    const { customer, orderId, paypalId } = await orderWithPayPal();
    fake.scenario = 'ORDER_ALREADY_CAPTURED';
    const res = await pay(customer, orderId, { paypalOrderId: paypalId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().isPaid).toBe(true);
    expect(await paymentRows(orderId)).toHaveLength(1);
  });

  it('captures once and records one payment for 20 concurrent pay calls', async () => {
    const { customer, orderId, paypalId } = await orderWithPayPal();
    const before = fake.captureCalls;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => pay(customer, orderId, { paypalOrderId: paypalId })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(fake.captureCalls - before).toBe(1);
    expect(await paymentRows(orderId)).toHaveLength(1);
  });
});
