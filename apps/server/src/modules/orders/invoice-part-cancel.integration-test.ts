/**
 * Issue 30's bug (decision 263): a seller cancelling their part of an invoice order that a bank
 * transfer paid. There is no provider to give bank money back through and the seller cannot
 * know the customer's account: the refund goes as a bank refund line to the account the
 * transfer came from (decision 234), as the other bank refunds do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, type TestUser } from '../../../test/fixtures.ts';
import { buildShop, orderPayload, stockOf, type Shop } from '../../../test/order-builders.ts';
import { makeStaff, type TestStaff } from '../../../test/staff-builders.ts';
import { camt054 } from '../payments/test-data/camt-builder.ts';

let t: TestApp;
let staff: TestStaff;
beforeAll(async () => {
  t = await build({
    INVOICE_REQUIRE_CONFIRMED_EMAIL: 'false',
    INVOICE_MIN_PAID_ORDERS: '0',
    INVOICE_MAX_CHF: '200',
  });
  staff = await makeStaff(t, ['finance']);
});
afterAll(async () => {
  await t.close();
});

const PAYER_IBAN = 'CH9300762011623852957';

/** A camt.054 credit that names the account it came from, as banks report QR-bill payments. */
const creditFrom = (amount: string, qrReference: string) =>
  camt054([{ amount, qrReference, debtor: 'Anna Muster' }]).replace(
    '</Dbtr></RltdPties>',
    `</Dbtr><DbtrAcct><Id><IBAN>${PAYER_IBAN}</IBAN></Id></DbtrAcct></RltdPties>`,
  );

const importFile = (xml: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/bank-statements/',
    headers: { ...staff.auth, 'content-type': 'application/xml' },
    payload: xml,
  });

const put = (user: TestUser, url: string, payload?: object) =>
  t.app.inject({ method: 'PUT', url, headers: user.auth, ...(payload ? { payload } : {}) });

/** Seller A sells CHF 30, seller B CHF 25, each with CHF 20 shipping: CHF 95 by invoice. */
async function invoiceOrder() {
  const a = await buildShop(t.app, t.database.db, { prices: ['30.00'], stock: [[5]] });
  const b = await buildShop(t.app, t.database.db, { prices: ['25.00'], stock: [[5]] });
  const customer = await registerUser(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders/add/',
    headers: customer.auth,
    payload: orderPayload(
      [{ product: a.products[0]! }, { product: b.products[0]! }],
      { totalPrice: '55.00', totalShippingPrice: '40.00' },
      { paymentMethod: 'Invoice' },
    ),
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json();
  const soOf = (shop: Shop) =>
    order.sellerOrder.find((so: { seller: { id: number } }) => so.seller.id === shop.seller.id).id as number;
  return { a, customer, orderId: order.id as number, qrReference: order.qrReference as string, soA: soOf(a) };
}

async function bankRefundsOf(orderId: number) {
  const res = await t.app.inject({ url: '/api/admin/bank-refunds/?limit=200', headers: staff.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results.filter((r: { orderId: number }) => r.orderId === orderId);
}

describe('a seller cancels their part of an invoice order paid by bank transfer', () => {
  it('refunds the part to the account the transfer came from, once, and the rest stays refundable', async () => {
    const c = await invoiceOrder();
    const imported = await importFile(creditFrom('95.00', c.qrReference));
    expect(imported.json().booked).toHaveLength(1);

    const cancel = await put(c.a.seller, `/api/seller-orders/${c.soA}/cancel/`, { reason: 'Sold out' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ isCancelled: true });
    const again = await put(c.a.seller, `/api/seller-orders/${c.soA}/cancel/`, { reason: 'Sold out' });
    expect(again.statusCode).toBe(200);

    const order = (await t.app.inject({ url: `/api/orders/${c.orderId}/`, headers: c.customer.auth })).json();
    expect(order).toMatchObject({ status: 'partlyRefunded', refundedAmount: '50.00' });
    expect(await stockOf(t.database.db, c.a.stores[0]!.id, c.a.products[0]!.id)).toBe(5);
    expect(await bankRefundsOf(c.orderId)).toEqual([
      expect.objectContaining({ amount: '50.00', iban: PAYER_IBAN, accountHolder: 'Anna Muster' }),
    ]);

    // The customer's own cancellation of the rest still goes to the account they name.
    const rest = await put(c.customer, `/api/orders/${c.orderId}/cancel/`, {
      iban: 'CH56 0483 5012 3456 7800 9',
      accountHolder: 'Anna Muster',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ refundedAmount: '95.00' });
    const lines = await bankRefundsOf(c.orderId);
    expect(lines.map((l: { amount: string }) => l.amount).sort()).toEqual(['45.00', '50.00']);
  });

  it('arriving while the part is cancelled: every franc is kept for a live part or goes back, once', async () => {
    for (let round = 0; round < 3; round++) {
      const c = await invoiceOrder();
      const [imported, cancel] = await Promise.all([
        importFile(creditFrom('95.00', c.qrReference)),
        put(c.a.seller, `/api/seller-orders/${c.soA}/cancel/`, { reason: 'Sold out' }),
      ]);
      expect(imported.statusCode, imported.body).toBe(200);
      expect(cancel.statusCode, cancel.body).toBe(200);
      const order = (
        await t.app.inject({ url: `/api/orders/${c.orderId}/`, headers: c.customer.auth })
      ).json();
      // Kept: B's CHF 45 when the order ended paid, nothing when the credit came too late for it.
      const kept = order.status === 'pending' ? 0 : 4500;
      const entries = await t.app.inject({
        url: '/api/admin/bank-entries/?list=toReturn&limit=100',
        headers: staff.auth,
      });
      const returned = entries
        .json()
        .results.filter((e: { orderId: number }) => e.orderId === c.orderId)
        .reduce(
          (sum: number, e: { returnAmount: string }) => sum + Math.round(Number(e.returnAmount) * 100),
          0,
        );
      const refunded = (await bankRefundsOf(c.orderId)).reduce(
        (sum: number, l: { amount: string }) => sum + Math.round(Number(l.amount) * 100),
        0,
      );
      expect(returned + refunded + kept).toBe(9500);
      expect(await stockOf(t.database.db, c.a.stores[0]!.id, c.a.products[0]!.id)).toBe(5);
    }
  });
});
