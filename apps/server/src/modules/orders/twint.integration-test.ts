/**
 * TWINT orders (issue 27, decision 247): the built-in test provider pays offline through
 * PUT /pay/; with Datatrans (its fake), the transaction starts at POST /twint/, and the webhook
 * and the browser's return racing pay the order once through the capture path.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { startFakeDatatrans, type FakeDatatrans } from '../../../test/fake-datatrans.ts';
import { registerUser, type TestUser } from '../../../test/fixtures.ts';
import { buildShop, expireHoldNow, orderPayload } from '../../../test/order-builders.ts';
import { payments } from '../../db/schema.ts';

async function placeTwint(t: TestApp, customer: TestUser) {
  const shop = await buildShop(t.app, t.database.db, { prices: ['34.50'] });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders/add/',
    headers: customer.auth,
    payload: orderPayload(
      [{ product: shop.products[0]! }],
      { totalPrice: '34.50', totalShippingPrice: '20.00' },
      { paymentMethod: 'TWINT' },
    ),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; paymentMethod: string };
}

const payRows = (t: TestApp, orderId: number) =>
  t.database.db.select().from(payments).where(eq(payments.orderId, orderId));

describe('TWINT with the built-in test provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('completes a TWINT order offline through PUT /pay/, once', async () => {
    const customer = await registerUser(t.app);
    const order = await placeTwint(t, customer);
    expect(order.paymentMethod).toBe('TWINT');
    const url = `/api/orders/${order.id}/pay/`;
    const paid = await t.app.inject({ method: 'PUT', url, headers: customer.auth });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ isPaid: true, status: 'paid', paymentMethod: 'TWINT' });
    const again = await t.app.inject({ method: 'PUT', url, headers: customer.auth });
    expect(again.statusCode).toBe(409);
    expect(await payRows(t, order.id)).toEqual([
      expect.objectContaining({ provider: 'test', amountRappen: 5450 }),
    ]);
  });

  it('answers someone else’s TWINT order like a missing one', async () => {
    const order = await placeTwint(t, await registerUser(t.app));
    const stranger = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/twint/`,
      headers: stranger.auth,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('TWINT through Datatrans (fake)', () => {
  let t: TestApp;
  let fake: FakeDatatrans;
  beforeAll(async () => {
    fake = await startFakeDatatrans();
    t = await build({
      DATATRANS_MERCHANT_ID: fake.credentials.merchantId,
      DATATRANS_PASSWORD: fake.credentials.password,
      DATATRANS_HMAC_KEY: fake.credentials.hmacKey,
      DATATRANS_API_URL: fake.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const start = async (customer: TestUser, orderId: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/twint/`,
      headers: customer.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { transactionId: string; redirectUrl: string };
  };
  const deliver = (webhook: { body: string; headers: Record<string, string> }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/datatrans/webhook/',
      headers: webhook.headers,
      payload: webhook.body,
    });

  it('sends the browser to Datatrans and pays once when the webhook and the return race', async () => {
    const customer = await registerUser(t.app);
    const order = await placeTwint(t, customer);
    const { transactionId, redirectUrl } = await start(customer, order.id);
    expect(redirectUrl).toContain(transactionId);
    expect(fake.transactions.get(transactionId)?.redirect.successUrl).toContain(
      `/customer-order/${order.id}`,
    );
    fake.approve(transactionId);
    const webhook = fake.webhook(transactionId);
    const [hook1, back, hook2] = await Promise.all([
      deliver(webhook),
      t.app.inject({ method: 'PUT', url: `/api/orders/${order.id}/pay/`, headers: customer.auth }),
      deliver(webhook),
    ]);
    expect([hook1.statusCode, hook2.statusCode]).toEqual([200, 200]);
    expect([200, 409]).toContain(back.statusCode);
    expect(await payRows(t, order.id)).toEqual([
      expect.objectContaining({
        provider: 'datatrans',
        providerReference: transactionId,
        amountRappen: 5450,
      }),
    ]);
    expect(fake.transactions.get(transactionId)).toMatchObject({ status: 'settled', settled: 5450 });
    const after = await t.app.inject({ url: `/api/orders/${order.id}/`, headers: customer.auth });
    expect(after.json()).toMatchObject({ isPaid: true, status: 'paid' });
  });

  it('refunds a cancelled TWINT order through Datatrans, once', async () => {
    const customer = await registerUser(t.app);
    const order = await placeTwint(t, customer);
    const { transactionId } = await start(customer, order.id);
    fake.approve(transactionId);
    expect((await deliver(fake.webhook(transactionId))).statusCode).toBe(200);
    const cancel = () =>
      t.app.inject({ method: 'PUT', url: `/api/orders/${order.id}/cancel/`, headers: customer.auth });
    const first = await cancel();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'refunded', refundedAmount: '54.50' });
    expect((await cancel()).statusCode).toBe(200);
    expect(fake.transactions.get(transactionId)!.credits).toEqual([
      expect.objectContaining({ amount: 5450 }),
    ]);
  });

  it('takes no money for a late webhook of an expired order', async () => {
    const customer = await registerUser(t.app);
    const order = await placeTwint(t, customer);
    const { transactionId } = await start(customer, order.id);
    fake.approve(transactionId);
    await expireHoldNow(t.database.db, order.id);
    const res = await deliver(fake.webhook(transactionId));
    expect(res.statusCode).toBe(200);
    expect(fake.transactions.get(transactionId)?.settled ?? 0).toBe(0);
    expect(await payRows(t, order.id)).toEqual([]);
    const after = await t.app.inject({ url: `/api/orders/${order.id}/`, headers: customer.auth });
    expect(after.json()).toMatchObject({ isPaid: false, status: 'expired' });
  });
});
