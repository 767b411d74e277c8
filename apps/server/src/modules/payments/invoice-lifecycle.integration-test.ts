/**
 * An invoice order's life after placement (decisions 250, 251): a seller cancelling a part of an
 * order paid by bank transfer (the refund waits for the customer's account, asked for once by
 * e-mail), and an unpaid invoice past its due date (one reminder, then expiry and stock back).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser } from '../../../test/fixtures.ts';
import { buildShop, orderPayload, stockOf, type Shop } from '../../../test/order-builders.ts';
import { makeStaff, type TestStaff } from '../../../test/staff-builders.ts';
import { orders, outbox } from '../../db/schema.ts';
import { orderServicesFor } from '../orders/services.ts';
import { askForRefundAccounts } from './bank-refunds.ts';
import { invoiceDueAt, sendInvoiceReminders } from './invoice-reminders.ts';
import { camt054 } from './test-data/camt-builder.ts';

let t: TestApp;
let staff: TestStaff;
beforeAll(async () => {
  t = await build({
    INVOICE_REQUIRE_CONFIRMED_EMAIL: 'false',
    INVOICE_MIN_PAID_ORDERS: '0',
    INVOICE_HOLD_DAYS: '10',
    INVOICE_GRACE_DAYS: '3',
  });
  staff = await makeStaff(t, ['finance']);
});
afterAll(async () => {
  await t.close();
});

const call = (
  user: { auth: Record<string, string> },
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });

const mailsFor = async (needle: string) =>
  (await t.database.db.select().from(outbox)).filter(
    (m) => m.subject.includes(needle) || m.body.includes(needle),
  );

/** One customer's invoice order with a CHF 30 item from each of two sellers (CHF 20 shipping each). */
async function twoSellerInvoice(locale?: string) {
  const a = await buildShop(t.app, t.database.db, { prices: ['30.00'], stock: [[5]] });
  const b = await buildShop(t.app, t.database.db, { prices: ['30.00'], stock: [[5]] });
  const customer = await registerUser(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders/add/',
    headers: { ...customer.auth, ...(locale ? { 'accept-language': locale } : {}) },
    payload: orderPayload(
      [{ product: a.products[0]! }, { product: b.products[0]! }],
      { totalPrice: '60.00', totalShippingPrice: '40.00' },
      { paymentMethod: 'Invoice' },
    ),
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json() as {
    id: number;
    qrReference: string;
    sellerOrder: { id: number; seller: { id: number } }[];
  };
  const partOf = (shop: Shop) => order.sellerOrder.find((so) => so.seller.id === shop.seller.id)!.id;
  return { a, b, customer, order, partOf };
}

async function payByBank(qrReference: string, amount: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/bank-statements/',
    headers: { ...staff.auth, 'content-type': 'application/xml' },
    payload: camt054([{ amount, qrReference }]),
  });
  expect(res.json().booked, res.body).toHaveLength(1);
}

const staffLines = async (orderId: number) =>
  (await call(staff, 'GET', '/api/admin/bank-refunds/?state=open&limit=200'))
    .json()
    .results.filter((r: { orderId: number }) => r.orderId === orderId);

describe('a seller cancels a part of an invoice order paid by bank transfer', () => {
  it('refunds the part to an account the customer gives afterwards, asked for once', async () => {
    const { a, customer, order, partOf } = await twoSellerInvoice();
    await payByBank(order.qrReference, '100.00');

    const cancel = await call(a.seller, 'PUT', `/api/seller-orders/${partOf(a)}/cancel/`, {
      reason: 'Sold out',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const after = (await call(customer, 'GET', `/api/orders/${order.id}/`)).json();
    expect(after).toMatchObject({ status: 'partlyRefunded', refundedAmount: '50.00' });

    const [waiting] = await staffLines(order.id);
    expect(waiting).toMatchObject({
      amount: '50.00',
      iban: null,
      accountHolder: null,
      awaitingAccount: true,
    });
    const early = await call(staff, 'POST', `/api/admin/bank-refunds/${waiting.id}/paid-out/`);
    expect(early.statusCode).toBe(409);

    // Two processes running the job at once, then again: one e-mail.
    await Promise.all([askForRefundAccounts(t.app.ctx), askForRefundAccounts(t.app.ctx)]);
    expect(await askForRefundAccounts(t.app.ctx)).toBe(0);
    const asked = await mailsFor(`refund for order #${order.id}`);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body).toContain(`/customer-order/${order.id}`);

    const mine = await call(customer, 'GET', `/api/orders/${order.id}/bank-refunds/`);
    expect(mine.json()).toEqual({
      results: [{ id: waiting.id, amount: '50.00', awaitingAccount: true, ibanEnding: null, paidOut: false }],
    });
    const stranger = await registerUser(t.app);
    expect((await call(stranger, 'GET', `/api/orders/${order.id}/bank-refunds/`)).statusCode).toBe(404);
    const account = { iban: 'CH93 0076 2011 6238 5295 7', accountHolder: 'Anna Muster' };
    expect(
      (await call(stranger, 'PUT', `/api/orders/${order.id}/bank-refunds/account/`, account)).statusCode,
    ).toBe(404);

    const qrIban = { iban: 'CH44 3199 9123 0008 8901 2', accountHolder: 'Anna Muster' };
    expect(
      (await call(customer, 'PUT', `/api/orders/${order.id}/bank-refunds/account/`, qrIban)).statusCode,
    ).toBe(400);
    const given = await call(customer, 'PUT', `/api/orders/${order.id}/bank-refunds/account/`, account);
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().results).toEqual([
      expect.objectContaining({ awaitingAccount: false, ibanEnding: '2957' }),
    ]);
    const twice = await call(customer, 'PUT', `/api/orders/${order.id}/bank-refunds/account/`, account);
    expect(twice.statusCode).toBe(409);

    expect(await staffLines(order.id)).toEqual([
      expect.objectContaining({
        iban: 'CH9300762011623852957',
        accountHolder: 'Anna Muster',
        awaitingAccount: false,
      }),
    ]);
    const paidOut = await call(staff, 'POST', `/api/admin/bank-refunds/${waiting.id}/paid-out/`);
    expect(paidOut.statusCode, paidOut.body).toBe(200);
  });

  it('still needs the account from the customer who cancels the whole order', async () => {
    const { customer, order } = await twoSellerInvoice();
    await payByBank(order.qrReference, '100.00');
    const without = await call(customer, 'PUT', `/api/orders/${order.id}/cancel/`);
    expect(without.statusCode).toBe(400);
    expect(await staffLines(order.id)).toEqual([]);
  });
});

describe('an unpaid invoice past its due date', () => {
  const moveHoldEnd = (orderId: number, fromNow: string) =>
    t.database.db
      .update(orders)
      .set({ expiresAt: sql`now() + ${fromNow}::interval` })
      .where(eq(orders.id, orderId));

  it('sends one reminder in the order’s language, then expires and releases the stock', async () => {
    const { a, order } = await twoSellerInvoice('de');
    const stock = () => stockOf(t.database.db, a.stores[0]!.id, a.products[0]!.id);
    expect(await stock()).toBe(4);

    // Not due yet: the hold ends in 4 days, the bill is due in 1.
    await moveHoldEnd(order.id, '4 days');
    await sendInvoiceReminders(t.app.ctx);
    expect(await mailsFor(`Zahlungserinnerung zur Bestellung #${order.id}`)).toHaveLength(0);

    // Due yesterday: one reminder, however many passes and processes.
    await moveHoldEnd(order.id, '2 days');
    await Promise.all([sendInvoiceReminders(t.app.ctx), sendInvoiceReminders(t.app.ctx)]);
    await sendInvoiceReminders(t.app.ctx);
    const reminders = await mailsFor(`Zahlungserinnerung zur Bestellung #${order.id}`);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.body).toContain(`/api/orders/${order.id}/qr-bill/`);
    expect(reminders[0]!.body).toContain('CHF 100.-');

    // The grace period ends: the sweep expires the order and the stock comes back.
    await moveHoldEnd(order.id, '-1 minute');
    await orderServicesFor(t.app.ctx).holds.sweepExpired();
    expect(await stock()).toBe(5);
    await sendInvoiceReminders(t.app.ctx);
    expect(await mailsFor(`Zahlungserinnerung zur Bestellung #${order.id}`)).toHaveLength(1);
  });

  it('reminds nobody of a paid invoice, and the bill says the due date before the hold ends', async () => {
    const { customer, order } = await twoSellerInvoice();
    await payByBank(order.qrReference, '100.00');
    await moveHoldEnd(order.id, '1 day');
    await sendInvoiceReminders(t.app.ctx);
    expect(await mailsFor(`reminder — invoice for order #${order.id}`)).toHaveLength(0);

    const placed = (await call(customer, 'GET', `/api/orders/${order.id}/`)).json();
    expect(placed.paymentMethod).toBe('Invoice');
    const [bill] = await mailsFor(`your invoice for order #${order.id}`);
    const due = invoiceDueAt({ INVOICE_GRACE_DAYS: 3 }, new Date(Date.now() + 10 * 86_400_000));
    // The mail names the day in Zurich (after 23:00 UTC that is already the next day).
    const zurichDay = due.toLocaleDateString('de-CH', {
      timeZone: 'Europe/Zurich',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    });
    expect(bill!.body).toContain(zurichDay);
  });
});
