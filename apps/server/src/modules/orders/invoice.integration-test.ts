/**
 * Invoice orders (issue 27, decision 247): the payment method at placement and its limits, the
 * longer hold, the QR reference in the answer, the QR-bill, and a camt.054 import that pays the
 * order through the capture path exactly once.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidQrReference, orderIdFromQrReference } from '@marktgasse/shared';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, type TestUser } from '../../../test/fixtures.ts';
import { buildShop, orderPayload, type Line } from '../../../test/order-builders.ts';
import { makeStaff, type TestStaff } from '../../../test/staff-builders.ts';
import { auditLog, outbox, payments } from '../../db/schema.ts';
import { camt054 } from '../payments/test-data/camt-builder.ts';

let t: TestApp;
let staff: TestStaff;
beforeAll(async () => {
  t = await build({
    INVOICE_REQUIRE_CONFIRMED_EMAIL: 'false',
    INVOICE_MIN_PAID_ORDERS: '0',
    INVOICE_MAX_CHF: '200',
    INVOICE_HOLD_DAYS: '10',
  });
  staff = await makeStaff(t, ['finance']);
});
afterAll(async () => {
  await t.close();
});

async function shopLine(price: string): Promise<Line[]> {
  const shop = await buildShop(t.app, t.database.db, { prices: [price] });
  return [{ product: shop.products[0]! }];
}

/** Places `lines` on `app` with the payment method (one seller's online item: CHF 20 shipping below CHF 100). */
const placeOn = (
  app: TestApp['app'],
  user: TestUser,
  lines: Line[],
  totalPrice: string,
  paymentMethod: string,
) =>
  app.inject({
    method: 'POST',
    url: '/api/orders/add/',
    headers: user.auth,
    payload: orderPayload(
      lines,
      { totalPrice, totalShippingPrice: Number(totalPrice) >= 100 ? '0.00' : '20.00' },
      { paymentMethod },
    ),
  });

const place = (user: TestUser, lines: Line[], totalPrice: string, paymentMethod: string) =>
  placeOn(t.app, user, lines, totalPrice, paymentMethod);

const importFile = (xml: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/bank-statements/',
    headers: { ...staff.auth, 'content-type': 'application/xml' },
    payload: xml,
  });

describe('the payment method at placement', () => {
  it('keeps PayPal as the default and refuses a method that does not exist, writing nothing', async () => {
    const customer = await registerUser(t.app);
    const lines = await shopLine('30.00');
    const bad = await place(customer, lines, '30.00', 'Bitcoin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/PayPal, TWINT or Invoice/);
    const mine = await t.app.inject({ url: '/api/orders/myorders/', headers: customer.auth });
    expect(mine.json().count ?? mine.json().length).toBe(0);

    const twint = await place(customer, lines, '30.00', 'twint');
    expect(twint.statusCode, twint.body).toBe(201);
    expect(twint.json()).toMatchObject({ paymentMethod: 'TWINT' });
    expect(twint.json().qrReference).toBeUndefined();
  });

  it('refuses invoice above INVOICE_MAX_CHF with a 409 and the reason', async () => {
    const customer = await registerUser(t.app);
    const res = await place(customer, await shopLine('250.00'), '250.00', 'Invoice');
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/above the amount payable by invoice/);
  });

  it('holds an invoice order INVOICE_HOLD_DAYS and answers its 27-digit QR reference', async () => {
    const customer = await registerUser(t.app);
    const res = await place(customer, await shopLine('49.90'), '49.90', 'Invoice');
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order.paymentMethod).toBe('Invoice');
    expect(order.qrReference).toMatch(/^\d{27}$/);
    expect(isValidQrReference(order.qrReference)).toBe(true);
    expect(orderIdFromQrReference(order.qrReference)).toBe(order.id);
    const holdDays = (new Date(order.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(holdDays).toBeGreaterThan(9.9);
    expect(holdDays).toBeLessThan(10.1);

    const mails = await t.database.db.select().from(outbox);
    const bill = mails.filter((m) => JSON.stringify(m).includes(`your invoice for order #${order.id}`));
    expect(bill).toHaveLength(1);
    expect(JSON.stringify(bill[0])).toContain(`/api/orders/${order.id}/qr-bill/`);
  });
});

describe('paying an invoice order by bank transfer', () => {
  it('serves the QR-bill to the customer only, and books a camt.054 credit once', async () => {
    const customer = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const placed = await place(customer, await shopLine('49.90'), '49.90', 'Invoice');
    const order = placed.json();

    const bill = await t.app.inject({ url: `/api/orders/${order.id}/qr-bill/`, headers: customer.auth });
    expect(bill.statusCode).toBe(200);
    expect(bill.headers['content-type']).toMatch(/application\/pdf/);
    const foreign = await t.app.inject({ url: `/api/orders/${order.id}/qr-bill/`, headers: stranger.auth });
    expect(foreign.statusCode).toBe(404);

    const xml = camt054([{ amount: '69.90', qrReference: order.qrReference }]);
    const first = await importFile(xml);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().booked).toEqual([expect.objectContaining({ orderId: order.id, amount: '69.90' })]);
    const again = await importFile(xml);
    expect(again.json()).toMatchObject({ booked: [], alreadyImported: 1 });
    // Each upload by finance staff stands in the audit log with what it brought.
    const imports = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'bank-statement.import'), eq(auditLog.staffId, staff.id)))
      .orderBy(asc(auditLog.id));
    expect(imports.slice(-2).map((a) => a.after)).toEqual([
      { booked: 1, underpaid: 0, toReturn: 0, unmatched: 0, alreadyImported: 0 },
      { booked: 0, underpaid: 0, toReturn: 0, unmatched: 0, alreadyImported: 1 },
    ]);

    const after = await t.app.inject({ url: `/api/orders/${order.id}/`, headers: customer.auth });
    expect(after.json()).toMatchObject({ isPaid: true, status: 'paid', paymentMethod: 'Invoice' });
    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows).toEqual([expect.objectContaining({ provider: 'bank', amountRappen: 6990 })]);
    const mails = await t.database.db.select().from(outbox);
    expect(mails.some((m) => JSON.stringify(m).includes(`#${order.id}`))).toBe(true);
  });

  it('lists a credit for a paid order to return instead of paying it twice', async () => {
    const customer = await registerUser(t.app);
    const order = (await place(customer, await shopLine('10.00'), '10.00', 'Invoice')).json();
    await importFile(camt054([{ amount: '30.00', qrReference: order.qrReference }]));
    const second = await importFile(camt054([{ amount: '30.00', qrReference: order.qrReference }]));
    expect(second.json().booked).toEqual([]);
    expect(second.json().toReturn).toEqual([
      expect.objectContaining({ orderId: order.id, reason: 'alreadyPaid', returnAmount: '30.00' }),
    ]);
    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows).toHaveLength(1);
  });
});

describe('invoice with the default limits', () => {
  it('is refused while the customer has not confirmed the e-mail address', async () => {
    const strict = await build();
    try {
      const customer = await registerUser(strict.app);
      const shop = await buildShop(strict.app, strict.database.db, { prices: ['30.00'] });
      const res = await placeOn(strict.app, customer, [{ product: shop.products[0]! }], '30.00', 'Invoice');
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toMatch(/e-mail address is confirmed/);
    } finally {
      await strict.close();
    }
  });
});

describe('GET /api/orders/invoice-eligibility/ (the payment screen asks before the checkout ends)', () => {
  const eligibility = (app: TestApp['app'], user?: TestUser) =>
    app.inject({ url: '/api/orders/invoice-eligibility/', headers: user?.auth ?? {} });

  it('says why the invoice waits: an unconfirmed address with the default limits', async () => {
    const strict = await build();
    try {
      const customer = await registerUser(strict.app);
      expect((await eligibility(strict.app)).statusCode).toBe(401);
      expect((await eligibility(strict.app, customer)).json()).toEqual({
        offered: true,
        refusal: 'emailNotConfirmed',
      });
    } finally {
      await strict.close();
    }
  });

  it('waits for a first paid order when INVOICE_MIN_PAID_ORDERS asks for one, then offers it', async () => {
    const app = await build({ INVOICE_REQUIRE_CONFIRMED_EMAIL: 'false', INVOICE_MIN_PAID_ORDERS: '1' });
    try {
      const customer = await registerUser(app.app);
      expect((await eligibility(app.app, customer)).json().refusal).toBe('tooFewPaidOrders');
      const shop = await buildShop(app.app, app.database.db, { prices: ['30.00'] });
      const placed = await placeOn(app.app, customer, [{ product: shop.products[0]! }], '30.00', 'PayPal');
      const paid = await app.app.inject({
        method: 'PUT',
        url: `/api/orders/${placed.json().id}/pay/`,
        headers: customer.auth,
      });
      expect(paid.statusCode).toBe(200);
      expect((await eligibility(app.app, customer)).json()).toEqual({ offered: true, refusal: null });
    } finally {
      await app.close();
    }
  });
});

describe('cancelling an invoice order paid by bank transfer', () => {
  it('asks for the IBAN, then queues the refund to it once', async () => {
    const customer = await registerUser(t.app);
    const order = (await place(customer, await shopLine('25.00'), '25.00', 'Invoice')).json();
    await importFile(camt054([{ amount: '45.00', qrReference: order.qrReference }]));
    const cancel = (payload?: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/orders/${order.id}/cancel/`,
        headers: customer.auth,
        ...(payload ? { payload } : {}),
      });

    const without = await cancel();
    expect(without.statusCode).toBe(400);
    expect(without.json().detail).toMatch(/IBAN and the account holder/);
    const badIban = await cancel({ iban: 'CH00 1234', accountHolder: 'Anna Muster' });
    expect(badIban.statusCode).toBe(400);
    const still = await t.app.inject({ url: `/api/orders/${order.id}/`, headers: customer.auth });
    expect(still.json()).toMatchObject({ status: 'paid', refundedAmount: '0.00' });

    const done = await cancel({ iban: 'CH93 0076 2011 6238 5295 7', accountHolder: 'Anna Muster' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ refundedAmount: '45.00' });
    const again = await cancel({ iban: 'CH93 0076 2011 6238 5295 7', accountHolder: 'Anna Muster' });
    expect(again.statusCode).toBe(200);

    const open = await t.app.inject({
      url: '/api/admin/bank-refunds/?state=open&limit=100',
      headers: staff.auth,
    });
    expect(open.statusCode, open.body).toBe(200);
    const mine = open.json().results.filter((r: { orderId: number }) => r.orderId === order.id);
    expect(mine).toEqual([
      expect.objectContaining({
        amount: '45.00',
        iban: 'CH9300762011623852957',
        accountHolder: 'Anna Muster',
      }),
    ]);
  });
});
