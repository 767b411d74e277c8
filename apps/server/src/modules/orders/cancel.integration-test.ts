/**
 * Cancelling and refunding (issue 17, decisions 157, 158) with the test provider: a customer
 * cancels the whole order, a seller their part; paid money goes back through the provider
 * once, whatever is repeated or raced; stock goes back exactly once.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, type TestUser } from '../../../test/fixtures.ts';
import { buildShop, orderPayload, stockOf, type Line, type Shop } from '../../../test/order-builders.ts';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import { orders, outbox, refunds } from '../../db/schema.ts';
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

const put = (user: TestUser, url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PUT',
    url,
    headers: { ...user.auth, ...headers },
    ...(payload ? { payload } : {}),
  });
const get = (user: TestUser, url: string) => t.app.inject({ url, headers: user.auth });

async function placeOk(
  user: TestUser,
  lines: Line[],
  totals: { totalPrice: string; totalShippingPrice: string },
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders/add/',
    headers: user.auth,
    payload: orderPayload(lines, totals),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; sellerOrder: { id: number; seller: { id: number } }[] };
}

async function payOk(user: TestUser, orderId: number) {
  const res = await put(user, `/api/orders/${orderId}/pay/`);
  expect(res.statusCode, res.body).toBe(200);
}

const refundRows = (orderId: number) => db.select().from(refunds).where(eq(refunds.orderId, orderId));
const providerRefunds = (orderId: number) =>
  [...provider.refunds.values()].filter((r) => r.orderId === orderId);
const mailsTo = (email: string) =>
  db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(outbox.id);

/** A seller with 10 units of one CHF 30 product; a customer who ordered 2 (CHF 60 + CHF 20 shipping). */
async function oneSellerOrder(): Promise<{ shop: Shop; customer: TestUser; orderId: number; soId: number }> {
  const shop = await buildShop(t.app, db, { prices: ['30.00'], stock: [[10]] });
  const customer = await registerUser(t.app);
  const order = await placeOk(customer, [{ product: shop.products[0]!, quantity: 2 }], {
    totalPrice: '60.00',
    totalShippingPrice: '20.00',
  });
  expect(await stockOf(db, shop.stores[0]!.id, shop.products[0]!.id)).toBe(8);
  return { shop, customer, orderId: order.id, soId: order.sellerOrder[0]!.id };
}

describe('a customer cancels', () => {
  it('an unpaid order: cancelled, stock back at once and once, nothing refunded, e-mailed', async () => {
    const { shop, customer, orderId } = await oneSellerOrder();
    const res = await put(customer, `/api/orders/${orderId}/cancel/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: orderId,
      status: 'cancelled',
      isPaid: false,
      cancelledAt: expect.any(String),
      refundedAmount: '0.00',
      sellerOrder: [{ isCancelled: true, cancelledAt: expect.any(String), cancelReason: null }],
    });
    expect(await stockOf(db, shop.stores[0]!.id, shop.products[0]!.id)).toBe(10);

    // Repeated: the same answer, the stock is not given back twice.
    const again = await put(customer, `/api/orders/${orderId}/cancel/`);
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('cancelled');
    expect(await stockOf(db, shop.stores[0]!.id, shop.products[0]!.id)).toBe(10);
    expect(await refundRows(orderId)).toEqual([]);
    const mails = await mailsTo(customer.email);
    expect(mails.filter((m) => m.subject === `Marktgasse: order #${orderId} cancelled`)).toHaveLength(1);

    // A cancelled order cannot be paid any more, and its seller cannot send it.
    const pay = await put(customer, `/api/orders/${orderId}/pay/`);
    expect(pay.statusCode).toBe(409);
    expect(pay.json().detail).toBe(`Order ${orderId} was cancelled and can no longer be paid.`);
  });

  it('a paid order: refunded in full through the provider, stock back, e-mailed in their language', async () => {
    const { shop, customer, orderId, soId } = await oneSellerOrder();
    await payOk(customer, orderId);
    const res = await put(customer, `/api/orders/${orderId}/cancel/`, undefined, {
      'accept-language': 'de-CH',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'refunded', isPaid: true, refundedAmount: '80.00' });
    expect(providerRefunds(orderId)).toEqual([
      expect.objectContaining({
        amountRappen: 8000,
        key: `order-${orderId}`,
        paymentReference: `test-${orderId}`,
      }),
    ]);
    const [row] = await refundRows(orderId);
    expect(row).toMatchObject({
      amountRappen: 8000,
      providerReference: expect.stringMatching(/^test-refund-/),
    });
    expect(row!.completedAt).not.toBeNull();
    expect(await stockOf(db, shop.stores[0]!.id, shop.products[0]!.id)).toBe(10);
    const mails = await mailsTo(customer.email);
    const cancelled = mails.find((m) => m.subject === `Marktgasse: Bestellung #${orderId} storniert`);
    expect(cancelled?.body).toContain('zurückerstattet');

    // The seller sees it cancelled and can no longer send it.
    const send = await put(shop.seller, `/api/seller-orders/${soId}/send/`);
    expect(send.statusCode).toBe(409);
    expect(send.json().detail).toBe('This seller order was cancelled.');
    const seen = await get(shop.seller, `/api/seller-orders/${soId}/`);
    expect(seen.json()).toMatchObject({ isCancelled: true, order: { status: 'refunded' } });
  });

  it('refunds once and returns the stock once for 10 parallel cancels, also from two server processes', async () => {
    const { shop, customer, orderId } = await oneSellerOrder();
    await payOk(customer, orderId);
    // A second service stands for a second process: its own in-process queue, the same provider.
    const other = createOrderServices(t.app.ctx);
    (other.gateway as unknown as { provider: TestProvider }).provider = provider;
    const caller = { id: customer.id, username: customer.username, email: customer.email } as never;
    const results = await Promise.allSettled([
      ...Array.from({ length: 5 }, () => put(customer, `/api/orders/${orderId}/cancel/`)),
      ...Array.from({ length: 5 }, () => other.cancellation.cancel(caller, orderId)),
    ]);
    const http = results
      .slice(0, 5)
      .map((r) => (r.status === 'fulfilled' ? (r.value as { statusCode: number }).statusCode : 0));
    // Each answers the cancelled order, or 409 while the other process's refund is under way.
    for (const status of http) expect([200, 409]).toContain(status);
    expect(http).toContain(200);
    expect(providerRefunds(orderId)).toHaveLength(1);
    expect(await refundRows(orderId)).toHaveLength(1);
    expect(await stockOf(db, shop.stores[0]!.id, shop.products[0]!.id)).toBe(10);
    const final = await get(customer, `/api/orders/${orderId}/`);
    expect(final.json()).toMatchObject({ status: 'refunded', refundedAmount: '80.00' });
  });

  it('leaves the order as it was with a clear 409 when the provider refuses the refund', async () => {
    const { shop, customer, orderId } = await oneSellerOrder();
    await payOk(customer, orderId);
    const original = provider.refund.bind(provider);
    provider.refund = async () => {
      throw conflict('The payment provider refused the refund: it is more than what is left of the payment.');
    };
    try {
      const res = await put(customer, `/api/orders/${orderId}/cancel/`);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toMatch(/refused the refund/);
    } finally {
      provider.refund = original;
    }
    const order = await get(customer, `/api/orders/${orderId}/`);
    expect(order.json()).toMatchObject({ status: 'paid', cancelledAt: null, refundedAmount: '0.00' });
    expect(order.json().sellerOrder[0].isCancelled).toBe(false);
    expect(await refundRows(orderId)).toEqual([]);
    expect(await stockOf(db, shop.stores[0]!.id, shop.products[0]!.id)).toBe(8);

    // Asked again once the provider agrees: refunded.
    const retry = await put(customer, `/api/orders/${orderId}/cancel/`);
    expect(retry.json()).toMatchObject({ status: 'refunded', refundedAmount: '80.00' });
  });

  it('never both sends and refunds when the seller sends while the customer cancels', async () => {
    for (let round = 0; round < 4; round++) {
      const { shop, customer, orderId, soId } = await oneSellerOrder();
      await payOk(customer, orderId);
      const [send, cancel] = await Promise.all([
        put(shop.seller, `/api/seller-orders/${soId}/send/`),
        put(customer, `/api/orders/${orderId}/cancel/`),
      ]);
      expect([send.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
      const refunded = providerRefunds(orderId).length;
      expect(refunded).toBe(cancel.statusCode === 200 ? 1 : 0);
      expect(await stockOf(db, shop.stores[0]!.id, shop.products[0]!.id)).toBe(
        cancel.statusCode === 200 ? 10 : 8,
      );
    }
  });

  it('is refused once a part was sent or picked up, after expiry, and for anyone else (404)', async () => {
    const shop = await buildShop(t.app, db, { prices: ['30.00'], stock: [[10]] });
    const customer = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const sent = await placeOk(customer, [{ product: shop.products[0]! }], {
      totalPrice: '30.00',
      totalShippingPrice: '20.00',
    });
    await payOk(customer, sent.id);
    expect((await put(shop.seller, `/api/seller-orders/${sent.sellerOrder[0]!.id}/send/`)).statusCode).toBe(
      200,
    );
    const late = await put(customer, `/api/orders/${sent.id}/cancel/`);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(
      `Part of order ${sent.id} has already been sent or picked up, so the order can no longer be cancelled.`,
    );

    const picked = await placeOk(customer, [{ product: shop.products[0]!, store: shop.stores[0]! }], {
      totalPrice: '30.00',
      totalShippingPrice: '0.00',
    });
    await payOk(customer, picked.id);
    const item = (await get(customer, `/api/orders/${picked.id}/`)).json().sellerOrder[0]
      .inStoreOrderItems[0];
    expect((await put(shop.seller, `/api/orders/order-items/${item.id}/retrieve/`)).statusCode).toBe(200);
    expect((await put(customer, `/api/orders/${picked.id}/cancel/`)).statusCode).toBe(409);
    expect(
      (await put(shop.seller, `/api/seller-orders/${picked.sellerOrder[0]!.id}/cancel/`, { reason: 'x' }))
        .statusCode,
    ).toBe(409);

    const expired = await placeOk(customer, [{ product: shop.products[0]! }], {
      totalPrice: '30.00',
      totalShippingPrice: '20.00',
    });
    await db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, expired.id));
    const tooLate = await put(customer, `/api/orders/${expired.id}/cancel/`);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().detail).toBe(`Order ${expired.id} has expired, so there is nothing to cancel.`);

    const open = await placeOk(customer, [{ product: shop.products[0]! }], {
      totalPrice: '30.00',
      totalShippingPrice: '20.00',
    });
    const theirs = await put(stranger, `/api/orders/${open.id}/cancel/`);
    const missing = await put(stranger, `/api/orders/999999/cancel/`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().detail).toBe(missing.json().detail.replace('999999', String(open.id)));
    // The customer is not the seller: their seller order answers 404 to them.
    expect(
      (await put(customer, `/api/seller-orders/${open.sellerOrder[0]!.id}/cancel/`, { reason: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await put(stranger, `/api/seller-orders/${open.sellerOrder[0]!.id}/cancel/`, { reason: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await get(customer, `/api/orders/${open.id}/`)).json().status).toBe('pending');
  });
});

describe('a seller cancels their part', () => {
  /** Two sellers in one order: A CHF 30 + CHF 20 shipping, B CHF 40 + CHF 20 shipping. */
  async function twoSellerOrder() {
    const a = await buildShop(t.app, db, { prices: ['30.00'], stock: [[5]] });
    const b = await buildShop(t.app, db, { prices: ['40.00'], stock: [[5]] });
    const customer = await registerUser(t.app);
    const order = await placeOk(customer, [{ product: a.products[0]! }, { product: b.products[0]! }], {
      totalPrice: '70.00',
      totalShippingPrice: '40.00',
    });
    const soOf = (shop: Shop) => order.sellerOrder.find((so) => so.seller.id === shop.seller.id)!.id;
    return { a, b, customer, orderId: order.id, soA: soOf(a), soB: soOf(b) };
  }

  it('refunds their items and shipping of a paid order, once; the rest goes on; the customer reads why', async () => {
    const { a, b, customer, orderId, soA, soB } = await twoSellerOrder();
    await payOk(customer, orderId);
    const reason = 'Die Ware ist beim Transport zerbrochen.';
    const [first, second] = await Promise.all([
      put(a.seller, `/api/seller-orders/${soA}/cancel/`, { reason }),
      put(a.seller, `/api/seller-orders/${soA}/cancel/`, { reason: 'twice' }),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(200);
    // Either call may win the race; both answer the one cancellation that happened.
    const won = first.json().cancelReason as string;
    expect([reason, 'twice']).toContain(won);
    expect(first.json()).toMatchObject({ isCancelled: true, cancelledAt: expect.any(String) });
    expect(second.json()).toMatchObject({ cancelReason: won, cancelledAt: first.json().cancelledAt });
    expect(providerRefunds(orderId)).toEqual([
      expect.objectContaining({ amountRappen: 5000, key: `seller-order-${soA}` }),
    ]);
    expect(await stockOf(db, a.stores[0]!.id, a.products[0]!.id)).toBe(5);
    expect(await stockOf(db, b.stores[0]!.id, b.products[0]!.id)).toBe(4);

    const order = (await get(customer, `/api/orders/${orderId}/`)).json();
    expect(order).toMatchObject({ status: 'partlyRefunded', refundedAmount: '50.00', cancelledAt: null });
    const mail = (await mailsTo(customer.email)).find((m) => m.subject.includes('cancelled their part'));
    expect(mail?.body).toContain(won);
    expect(mail?.body).toContain('We refunded CHF 50.-');

    // The other seller goes on; the cancelled part cannot be sent.
    expect((await put(b.seller, `/api/seller-orders/${soB}/send/`)).statusCode).toBe(200);
    expect((await put(a.seller, `/api/seller-orders/${soA}/send/`)).statusCode).toBe(409);
    // With B's part sent, the customer can no longer cancel the rest.
    expect((await put(customer, `/api/orders/${orderId}/cancel/`)).statusCode).toBe(409);
  });

  it('then the customer cancels the rest: only what is left is refunded, each stock back once', async () => {
    const { a, b, customer, orderId, soA } = await twoSellerOrder();
    await payOk(customer, orderId);
    expect(
      (await put(a.seller, `/api/seller-orders/${soA}/cancel/`, { reason: 'Sold out' })).statusCode,
    ).toBe(200);
    const res = await put(customer, `/api/orders/${orderId}/cancel/`);
    expect(res.json()).toMatchObject({ status: 'refunded', refundedAmount: '110.00' });
    expect(
      providerRefunds(orderId)
        .map((r) => r.amountRappen)
        .sort(),
    ).toEqual([5000, 6000]);
    expect(await stockOf(db, a.stores[0]!.id, a.products[0]!.id)).toBe(5);
    expect(await stockOf(db, b.stores[0]!.id, b.products[0]!.id)).toBe(5);
    const parts = res.json().sellerOrder as { id: number; cancelReason: string | null }[];
    expect(parts.find((p) => p.id === soA)?.cancelReason).toBe('Sold out');
  });

  it('of an unpaid order: stock back, nothing refunded; the order is cancelled with its last part', async () => {
    const { a, b, customer, orderId, soA, soB } = await twoSellerOrder();
    expect(
      (await put(a.seller, `/api/seller-orders/${soA}/cancel/`, { reason: 'Closed for holidays' }))
        .statusCode,
    ).toBe(200);
    expect(await stockOf(db, a.stores[0]!.id, a.products[0]!.id)).toBe(5);
    expect((await get(customer, `/api/orders/${orderId}/`)).json().status).toBe('pending');
    expect(
      (await put(b.seller, `/api/seller-orders/${soB}/cancel/`, { reason: 'Sold out' })).statusCode,
    ).toBe(200);
    const order = (await get(customer, `/api/orders/${orderId}/`)).json();
    expect(order).toMatchObject({ status: 'cancelled', refundedAmount: '0.00' });
    expect(await stockOf(db, b.stores[0]!.id, b.products[0]!.id)).toBe(5);
    expect(providerRefunds(orderId)).toEqual([]);
  });

  it('mails the customer in the language the order was placed in, also when it was never paid', async () => {
    const shop = await buildShop(t.app, db, { prices: ['30.00'], stock: [[10]] });
    const customer = await registerUser(t.app);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/add/',
      headers: { ...customer.auth, 'accept-language': 'fr-CH' },
      payload: orderPayload([{ product: shop.products[0]! }], {
        totalPrice: '30.00',
        totalShippingPrice: '20.00',
      }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { id: orderId, sellerOrder } = placed.json() as { id: number; sellerOrder: { id: number }[] };
    const res = await put(shop.seller, `/api/seller-orders/${sellerOrder[0]!.id}/cancel/`, {
      reason: 'Fermé',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await mailsTo(customer.email);
    expect(mails.map((m) => m.subject)).toContain(
      `Marktgasse : ${shop.seller.username} a annulé sa part de la commande n° ${orderId}`,
    );
  });

  it('needs a reason', async () => {
    const { a, soA } = await twoSellerOrder();
    const res = await put(a.seller, `/api/seller-orders/${soA}/cancel/`, { reason: '   ' });
    expect(res.statusCode).toBe(400);
    const none = await put(a.seller, `/api/seller-orders/${soA}/cancel/`, {});
    expect(none.statusCode).toBe(400);
  });
});
