/**
 * The operator's reports (decision 236): VAT per quarter and rate with credit notes deducted,
 * commission per month, and the reconciliation against the provider's records. Entries are
 * dated in 2031 so nothing else in the database falls into the period.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { build, type TestApp } from '../../../../test/build.ts';
import { registerSeller, registerUser, type TestUser } from '../../../../test/fixtures.ts';
import { buildShop, orderPayload } from '../../../../test/order-builders.ts';
import { users } from '../../../db/schema.ts';
import { LedgerService } from '../service.ts';

let t: TestApp;
let ledger: LedgerService;
let seller: TestUser;
let staff: TestUser;

beforeAll(async () => {
  t = await build();
  ledger = new LedgerService(t.database.db);
  seller = await registerSeller(t.app);
  staff = await registerUser(t.app, { status: null });
  await t.database.db
    .update(users)
    .set({ isStaff: true, staffPermissions: ['finance'] })
    .where(sql`${users.id} = ${staff.id}`);

  // One part: cheese 2 × 12.50 (2.6 %), a pen 10.00 and shipping 20.00 (8.1 %); 10 % commission.
  const db = t.database.db;
  const part = { sellerOrderId: 900_001, sellerId: seller.id };
  await ledger.freezeTerms(db, {
    ...part,
    shippingRappen: 2000,
    lines: [
      { orderItemId: 900_101, categoryId: 1, unitPriceRappen: 1250, quantity: 2, vat: 'reduced' },
      { orderItemId: 900_102, categoryId: 1, unitPriceRappen: 1000, quantity: 1, vat: 'standard' },
    ],
  });
  await ledger.recordCapture(db, {
    orderId: 900_001,
    amountRappen: 5500,
    at: new Date('2031-04-30T10:00:00Z'),
  });
  await ledger.recordFulfilmentOfPart(db, {
    ...part,
    orderId: 900_001,
    at: new Date('2031-05-01T10:00:00Z'),
  });
  await ledger.recordRefund(db, {
    refundId: 'report-refund-1',
    orderId: 900_001,
    amountRappen: 1100,
    ...part,
    at: new Date('2031-05-10T10:00:00Z'),
  });
});
afterAll(() => t?.close());

const get = (user: TestUser | null, url: string) => t.app.inject({ url, headers: user ? user.auth : {} });

describe('operator reports', () => {
  it('VAT per rate of a quarter, the credit note deducted', async () => {
    const res = await get(staff, '/api/admin/ledger/vat-report/?quarter=2031-Q2');
    expect(res.statusCode, res.body).toBe(200);
    // Sales: 30.00 at 8.1 % (VAT 0.75 + 1.50), 25.00 at 2.6 % (0.63). The refund of 11.00 gives
    // back 0.58 VAT, split 6.00 / 5.00 over the rates (0.32 and 0.26).
    expect(res.json()).toEqual({
      quarter: '2031-Q2',
      rates: [
        { rate: '8.1', turnover: '24.00', creditNotes: '6.00', vat: '1.93' },
        { rate: '2.6', turnover: '20.00', creditNotes: '5.00', vat: '0.37' },
      ],
      totalVat: '2.30',
    });
    const empty = await get(staff, '/api/admin/ledger/vat-report/?quarter=2031-Q1');
    expect(empty.json()).toEqual({ quarter: '2031-Q1', rates: [], totalVat: '0.00' });
  });

  it('commission revenue per month, net of the commission returned with a refund', async () => {
    const res = await get(staff, '/api/admin/ledger/commission/?year=2031');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      year: 2031,
      months: [{ month: '2031-05', commission: '4.40' }],
      total: '4.40',
    });
  });

  it('lists ledger events the provider has no record of, and provider records the ledger lacks', async () => {
    const res = await get(staff, '/api/admin/ledger/reconciliation/');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.balanced).toBe(false);
    expect(body.captures.unmatched).toContainEqual({
      order: 900_001,
      reference: 'order-900001',
      provider: null,
      ledger: '55.00',
    });
    expect(body.refunds.unmatched).toContainEqual({
      order: 900_001,
      reference: 'report-refund-1',
      provider: null,
      ledger: '11.00',
    });
  });

  it('matches a paid order once its capture is in the journal', async () => {
    const customer = await registerUser(t.app);
    const shop = await buildShop(t.app, t.database.db, { prices: ['30.00'] });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/add/',
      headers: customer.auth,
      payload: orderPayload([{ product: shop.products[0]! }], {
        totalPrice: '30.00',
        totalShippingPrice: '20.00',
      }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().id as number;
    const paid = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/pay/`,
      headers: customer.auth,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await ledger.recordCapture(t.database.db, { orderId, amountRappen: 5000 });
    const body = (await get(staff, '/api/admin/ledger/reconciliation/')).json();
    expect(body.captures.unmatched.map((m: { order: number }) => m.order)).not.toContain(orderId);
    expect(body.captures.matched).toBeGreaterThanOrEqual(1);
  });

  it('answers staff only (others as a missing route) and refuses a malformed period', async () => {
    for (const url of [
      '/api/admin/ledger/vat-report/?quarter=2031-Q2',
      '/api/admin/ledger/reconciliation/',
    ]) {
      expect((await get(seller, url)).statusCode).toBe(404);
      expect((await get(null, url)).statusCode).toBe(404);
    }
    const bad = await get(staff, '/api/admin/ledger/vat-report/?quarter=2031-5');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/2026-Q4/);
    expect((await get(staff, '/api/admin/ledger/commission/?year=abc')).statusCode).toBe(400);
  });
});
