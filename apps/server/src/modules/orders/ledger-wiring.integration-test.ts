/**
 * The orders module posts every money event to the ledger in the transaction of its state
 * change (decisions 228, 243): placement freezes the terms, the capture, the refunds, the
 * fulfilment of a part and the release after the holding period. Seen as the seller and the
 * operator would see it: the seller's balance and the trial balance.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, type TestUser } from '../../../test/fixtures.ts';
import { buildShop, orderPayload, type Shop } from '../../../test/order-builders.ts';
import { ledgerEntries, ledgerLineTerms } from '../../db/schema.ts';
import { releaseHeldEarnings } from '../ledger/jobs.ts';
import { LedgerService } from '../ledger/service.ts';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let ledger: LedgerService;
beforeAll(async () => {
  t = await build({ COMMISSION_PERCENT: '10', PAYOUT_HOLD_DAYS: '14' });
  ledger = new LedgerService(t.database.db);
});
afterAll(() => t?.close());

const put = (user: TestUser, url: string) => t.app.inject({ method: 'PUT', url, headers: user.auth });

/** A customer's paid order of one unit of a CHF 78 product: online (CHF 20 shipping) or pick-up. */
async function paidOrder(pickUp = false) {
  const shop: Shop = await buildShop(t.app, t.database.db, { prices: ['78.00'], stock: [[5]] });
  const customer = await registerUser(t.app);
  const line = { product: shop.products[0]!, ...(pickUp ? { store: shop.stores[0]! } : {}) };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders/add/',
    headers: customer.auth,
    payload: orderPayload([line], { totalPrice: '78.00', totalShippingPrice: pickUp ? '0.00' : '20.00' }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json() as {
    id: number;
    sellerOrder: { id: number; inStoreOrderItems: { id: number }[] }[];
  };
  const paid = await put(customer, `/api/orders/${order.id}/pay/`);
  expect(paid.statusCode, paid.body).toBe(200);
  return { shop, customer, orderId: order.id, soId: order.sellerOrder[0]!.id, order };
}

async function expectBalanced() {
  expect((await ledger.trialBalance()).total).toBe(0);
}

const entriesOf = (orderId: number) =>
  t.database.db
    .select({ kind: ledgerEntries.kind })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId));

describe('orders post to the ledger', () => {
  it('a sent part earns gross − commission, pending, and is available after the holding period', async () => {
    const { shop, orderId, soId } = await paidOrder();
    const terms = await t.database.db
      .select()
      .from(ledgerLineTerms)
      .where(eq(ledgerLineTerms.sellerOrderId, soId));
    // One line and the shipping, frozen at placement.
    expect(terms.map((row) => row.grossRappen).sort((a, b) => a - b)).toEqual([2000, 7800]);
    expect((await entriesOf(orderId)).map((e) => e.kind)).toEqual(['capture']);
    expect(await ledger.sellerBalance(shop.seller.id)).toEqual({ pending: 0, available: 0 });

    const sent = await put(shop.seller, `/api/seller-orders/${soId}/send/`);
    expect(sent.statusCode, sent.body).toBe(200);
    // CHF 98 less 10 % commission on the goods and the shipping.
    expect(await ledger.sellerBalance(shop.seller.id)).toEqual({ pending: 8820, available: 0 });
    await expectBalanced();

    await releaseHeldEarnings(t.app.ctx, new Date(Date.now() + 13 * DAY));
    expect(await ledger.sellerBalance(shop.seller.id)).toEqual({ pending: 8820, available: 0 });
    await releaseHeldEarnings(t.app.ctx, new Date(Date.now() + 15 * DAY));
    await releaseHeldEarnings(t.app.ctx, new Date(Date.now() + 15 * DAY));
    expect(await ledger.sellerBalance(shop.seller.id)).toEqual({ pending: 0, available: 8820 });
    const balance = await t.app.inject({ url: '/api/finance/balance/', headers: shop.seller.auth });
    expect(balance.json()).toEqual({ pending: '0.00', available: '88.20', currency: 'CHF' });
    await expectBalanced();
  });

  it('a picked-up part earns when its last item is retrieved, once', async () => {
    const { shop, soId, order } = await paidOrder(true);
    const itemId = order.sellerOrder[0]!.inStoreOrderItems[0]!.id;
    const res = await put(shop.seller, `/api/orders/order-items/${itemId}/retrieve/`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await put(shop.seller, `/api/seller-orders/${soId}/complete/`)).statusCode).toBe(200);
    expect(await ledger.sellerBalance(shop.seller.id)).toEqual({ pending: 7020, available: 0 });
    await expectBalanced();
  });

  it('a cancelled paid order gives the money back in the journal', async () => {
    const { customer, orderId } = await paidOrder();
    const res = await put(customer, `/api/orders/${orderId}/cancel/`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await entriesOf(orderId)).map((e) => e.kind).sort()).toEqual(['capture', 'refund']);
    await expectBalanced();
  });

  it('a seller who cancels their paid part refunds it through the journal', async () => {
    const { shop, orderId, soId } = await paidOrder();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/seller-orders/${soId}/cancel/`,
      headers: shop.seller.auth,
      payload: { reason: 'Out of stock after all' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await entriesOf(orderId)).map((e) => e.kind).sort()).toEqual(['capture', 'refund']);
    expect(await ledger.sellerBalance(shop.seller.id)).toEqual({ pending: 0, available: 0 });
    await expectBalanced();
  });

  it('an order placed before the wiring (no frozen terms) still earns when sent', async () => {
    const { shop, soId } = await paidOrder();
    await t.database.db.delete(ledgerLineTerms).where(eq(ledgerLineTerms.sellerOrderId, soId));
    const sent = await put(shop.seller, `/api/seller-orders/${soId}/send/`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await ledger.sellerBalance(shop.seller.id)).toEqual({ pending: 8820, available: 0 });
    await expectBalanced();
  });
});
