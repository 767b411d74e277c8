/**
 * Issue 31 row 1 (decision 196): an order's money always follows its live seller parts. For
 * every order of events (a part cancelled before, during and after the payment; one part or
 * every part; customer and seller racing) the test provider's books must show
 * captured − refunded = the live parts' total, and every unit of stock back exactly once.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, type TestUser } from '../../../test/fixtures.ts';
import { buildShop, orderPayload, stockOf, type Shop } from '../../../test/order-builders.ts';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import { orders, outbox } from '../../db/schema.ts';
import type { CapturedPayment } from '../payments/providers/provider.ts';
import type { TestProvider } from '../payments/providers/test-provider.ts';
import { createOrderServices, orderServicesFor } from './services.ts';

let t: TestApp;
let db: Db;
let provider: TestProvider;
beforeAll(async () => {
  t = await build();
  db = t.database.db;
  provider = orderServicesFor(t.app.ctx).gateway.provider as TestProvider;
});
afterAll(async () => {
  await t.close();
});

const put = (user: TestUser, url: string, payload?: object) =>
  t.app.inject({ method: 'PUT', url, headers: user.auth, ...(payload ? { payload } : {}) });
const get = (user: TestUser, url: string) => t.app.inject({ url, headers: user.auth });
const mailsTo = (email: string) => db.select().from(outbox).where(eq(outbox.recipient, email));
const rappen = (decimal: string) => Math.round(Number(decimal) * 100);

interface OrderAnswer {
  status: string;
  totalPrice: string;
  totalShippingPrice: string;
  totalAmount: string;
  sellerOrder: { id: number; isCancelled: boolean; totalPrice: string }[];
}

/**
 * The case: seller A sells CHF 78, seller B CHF 26, each with CHF 20 shipping (144);
 * each has 5 units in one store, the customer takes one of each.
 */
async function twoSellerOrder() {
  const a = await buildShop(t.app, db, { prices: ['78.00'], stock: [[5]] });
  const b = await buildShop(t.app, db, { prices: ['26.00'], stock: [[5]] });
  const customer = await registerUser(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders/add/',
    headers: customer.auth,
    payload: orderPayload([{ product: a.products[0]! }, { product: b.products[0]! }], {
      totalPrice: '104.00',
      totalShippingPrice: '40.00',
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json() as {
    id: number;
    totalAmount: string;
    sellerOrder: { id: number; seller: { id: number } }[];
  };
  expect(order.totalAmount).toBe('144.00');
  const soOf = (shop: Shop) => order.sellerOrder.find((so) => so.seller.id === shop.seller.id)!.id;
  return { a, b, customer, orderId: order.id, soA: soOf(a), soB: soOf(b) };
}
type Case = Awaited<ReturnType<typeof twoSellerOrder>>;

const stockA = (c: Case) => stockOf(db, c.a.stores[0]!.id, c.a.products[0]!.id);
const stockB = (c: Case) => stockOf(db, c.b.stores[0]!.id, c.b.products[0]!.id);
const orderOf = async (c: Case) => (await get(c.customer, `/api/orders/${c.orderId}/`)).json() as OrderAnswer;

/** The money invariant, from the provider's books and the customer's view of the order. */
async function expectMoneyFollowsLiveParts(c: Case): Promise<{ captured: number; refunded: number }> {
  const order = await orderOf(c);
  const live = order.sellerOrder.filter((so) => !so.isCancelled);
  const liveTotal = live.reduce((sum, so) => sum + rappen(so.totalPrice), 0);
  const captured = provider.captures.get(c.orderId)?.amountRappen ?? 0;
  const refunded = [...provider.refunds.values()]
    .filter((r) => r.orderId === c.orderId)
    .reduce((sum, r) => sum + r.amountRappen, 0);
  if (captured > 0) expect(captured - refunded).toBe(liveTotal);
  else expect(refunded).toBe(0);
  return { captured, refunded };
}

/** Each seller's stock: 5 while their part is cancelled (given back once), 4 while it lives. */
async function expectStock(c: Case, parts: { a: boolean; b: boolean }): Promise<void> {
  expect(await stockA(c)).toBe(parts.a ? 4 : 5);
  expect(await stockB(c)).toBe(parts.b ? 4 : 5);
}

const cancelPart = (shop: Shop, soId: number) =>
  put(shop.seller, `/api/seller-orders/${soId}/cancel/`, { reason: 'Sold out' });

/** A second server process whose capture waits until `release` is called. */
function slowCapturingProcess(outcome: 'captures' | 'refuses' = 'captures') {
  const other = createOrderServices(t.app.ctx);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const capturing = new Promise<void>((resolve) => (started = resolve));
  const slow = Object.create(provider) as TestProvider;
  slow.capture = async (order): Promise<CapturedPayment> => {
    started();
    await gate;
    if (outcome === 'refuses') throw conflict('The payment provider declined the payment.');
    return provider.capture(order);
  };
  (other.gateway as unknown as { provider: TestProvider }).provider = slow;
  return { other, release, capturing };
}

const callerOf = (user: TestUser) => ({ id: user.id, username: user.username, email: user.email }) as never;

describe('a part cancelled before the payment', () => {
  it('leaves the order asking for the live part only (the issue: 144, A cancels unpaid, pay charges 46)', async () => {
    const c = await twoSellerOrder();
    expect((await cancelPart(c.a, c.soA)).statusCode).toBe(200);
    await expectStock(c, { a: false, b: true });
    expect(await orderOf(c)).toMatchObject({
      status: 'pending',
      totalPrice: '26.00',
      totalShippingPrice: '20.00',
      totalAmount: '46.00',
    });

    const paid = await put(c.customer, `/api/orders/${c.orderId}/pay/`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', totalAmount: '46.00', refundedAmount: '0.00' });
    expect(provider.captures.get(c.orderId)?.amountRappen).toBe(4600);
    expect(await expectMoneyFollowsLiveParts(c)).toEqual({ captured: 4600, refunded: 0 });
    await expectStock(c, { a: false, b: true });

    // The payment e-mail lists what will come; seller A hears of no new paid order, B does.
    const receipt = (await mailsTo(c.customer.email)).find((m) => m.subject.includes('payment received'));
    expect(receipt?.body).toContain(c.b.products[0]!.name);
    expect(receipt?.body).not.toContain(c.a.products[0]!.name);
    expect(receipt?.body).toContain('CHF 46.-');
    const newPaid = (m: { subject: string }) => m.subject.includes('new paid order');
    expect((await mailsTo(c.a.seller.email)).filter(newPaid)).toEqual([]);
    expect((await mailsTo(c.b.seller.email)).filter(newPaid)).toHaveLength(1);
  });

  it('cancels the order when every part is cancelled: stock back once, nothing to pay', async () => {
    const c = await twoSellerOrder();
    expect((await cancelPart(c.a, c.soA)).statusCode).toBe(200);
    expect((await cancelPart(c.b, c.soB)).statusCode).toBe(200);
    expect(await orderOf(c)).toMatchObject({ status: 'cancelled', totalAmount: '0.00' });
    await expectStock(c, { a: false, b: false });
    const pay = await put(c.customer, `/api/orders/${c.orderId}/pay/`);
    expect(pay.statusCode).toBe(409);
    expect(await expectMoneyFollowsLiveParts(c)).toEqual({ captured: 0, refunded: 0 });
    // The customer's cancel afterwards changes nothing.
    expect((await put(c.customer, `/api/orders/${c.orderId}/cancel/`)).statusCode).toBe(200);
    await expectStock(c, { a: false, b: false });
  });
});

describe('a part cancelled after the payment', () => {
  it('refunds the part, and the customer cancelling the rest refunds only what is left', async () => {
    const c = await twoSellerOrder();
    expect((await put(c.customer, `/api/orders/${c.orderId}/pay/`)).statusCode).toBe(200);
    expect((await cancelPart(c.a, c.soA)).statusCode).toBe(200);
    expect(await expectMoneyFollowsLiveParts(c)).toEqual({ captured: 14400, refunded: 9800 });
    await expectStock(c, { a: false, b: true });
    expect((await put(c.customer, `/api/orders/${c.orderId}/cancel/`)).statusCode).toBe(200);
    expect(await expectMoneyFollowsLiveParts(c)).toEqual({ captured: 14400, refunded: 14400 });
    await expectStock(c, { a: false, b: false });
  });
});

describe('a part cancelled while the capture is under way (another process pays)', () => {
  it('is refunded once the capture is recorded', async () => {
    const c = await twoSellerOrder();
    const { other, release, capturing } = slowCapturingProcess();
    const paying = other.payment.pay(callerOf(c.customer), c.orderId, undefined);
    await capturing;
    const cancel = await cancelPart(c.a, c.soA);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ isCancelled: true });
    release();
    const paid = await paying;
    expect(paid.totalAmount).toBe('144.00');

    expect(await expectMoneyFollowsLiveParts(c)).toEqual({ captured: 14400, refunded: 9800 });
    expect(await orderOf(c)).toMatchObject({ status: 'partlyRefunded', refundedAmount: '98.00' });
    await expectStock(c, { a: false, b: true });
    const mails = await mailsTo(c.customer.email);
    const told = mails.filter((m) => m.subject.includes('cancelled their part'));
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('We refunded CHF 98.-');
    const newPaid = (m: { subject: string }) => m.subject.includes('new paid order');
    expect((await mailsTo(c.a.seller.email)).filter(newPaid)).toEqual([]);
  });

  it('every part: all refunded, the order ends cancelled, stock back once', async () => {
    const c = await twoSellerOrder();
    const { other, release, capturing } = slowCapturingProcess();
    const paying = other.payment.pay(callerOf(c.customer), c.orderId, undefined);
    await capturing;
    const [first, second] = await Promise.all([cancelPart(c.a, c.soA), cancelPart(c.b, c.soB)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    release();
    await paying;
    expect(await expectMoneyFollowsLiveParts(c)).toEqual({ captured: 14400, refunded: 14400 });
    expect((await orderOf(c)).status).toBe('refunded');
    await expectStock(c, { a: false, b: false });
  });

  it('when nothing was captured, the order asks for the live part and the next payment charges it', async () => {
    const c = await twoSellerOrder();
    const { other, release, capturing } = slowCapturingProcess('refuses');
    const paying = other.payment.pay(callerOf(c.customer), c.orderId, undefined).catch((e: Error) => e);
    await capturing;
    expect((await cancelPart(c.a, c.soA)).statusCode).toBe(200);
    release();
    expect(await paying).toBeInstanceOf(Error);
    expect(await orderOf(c)).toMatchObject({ status: 'pending', totalAmount: '46.00' });
    await expectStock(c, { a: false, b: true });
    expect((await put(c.customer, `/api/orders/${c.orderId}/pay/`)).statusCode).toBe(200);
    expect(await expectMoneyFollowsLiveParts(c)).toEqual({ captured: 4600, refunded: 0 });
  });
});

describe('a capture that lands after the reconciling job gave up on it', () => {
  it('is refunded in full when a part was cancelled meanwhile, and the order asks for the live part', async () => {
    const c = await twoSellerOrder();
    const { other, release, capturing } = slowCapturingProcess();
    const paying = other.payment.pay(callerOf(c.customer), c.orderId, undefined).catch((e: Error) => e);
    await capturing;
    expect((await cancelPart(c.a, c.soA)).statusCode).toBe(200);
    // The job finds no capture at the provider (it is still under way) and puts the order back.
    await db
      .update(orders)
      .set({ payingUntil: sql`now() - interval '1 second'` })
      .where(eq(orders.id, c.orderId));
    await orderServicesFor(t.app.ctx).reconciler.reconcilePayments();
    expect(await orderOf(c)).toMatchObject({ status: 'pending', totalAmount: '46.00' });
    await expectStock(c, { a: false, b: true });

    release();
    const answer = await paying;
    expect(answer).toBeInstanceOf(Error);
    expect((answer as Error).message).toMatch(/refunded in full/);
    // Nothing kept: the 144 captured went back, and the order still asks 46.
    const refunded = [...provider.refunds.values()].filter((r) => r.orderId === c.orderId);
    expect(refunded.map((r) => r.amountRappen)).toEqual([14400]);
    expect(provider.captures.get(c.orderId)?.amountRappen).toBe(14400);
    expect(await orderOf(c)).toMatchObject({ status: 'refunded', totalAmount: '46.00' });
    await expectStock(c, { a: false, b: true });
  });
});

describe('customer and seller cancels racing', () => {
  it.each(['unpaid', 'paid'] as const)(
    'on an %s order: the order ends cancelled, money and stock once',
    async (state) => {
      const c = await twoSellerOrder();
      if (state === 'paid')
        expect((await put(c.customer, `/api/orders/${c.orderId}/pay/`)).statusCode).toBe(200);
      const results = await Promise.all([
        put(c.customer, `/api/orders/${c.orderId}/cancel/`),
        cancelPart(c.a, c.soA),
        cancelPart(c.b, c.soB),
      ]);
      for (const res of results) expect([200, 409]).toContain(res.statusCode);
      // A 409 says "try again": once everyone has, the order is cancelled.
      expect((await put(c.customer, `/api/orders/${c.orderId}/cancel/`)).statusCode).toBe(200);
      const order = await orderOf(c);
      expect(['cancelled', 'refunded']).toContain(order.status);
      const money = await expectMoneyFollowsLiveParts(c);
      expect(money.captured - money.refunded).toBe(0);
      await expectStock(c, { a: false, b: false });
    },
  );

  it('a seller cancels while the customer pays: the customer is charged only for the live part', async () => {
    for (let round = 0; round < 3; round++) {
      const c = await twoSellerOrder();
      const [pay, cancel] = await Promise.all([
        put(c.customer, `/api/orders/${c.orderId}/pay/`),
        cancelPart(c.a, c.soA),
      ]);
      expect(pay.statusCode, pay.body).toBe(200);
      expect(cancel.statusCode, cancel.body).toBe(200);
      await expectMoneyFollowsLiveParts(c);
      await expectStock(c, { a: false, b: true });
    }
  });
});
