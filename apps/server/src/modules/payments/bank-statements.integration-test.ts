import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { qrReferenceForOrder } from '@marktgasse/shared';
import { buildApp } from '../../app.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { openTestDatabase } from '../../../test/build.ts';
import { testConfig } from '../../../test/config.ts';
import { multipart, registerUser, type TestUser } from '../../../test/fixtures.ts';
import type { InvoiceOrders, InvoiceOrderState, InvoiceOrderStatus } from './bank-matching.ts';
import { camt054 } from './test-data/camt-builder.ts';

/** The orders side as the lead will wire it: orders by id, and who was marked paid how often. */
class FakeInvoiceOrders implements InvoiceOrders {
  orders = new Map<number, InvoiceOrderState>();
  paid: { orderId: number; amountRappen: number; bankReference: string }[] = [];
  /** An order that expires between the lookup and the booking (markPaid answers false). */
  expiresOnBooking = new Set<number>();
  failsOnBooking = new Set<number>();

  add(orderId: number, totalRappen: number, status: InvoiceOrderStatus = 'unpaid'): string {
    this.orders.set(orderId, { orderId, totalRappen, status });
    return qrReferenceForOrder(orderId);
  }
  async findByQrReference(reference: string) {
    return [...this.orders.values()].find((o) => qrReferenceForOrder(o.orderId) === reference) ?? null;
  }
  async markPaid(orderId: number, payment: { amountRappen: number; bankReference: string }) {
    if (this.failsOnBooking.has(orderId))
      throw new AppError(
        'UNAVAILABLE',
        'The shop is briefly unavailable: its database is not answering. Please try again in a moment.',
      );
    const order = this.orders.get(orderId);
    if (this.expiresOnBooking.has(orderId) && order) order.status = 'expired';
    if (!order || order.status !== 'unpaid') return false;
    // As the orders side does: only the order's whole amount pays it.
    if (payment.amountRappen !== order.totalRappen) return false;
    order.status = 'paid';
    this.paid.push({ orderId, ...payment });
    return true;
  }
}

const orders = new FakeInvoiceOrders();
let close: () => Promise<void>;
let app: Awaited<ReturnType<typeof buildApp>>;
let staff: TestUser;
let customer: TestUser;
let nextId = 1000;

beforeAll(async () => {
  const { database, drop } = await openTestDatabase();
  app = await buildApp({
    config: testConfig(),
    database,
    payments: {
      invoiceOrders: orders,
      invoiceBills: {
        findForCustomer: async (orderId, customerId) =>
          orderId === 4711 && customerId === customer.id
            ? {
                id: 4711,
                totalRappen: 12_990,
                language: 'fr',
                customerName: 'Anna Muster',
                address: {
                  address: 'Rue du Rhône 12',
                  city: 'Genève',
                  postalCode: '1204',
                  country: 'Suisse',
                },
              }
            : null,
      },
    },
  });
  await app.ready();
  close = async () => {
    await app.close();
    await drop();
  };
  staff = await registerUser(app, { status: null });
  await database.db
    .update(users)
    .set({ isStaff: true, staffPermissions: ['finance'] })
    .where(eq(users.id, staff.id));
  customer = await registerUser(app);
});
afterAll(() => close());

const upload = (xml: string, auth = staff.auth) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/bank-statements/',
    headers: { ...auth, 'content-type': 'application/xml' },
    payload: xml,
  });

describe('POST /api/admin/bank-statements/', () => {
  it('books, keeps underpaid, lists returns and unknown references from the sample camt.054, once', async () => {
    orders.add(101, 12_990);
    orders.add(102, 8_000);
    orders.add(103, 9_900);
    orders.add(104, 4_550, 'cancelled');
    const sample = readFileSync(new URL('./test-data/camt054-sample.xml', import.meta.url), 'utf8');
    const res = await upload(sample);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.booked.map((c: any) => [c.orderId, c.amount])).toEqual([
      [101, '129.90'],
      [103, '100.00'],
    ]);
    expect(body.underpaid).toEqual([
      expect.objectContaining({ orderId: 102, amount: '50.00', stillDue: '30.00', debtor: 'Marco Rossi' }),
    ]);
    expect(body.toReturn.map((c: any) => [c.orderId, c.returnAmount, c.reason])).toEqual([
      [103, '1.00', 'overpaid'],
      [104, '45.50', 'cancelled'],
    ]);
    expect(body.unmatched.map((c: any) => [c.qrReference, c.amount, c.otherReference])).toEqual([
      ['210000000003139471430009017', '20.00', null],
      [null, '10.00', 'Bestellung 105 Danke'],
    ]);
    expect(orders.paid.map((p) => [p.orderId, p.amountRappen])).toEqual([
      [101, 12_990],
      [103, 9_900],
    ]);

    const again = await upload(sample);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      booked: [],
      underpaid: [],
      toReturn: [],
      unmatched: [],
      alreadyImported: 6,
    });
    expect(orders.paid).toHaveLength(2);
  });

  it('books an order when the rest of an underpayment arrives', async () => {
    const id = ++nextId;
    const ref = orders.add(id, 10_000);
    const first = (await upload(camt054([{ amount: '60.00', qrReference: ref }]))).json();
    expect(first.underpaid[0]).toMatchObject({ orderId: id, stillDue: '40.00' });
    const rest = (await upload(camt054([{ amount: '40.00', qrReference: ref }]))).json();
    expect(rest.booked).toEqual([expect.objectContaining({ orderId: id, amount: '40.00' })]);
    expect(orders.paid.filter((p) => p.orderId === id)).toEqual([
      expect.objectContaining({ amountRappen: 10_000 }),
    ]);
    expect(orders.orders.get(id)?.status).toBe('paid');
  });

  it('returns a second payment of a paid order, and one that arrives as the order expires', async () => {
    const paidId = ++nextId;
    const paidRef = orders.add(paidId, 5_000);
    await upload(camt054([{ amount: '50.00', qrReference: paidRef }]));
    const expiringId = ++nextId;
    const expiringRef = orders.add(expiringId, 5_000);
    orders.expiresOnBooking.add(expiringId);
    const res = (
      await upload(
        camt054([
          { amount: '50.00', qrReference: paidRef },
          { amount: '50.00', qrReference: expiringRef },
        ]),
      )
    ).json();
    expect(res.booked).toEqual([]);
    expect(res.toReturn.map((c: any) => [c.orderId, c.returnAmount, c.reason])).toEqual([
      [paidId, '50.00', 'alreadyPaid'],
      [expiringId, '50.00', 'expired'],
    ]);
    expect(orders.paid.filter((p) => p.orderId === paidId)).toHaveLength(1);
  });

  it('sends a payment in another currency back', async () => {
    const ref = orders.add(++nextId, 5_000);
    const res = (await upload(camt054([{ amount: '50.00', qrReference: ref, currency: 'EUR' }]))).json();
    expect(res.toReturn[0]).toMatchObject({ currency: 'EUR', reason: 'currency', returnAmount: '50.00' });
  });

  it('books nothing and keeps nothing when marking the order paid fails, so a new import retries', async () => {
    const id = ++nextId;
    const ref = orders.add(id, 2_500);
    orders.failsOnBooking.add(id);
    const file = camt054([{ amount: '25.00', qrReference: ref }]);
    expect((await upload(file)).statusCode).toBe(503);
    orders.failsOnBooking.delete(id);
    const retry = (await upload(file)).json();
    expect(retry.booked).toEqual([expect.objectContaining({ orderId: id })]);
    expect(retry.alreadyImported).toBe(0);
  });

  it('matches an entry that was unknown before when the file comes again', async () => {
    const id = ++nextId;
    const ref = qrReferenceForOrder(id);
    const file = camt054([{ amount: '12.00', qrReference: ref }]);
    expect((await upload(file)).json().unmatched).toHaveLength(1);
    orders.add(id, 1_200);
    const again = (await upload(file)).json();
    expect(again.booked).toEqual([expect.objectContaining({ orderId: id, amount: '12.00' })]);
    expect((await upload(file)).json().alreadyImported).toBe(1);
    expect(orders.paid.filter((p) => p.orderId === id)).toHaveLength(1);
  });

  it('accepts the file as a multipart upload', async () => {
    const ref = orders.add(++nextId, 700);
    const form = multipart(
      {},
      {
        field: 'file',
        filename: 'camt054.xml',
        contentType: 'application/xml',
        data: Buffer.from(camt054([{ amount: '7.00', qrReference: ref }])),
      },
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/bank-statements/',
      headers: { ...staff.auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().booked).toHaveLength(1);
  });

  it('refuses a file that is no camt file with a clear 400', async () => {
    const res = await upload('<Document><Something/></Document>');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/camt\.054/);
    const broken = await upload('<Document><BkToCstmrStmt>');
    expect(broken.statusCode).toBe(400);
    const empty = await app.inject({
      method: 'POST',
      url: '/api/admin/bank-statements/',
      headers: staff.auth,
    });
    expect(empty.statusCode).toBe(400);
  });

  it('answers anyone but staff as if the route did not exist', async () => {
    const file = camt054([{ amount: '5.00' }]);
    expect((await upload(file, customer.auth)).statusCode).toBe(404);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/admin/bank-statements/',
      headers: { 'content-type': 'application/xml' },
      payload: file,
    });
    // Anonymous callers too (decision 243: the finance permission's guard answers everyone alike).
    expect(anonymous.statusCode).toBe(404);
  });
});

describe('GET /api/admin/bank-entries/', () => {
  it('shows staff the payments to return and the unknown references, paged', async () => {
    const ref = orders.add(++nextId, 1_000, 'expired');
    await upload(camt054([{ amount: '10.00', qrReference: ref, debtor: 'Late Payer' }, { amount: '3.00' }]));
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/bank-entries/?limit=1',
      headers: staff.auth,
    });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.results).toEqual([
      expect.objectContaining({
        orderId: nextId,
        amount: '10.00',
        returnAmount: '10.00',
        reason: 'expired',
        debtor: 'Late Payer',
      }),
    ]);
    expect(page.count).toBeGreaterThan(1);
    expect(page.next).toBe(1);
    const unmatched = await app.inject({
      method: 'GET',
      url: '/api/admin/bank-entries/?list=unmatched',
      headers: staff.auth,
    });
    expect(unmatched.json().results[0]).toMatchObject({ amount: '3.00', qrReference: null });
    const customerView = await app.inject({
      method: 'GET',
      url: '/api/admin/bank-entries/',
      headers: customer.auth,
    });
    expect(customerView.statusCode).toBe(404);
    const wrong = await app.inject({
      method: 'GET',
      url: '/api/admin/bank-entries/?list=all',
      headers: staff.auth,
    });
    expect(wrong.statusCode).toBe(400);
  });
});

describe('GET /api/payments/methods/', () => {
  it('offers PayPal and TWINT through the test provider and Invoice with its terms outside production', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/payments/methods/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      currency: 'CHF',
      methods: [
        { method: 'PayPal', provider: 'test', clientId: null },
        { method: 'TWINT', provider: 'test', clientId: null },
        { method: 'Invoice', provider: 'bank', clientId: null },
      ],
      invoice: {
        holdDays: 10,
        graceDays: 3,
        requireConfirmedEmail: true,
        minPaidOrders: 1,
        maxAmount: '1000.00',
      },
    });
  });
});

describe('GET /api/orders/{id}/qr-bill/', () => {
  it('gives the order’s customer the PDF, and answers anyone else as if the order did not exist', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/orders/4711/qr-bill/', headers: customer.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const other = await app.inject({ method: 'GET', url: '/api/orders/4711/qr-bill/', headers: staff.auth });
    expect(other.statusCode).toBe(404);
    expect(other.json().detail).toBe('Order 4711 was not found.');
    expect((await app.inject({ method: 'GET', url: '/api/orders/4711/qr-bill/' })).statusCode).toBe(401);
    const bad = await app.inject({ method: 'GET', url: '/api/orders/abc/qr-bill/', headers: customer.auth });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the OpenAPI document', () => {
  it('describes the payments routes for client generators', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/payments/methods/',
      '/api/admin/bank-statements/',
      '/api/admin/bank-entries/',
      '/api/orders/{id}/qr-bill/',
      '/api/payments/datatrans/webhook/',
    ])
      expect(paths).toContain(path);
  });
});
