import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openTestDatabase } from '../../../test/build.ts';
import { testConfig } from '../../../test/config.ts';
import { startFakeDatatrans, type FakeDatatrans } from '../../../test/fake-datatrans.ts';
import { createWalletProvider, TwintPayments, type TwintOrder, type TwintPayment } from './twint.ts';
import { TwintSignals, type TwintOrders } from './twint-signals.ts';
import { datatransSignatureHeader } from './webhook-signature.ts';

/** The orders side as the lead will wire it: TWINT orders by transaction, paid at most once. */
class FakeTwintOrders implements TwintOrders {
  byTransaction = new Map<string, TwintOrder>();
  paid: { orderId: number; payment: TwintPayment }[] = [];
  async findByTransaction(transactionId: string) {
    const o = this.byTransaction.get(transactionId);
    return o ? { ...o } : null;
  }
  async markPaid(orderId: number, payment: TwintPayment) {
    const o = [...this.byTransaction.values()].find((x) => x.id === orderId);
    if (!o || o.state !== 'unpaid') return false;
    o.state = 'paid';
    o.paidWith = payment.reference;
    this.paid.push({ orderId, payment });
    return true;
  }
  async pendingTransactions() {
    return [...this.byTransaction.entries()].filter(([, o]) => o.state === 'unpaid').map(([id]) => id);
  }
}

let fake: FakeDatatrans;
let app: Awaited<ReturnType<typeof buildApp>>;
let close: () => Promise<void>;
const orders = new FakeTwintOrders();
let nextOrder = 500;
let config: ReturnType<typeof testConfig>;

beforeAll(async () => {
  fake = await startFakeDatatrans();
  config = testConfig({
    DATATRANS_MERCHANT_ID: fake.credentials.merchantId,
    DATATRANS_PASSWORD: fake.credentials.password,
    DATATRANS_HMAC_KEY: fake.credentials.hmacKey,
    DATATRANS_API_URL: fake.url,
  });
  const { database, drop } = await openTestDatabase();
  app = await buildApp({ config, database, payments: { twintOrders: orders } });
  await app.ready();
  close = async () => {
    await app.close();
    await drop();
    await fake.close();
  };
});
afterAll(() => close());

/** A TWINT order with its transaction started at Datatrans (and approved unless told otherwise). */
async function twintOrder(approve = true, totalRappen = 3_450) {
  const order: TwintOrder = { id: ++nextOrder, totalRappen, state: 'unpaid', paidWith: null };
  const { transactionId } = await createWalletProvider(config).init(order, {
    success: 'https://x.test/ok',
    cancel: 'https://x.test/cancel',
    error: 'https://x.test/error',
  });
  orders.byTransaction.set(transactionId, order);
  if (approve) fake.approve(transactionId);
  return { order, transactionId };
}

const deliver = (webhook: { body: string; headers: Record<string, string> }) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/datatrans/webhook/',
    headers: webhook.headers,
    payload: webhook.body,
  });

describe('POST /api/payments/datatrans/webhook/', () => {
  it('pays the order once for a signed webhook, delivered twice and at the same time', async () => {
    const { order, transactionId } = await twintOrder();
    const webhook = fake.webhook(transactionId);
    const answers = await Promise.all([deliver(webhook), deliver(webhook), deliver(webhook)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(orders.paid.filter((p) => p.orderId === order.id)).toHaveLength(1);
    expect(fake.transactions.get(transactionId)).toMatchObject({ status: 'settled', settled: 3_450 });
    expect(fake.transactions.get(transactionId)!.credits).toEqual([]);
    expect((await deliver(fake.webhook(transactionId))).json()).toEqual({
      received: true,
      outcome: 'alreadyPaid',
    });
  });

  it('refuses a webhook with a wrong or stale signature and changes nothing', async () => {
    const { order, transactionId } = await twintOrder();
    const forged = fake.webhook(transactionId);
    const res = await deliver({ ...forged, body: forged.body.replace('"refno"', '"refno" ') });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('The webhook signature is not valid.');
    const stale = await deliver(fake.webhook(transactionId, Date.now() - 60 * 60 * 1000));
    expect(stale.statusCode).toBe(401);
    expect(orders.paid.some((p) => p.orderId === order.id)).toBe(false);
    expect(fake.transactions.get(transactionId)!.status).toBe('authorized');
  });

  it('takes no money for an order that expired before its webhook came', async () => {
    const { order, transactionId } = await twintOrder();
    orders.byTransaction.get(transactionId)!.state = 'closed';
    const res = await deliver(fake.webhook(transactionId));
    expect(res.json()).toEqual({ received: true, outcome: 'released' });
    expect(fake.transactions.get(transactionId)).toMatchObject({ status: 'canceled', settled: 0 });
    expect(orders.paid.some((p) => p.orderId === order.id)).toBe(false);
  });

  it('answers a transaction it does not know without acting, and a body without one with 400', async () => {
    const { transactionId } = await twintOrder();
    orders.byTransaction.delete(transactionId);
    expect((await deliver(fake.webhook(transactionId))).json()).toEqual({
      received: true,
      outcome: 'unknown',
    });
    expect(fake.transactions.get(transactionId)!.status).toBe('authorized');
    const body = '{"status":"authorized"}';
    const res = await deliver({
      body,
      headers: {
        'content-type': 'application/json',
        'datatrans-signature': datatransSignatureHeader(fake.credentials.hmacKey, Date.now(), body),
      },
    });
    expect(res.statusCode).toBe(400);
  });

  it('the status poll pays an order whose webhook never came, and leaves one not yet approved', async () => {
    const approved = await twintOrder();
    const waiting = await twintOrder(false);
    const signals = new TwintSignals(new TwintPayments(createWalletProvider(config)), orders);
    await signals.poll();
    expect(orders.paid.filter((p) => p.orderId === approved.order.id)).toHaveLength(1);
    expect(orders.byTransaction.get(waiting.transactionId)!.state).toBe('unpaid');
    fake.approve(waiting.transactionId);
    await signals.poll();
    expect(orders.paid.filter((p) => p.orderId === waiting.order.id)).toHaveLength(1);
  });
});
