/**
 * Money through PayPal (the fake PayPal server): refunds on cancellation, issue 14 row 5 (a
 * capture still running when the hold runs out) and issue 20 row 9 (the database write after
 * a capture fails). No money is ever left without a paid order or a recorded refund.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, type TestUser } from '../../../test/fixtures.ts';
import { startFakePayPal, type FakePayPal } from '../../../test/fake-paypal.ts';
import { buildShop, orderPayload, stockOf, type Shop } from '../../../test/order-builders.ts';
import { orders, outbox, payments, refunds } from '../../db/schema.ts';
import { orderServicesFor, type OrderServices } from './services.ts';

let t: TestApp;
let fake: FakePayPal;
let shop: Shop;
let service: OrderServices;
beforeAll(async () => {
  fake = await startFakePayPal();
  t = await build({
    PAYPAL_CLIENT_ID: 'x',
    PAYPAL_CLIENT_SECRET: 'y',
    PAYPAL_API_URL: fake.url,
    ORDER_CAPTURE_TIMEOUT_SECONDS: '1',
  });
  shop = await buildShop(t.app, t.database.db, { prices: ['6.50'], stock: [[1000]] });
  service = orderServicesFor(t.app.ctx);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => {
  fake.releaseCaptures();
  fake.scenario = 'COMPLETED';
  fake.refundScenario = 'COMPLETED';
  vi.restoreAllMocks();
});

const db = () => t.database.db;
const stock = () => stockOf(db(), shop.stores[0]!.id, shop.products[0]!.id);
const put = (user: TestUser, url: string, payload?: object) =>
  t.app.inject({ method: 'PUT', url, headers: user.auth, ...(payload ? { payload } : {}) });
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const refundRows = (id: number) => db().select().from(refunds).where(eq(refunds.orderId, id));
const paymentRows = (id: number) => db().select().from(payments).where(eq(payments.orderId, id));

/** One pick-up unit of CHF 6.50 (no shipping) and the PayPal order created for it. */
async function orderWithPayPal() {
  const customer = await registerUser(t.app);
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders/add/',
    headers: customer.auth,
    payload: orderPayload([{ product: shop.products[0]!, store: shop.stores[0]! }], {
      totalPrice: '6.50',
      totalShippingPrice: '0.00',
    }),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId = placed.json().id as number;
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/paypal/`,
    headers: customer.auth,
  });
  const paypalId = created.json().id as string;
  return {
    customer,
    orderId,
    paypalId,
    pay: () => put(customer, `/api/orders/${orderId}/pay/`, { paypalOrderId: paypalId }),
  };
}

/** Moves the hold to run out `ms` from now. */
const holdEndsIn = (orderId: number, ms: number) =>
  db()
    .update(orders)
    .set({ expiresAt: sql`now() + make_interval(secs => ${ms / 1000})` })
    .where(eq(orders.id, orderId));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('refunds through PayPal', () => {
  it('refunds the captured amount once when the customer cancels, with the refund id recorded', async () => {
    const { customer, orderId, pay } = await orderWithPayPal();
    expect((await pay()).statusCode).toBe(200);
    const before = (await stock())!;
    const [a, b] = await Promise.all([
      put(customer, `/api/orders/${orderId}/cancel/`),
      put(customer, `/api/orders/${orderId}/cancel/`),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ status: 'refunded', refundedAmount: '6.50' });
    const [payment] = await paymentRows(orderId);
    const made = fake.refunds.filter((r) => r.captureId === payment!.providerReference);
    expect(made).toEqual([
      expect.objectContaining({ value: '6.50', currency: 'CHF', requestId: `refund-order-${orderId}` }),
    ]);
    expect(await refundRows(orderId)).toEqual([
      expect.objectContaining({ amountRappen: 650, providerReference: made[0]!.id, key: `order-${orderId}` }),
    ]);
    expect(await stock()).toBe(before + 1);
  });

  it('leaves a paid order unchanged with a clear 409 when PayPal refuses the refund', async () => {
    const { customer, orderId, pay } = await orderWithPayPal();
    expect((await pay()).statusCode).toBe(200);
    const before = (await stock())!;
    fake.refundScenario = 'REFUSED';
    const res = await put(customer, `/api/orders/${orderId}/cancel/`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      'PayPal refused the refund (REFUND_NOT_ALLOWED). Nothing was refunded and the order is unchanged.',
    );
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', cancelledAt: null, refundedRappen: 0 });
    expect(await refundRows(orderId)).toEqual([]);
    expect(await stock()).toBe(before);
  });

  it('keeps a cancellation whose refund got no answer, and the job finishes it once PayPal answers', async () => {
    const { customer, orderId, pay } = await orderWithPayPal();
    expect((await pay()).statusCode).toBe(200);
    const before = (await stock())!;
    fake.refundScenario = 'SERVER_ERROR';
    const res = await put(customer, `/api/orders/${orderId}/cancel/`);
    expect(res.statusCode).toBe(503);
    expect(await refundRows(orderId)).toEqual([expect.objectContaining({ completedAt: null })]);
    expect(await stock()).toBe(before);

    fake.refundScenario = 'COMPLETED';
    await service.reconciler.reconcilePayments(0);
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled', refundedRappen: 650 });
    expect(await stock()).toBe(before + 1);
    // Asked again: nothing more goes back.
    await service.reconciler.reconcilePayments(0);
    const [payment] = await paymentRows(orderId);
    expect(fake.refunds.filter((r) => r.captureId === payment!.providerReference)).toHaveLength(1);
  });
});

describe('issue 14 row 5: a capture still running when the hold runs out', () => {
  it('keeps the order: the sweep skips a paying order, and the slow capture is recorded as paid', async () => {
    const { orderId, pay } = await orderWithPayPal();
    const before = (await stock())!;
    const capture = fake.holdCaptures();
    const paying = pay();
    await capture.arrived;
    await holdEndsIn(orderId, -1000);
    // The hold is over while PayPal is still capturing: the sweep leaves the order alone.
    expect(await service.holds.sweepExpired()).toBe(0);
    expect(await stock()).toBe(before);
    capture.release();
    const res = await paying;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'paid', isPaid: true });
    expect(await stock()).toBe(before);
    expect(await paymentRows(orderId)).toHaveLength(1);
  });

  it('refunds, records and mails a capture that completes for an order that can no longer be honoured', async () => {
    const { customer, orderId, pay } = await orderWithPayPal();
    const before = (await stock())!;
    const capture = fake.holdCaptures();
    const paying = pay();
    await capture.arrived;
    await holdEndsIn(orderId, -1000);
    // The capture outlives ORDER_CAPTURE_TIMEOUT_SECONDS (1 s here): the job finds nothing
    // captured yet, the order goes back to pending, and the sweep expires it.
    await sleep(1100);
    await service.reconciler.reconcilePayments();
    expect(await service.holds.sweepExpired()).toBe(1);
    expect(await stock()).toBe(before + 1);

    capture.release();
    const res = await paying;
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      `Order ${orderId} could no longer be honoured when the payment arrived, so the payment of CHF 6.50 was refunded in full.`,
    );
    const [payment] = await paymentRows(orderId);
    expect(payment).toMatchObject({ amountRappen: 650, provider: 'paypal' });
    expect(fake.refunds.filter((r) => r.captureId === payment!.providerReference)).toEqual([
      expect.objectContaining({ value: '6.50' }),
    ]);
    expect(await refundRows(orderId)).toEqual([
      expect.objectContaining({
        key: `refused-${orderId}`,
        amountRappen: 650,
        completedAt: expect.any(Date),
      }),
    ]);
    const order = await t.app.inject({ url: `/api/orders/${orderId}/`, headers: customer.auth });
    expect(order.json()).toMatchObject({ status: 'refunded', isPaid: false, refundedAmount: '6.50' });
    const mail = await db().select().from(outbox).where(eq(outbox.recipient, customer.email));
    expect(mail.map((m) => m.subject)).toContain(`Marktgasse: payment for order #${orderId} refunded`);
    // Stock went back once, with the expiry; the refund did not add it again.
    expect(await stock()).toBe(before + 1);
  });
});

describe('issue 20 row 9: captured means recorded', () => {
  it('records a capture whose database write failed as paid once the job runs, and never captures twice', async () => {
    const { customer, orderId, pay } = await orderWithPayPal();
    const database = db();
    const capture = service.gateway.provider.capture.bind(service.gateway.provider);
    vi.spyOn(service.gateway.provider, 'capture').mockImplementation(async (order, request) => {
      const captured = await capture(order, request);
      // The database goes away right after PayPal took the money.
      vi.spyOn(database, 'transaction').mockRejectedValueOnce(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      );
      return captured;
    });
    const res = await pay();
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    vi.restoreAllMocks();
    // The pending-capture record: the order is paying, with no payment row yet.
    expect(await orderRow(orderId)).toMatchObject({ status: 'paying', isPaid: false });
    expect(await paymentRows(orderId)).toEqual([]);
    // A retry by the customer meanwhile does not capture again.
    const retry = await pay();
    expect(retry.statusCode).toBe(409);
    expect(retry.json().detail).toBe(
      `A payment for order ${orderId} is in progress. Please try again in a moment.`,
    );

    await sleep(1100);
    expect(await service.reconciler.reconcilePayments()).toBeGreaterThanOrEqual(1);
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', isPaid: true });
    const [payment] = await paymentRows(orderId);
    expect(payment).toMatchObject({ amountRappen: 650, provider: 'paypal' });
    const answer = await t.app.inject({ url: `/api/orders/${orderId}/`, headers: customer.auth });
    expect(answer.json()).toMatchObject({ status: 'paid', refundedAmount: '0.00' });
  });

  it('puts an order whose capture never happened back to pending, so it can be paid or expire', async () => {
    const { orderId, pay } = await orderWithPayPal();
    vi.spyOn(service.gateway.provider, 'capture').mockRejectedValueOnce(
      Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
    );
    expect((await pay()).statusCode).toBeGreaterThanOrEqual(500);
    expect((await orderRow(orderId)).status).toBe('paying');
    await sleep(1100);
    await service.reconciler.reconcilePayments();
    expect((await orderRow(orderId)).status).toBe('pending');
    const res = await pay();
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('issue 31 row 1: a part cancelled after the PayPal order was made', () => {
  it('asks PayPal for the live part only: the old PayPal order is refused uncharged, a new one is for 46', async () => {
    const a = await buildShop(t.app, db(), { prices: ['78.00'], stock: [[5]] });
    const b = await buildShop(t.app, db(), { prices: ['26.00'], stock: [[5]] });
    const customer = await registerUser(t.app);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/add/',
      headers: customer.auth,
      payload: orderPayload([{ product: a.products[0]! }, { product: b.products[0]! }], {
        totalPrice: '104.00',
        totalShippingPrice: '40.00',
      }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { id: orderId, sellerOrder } = placed.json() as {
      id: number;
      sellerOrder: { id: number; seller: { id: number } }[];
    };
    const checkout = () =>
      t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/paypal/`, headers: customer.auth });
    const first = (await checkout()).json().id as string;
    expect(fake.orders.get(first)?.value).toBe('144.00');

    const soA = sellerOrder.find((so) => so.seller.id === a.seller.id)!.id;
    expect(
      (await put(a.seller, `/api/seller-orders/${soA}/cancel/`, { reason: 'Sold out' })).statusCode,
    ).toBe(200);
    const stale = await put(customer, `/api/orders/${orderId}/pay/`, { paypalOrderId: first });
    expect(stale.statusCode).toBe(409);
    expect(fake.orders.get(first)?.captures).toEqual([]);
    expect((await orderRow(orderId)).status).toBe('pending');

    const second = (await checkout()).json().id as string;
    expect(second).not.toBe(first);
    expect(fake.orders.get(second)?.value).toBe('46.00');
    const paid = await put(customer, `/api/orders/${orderId}/pay/`, { paypalOrderId: second });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', totalAmount: '46.00' });
    expect(await paymentRows(orderId)).toEqual([expect.objectContaining({ amountRappen: 4600 })]);
    expect(await stockOf(db(), a.stores[0]!.id, a.products[0]!.id)).toBe(5);
  });
});
