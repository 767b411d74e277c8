/**
 * A staff refund of part of a delivered line (issues 26 and 29, decision 243): through the
 * orders' refund path (the provider refunds, the ledger posts, the audit log keeps the reason).
 * After a payout it turns the seller's balance negative, and the next payout run nets it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, type TestUser } from '../../../test/fixtures.ts';
import { buildShop, orderPayload, type Shop } from '../../../test/order-builders.ts';
import { makeStaff, type TestStaff } from '../../../test/staff-builders.ts';
import { releaseHeldEarnings } from '../ledger/jobs.ts';
import { LedgerService } from '../ledger/service.ts';
import { orderServicesFor } from '../orders/services.ts';
import type { TestProvider } from '../payments/providers/test-provider.ts';

const DAY = 24 * 60 * 60 * 1000;
const SELLER_IBAN = 'CH5604835012345678009';

let t: TestApp;
let finance: TestStaff;
let ledger: LedgerService;
beforeAll(async () => {
  t = await build({ PAYOUT_MINIMUM_CHF: '50', PAYOUT_HOLD_DAYS: '14' });
  finance = await makeStaff(t, ['finance']);
  ledger = new LedgerService(t.database.db);
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const api = (method: Method, url: string, user: TestUser, payload?: object, headers = {}) =>
  t.app.inject({ method, url, headers: { ...user.auth, ...headers }, ...(payload ? { payload } : {}) });

/** The customer's paid order of one unit of `product`, sent by its seller when `send`. */
async function sold(shop: Shop, index: number, send = true) {
  const product = shop.products[index]!;
  const customer = await registerUser(t.app);
  const items = Number(product.price);
  const placed = await api(
    'POST',
    '/api/orders/add/',
    customer,
    orderPayload([{ product }], {
      totalPrice: product.price,
      totalShippingPrice: items >= 100 ? '0.00' : '20.00',
    }),
  );
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json() as {
    id: number;
    sellerOrder: { id: number; onlineOrderItems: { id: number }[] }[];
  };
  expect((await api('PUT', `/api/orders/${order.id}/pay/`, customer)).statusCode).toBe(200);
  const part = order.sellerOrder[0]!;
  if (send)
    expect((await api('PUT', `/api/seller-orders/${part.id}/send/`, shop.seller)).statusCode).toBe(200);
  return { orderId: order.id, itemId: part.onlineOrderItems[0]!.id };
}

async function payoutRun(sellerId: number) {
  const run = await api('POST', '/api/admin/payouts/', finance);
  expect(run.statusCode, run.body).toBe(201);
  const body = run.json() as { id: number; transfers: { seller: number; amount: string }[] };
  expect((await api('PUT', `/api/admin/payouts/${body.id}/executed/`, finance)).statusCode).toBe(200);
  return body.transfers.find((transfer) => transfer.seller === sellerId)?.amount ?? null;
}

const balance = async (seller: TestUser) => (await api('GET', '/api/finance/balance/', seller)).json();

describe('staff refund of a delivered line', () => {
  it('after a payout makes the balance negative, and the next run nets it', async () => {
    const shop = await buildShop(t.app, t.database.db, { prices: ['78.00', '200.00'] });
    const iban = await api('PATCH', `/api/profiles/${shop.seller.id}/`, shop.seller, {
      iban: SELLER_IBAN,
      accountHolder: 'Hofladen Aebi',
    });
    expect(iban.statusCode, iban.body).toBe(200);
    const first = await sold(shop, 0);
    await releaseHeldEarnings(t.app.ctx, new Date(Date.now() + 15 * DAY));
    expect(await payoutRun(shop.seller.id)).toBe('88.20');
    expect(await balance(shop.seller)).toMatchObject({ pending: '0.00', available: '0.00' });

    const provider = orderServicesFor(t.app.ctx).gateway.provider as TestProvider;
    const refundedBefore = provider.refunds.size;
    const refund = await api('POST', `/api/admin/orders/${first.orderId}/refunds/`, finance, {
      item: first.itemId,
      quantity: 1,
      reason: 'Arrived broken',
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(provider.refunds.size).toBe(refundedBefore + 1);
    // The order's story shows the refund with its line and reason.
    expect(refund.json().refunds).toEqual([
      expect.objectContaining({ amount: '78.00', item: first.itemId, reason: 'Arrived broken' }),
    ]);
    // CHF 78 less its share of the commission (7.80) comes back from the seller.
    expect(await balance(shop.seller)).toMatchObject({ pending: '0.00', available: '-70.20' });
    expect((await ledger.trialBalance()).total).toBe(0);

    await sold(shop, 1);
    await releaseHeldEarnings(t.app.ctx, new Date(Date.now() + 15 * DAY));
    expect(await payoutRun(shop.seller.id)).toBe('109.80');
    expect(await balance(shop.seller)).toMatchObject({ pending: '0.00', available: '0.00' });

    const audit = await api(
      'GET',
      '/api/admin/audit/?action=order-line.refund',
      await makeStaff(t, ['admin']),
    );
    expect(audit.json().results[0]).toMatchObject({ reason: 'Arrived broken', staff: finance.username });
  });

  it('refunds once per key and never more than the line', async () => {
    const shop = await buildShop(t.app, t.database.db, { prices: ['30.00'] });
    const { orderId, itemId } = await sold(shop, 0);
    const url = `/api/admin/orders/${orderId}/refunds/`;
    const partial = { item: itemId, amount: '10.00', reason: 'Late delivery' };
    const key = { 'idempotency-key': `refund-${orderId}` };
    expect((await api('POST', url, finance, partial, key)).statusCode).toBe(201);
    const again = await api('POST', url, finance, partial, key);
    expect(again.statusCode).toBe(201);
    // Without a key, the line, amount and reason make the key: a second refund, then replays.
    expect((await api('POST', url, finance, partial)).statusCode).toBe(201);
    expect((await api('POST', url, finance, partial)).statusCode).toBe(201);
    const tooMuch = await api('POST', url, finance, { ...partial, amount: '10.01', reason: 'More' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().detail).toBe('At most CHF 10.- of this line can still be refunded.');
    const rest = await api('POST', url, finance, { ...partial, amount: '10.00', reason: 'More' });
    expect(rest.statusCode).toBe(201);
    const byQuantity = await api('POST', url, finance, { item: itemId, quantity: 1, reason: 'All of it' });
    expect(byQuantity.statusCode).toBe(409);
    expect(byQuantity.json().detail).toMatch(/^At most CHF 0\S* of this line can still be refunded\.$/);
    // CHF 30 + 20 shipping earned 45.00, still pending; 30.00 refunded less its 3.00 commission.
    expect(await ledger.sellerBalance(shop.seller.id)).toEqual({ pending: 1800, available: 0 });
  });

  it('refuses a line not delivered yet, a line of another order, and anyone without finance', async () => {
    const shop = await buildShop(t.app, t.database.db, { prices: ['30.00'] });
    const unsent = await sold(shop, 0, false);
    const other = await sold(shop, 0);
    const url = `/api/admin/orders/${unsent.orderId}/refunds/`;
    const body = { item: unsent.itemId, quantity: 1, reason: 'Never came' };
    expect((await api('POST', url, finance, body)).statusCode).toBe(409);
    const foreign = await api('POST', url, finance, { ...body, item: other.itemId });
    expect(foreign.statusCode).toBe(404);
    const both = await api('POST', url, finance, { ...body, amount: '1.00' });
    expect(both.statusCode).toBe(400);
    expect(both.json().detail).toContain('Give either a quantity or an amount to refund, not both.');
    for (const who of [await makeStaff(t, ['support']), shop.seller]) {
      const res = await api('POST', url, who, { nonsense: true });
      expect(res.json()).toEqual({ detail: `There is no POST ${url}.` });
    }
  });
});
