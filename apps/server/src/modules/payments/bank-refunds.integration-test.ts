import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { qrReferenceForOrder } from '@marktgasse/shared';
import { buildApp } from '../../app.ts';
import { auditLog, users } from '../../db/schema.ts';
import { openTestDatabase } from '../../../test/build.ts';
import { testConfig } from '../../../test/config.ts';
import { registerUser, type TestUser } from '../../../test/fixtures.ts';
import type { InvoiceOrders, InvoiceOrderState } from './bank-matching.ts';
import { BankRefunds } from './bank-refunds.ts';
import { BankStatementService } from './bank-statements.ts';
import { camt054 } from './test-data/camt-builder.ts';

const orders = new Map<number, InvoiceOrderState>();
const invoiceOrders: InvoiceOrders = {
  findByQrReference: async (ref) =>
    [...orders.values()].find((o) => qrReferenceForOrder(o.orderId) === ref) ?? null,
  markPaid: async (id) => {
    const o = orders.get(id);
    if (!o || o.status !== 'unpaid') return false;
    o.status = 'paid';
    return true;
  },
};

let app: Awaited<ReturnType<typeof buildApp>>;
let close: () => Promise<void>;
let refunds: BankRefunds;
let bank: BankStatementService;
let staff: TestUser;
let customer: TestUser;
let nextId = 9000;
const IBAN = 'CH93 0076 2011 6238 5295 7';

beforeAll(async () => {
  const { database, drop } = await openTestDatabase();
  app = await buildApp({ config: testConfig(), database, payments: { invoiceOrders } });
  await app.ready();
  close = async () => {
    await app.close();
    await drop();
  };
  refunds = new BankRefunds(database.db);
  bank = new BankStatementService(database.db, invoiceOrders);
  staff = await registerUser(app, { status: null });
  await database.db
    .update(users)
    .set({ isStaff: true, staffPermissions: ['finance'] })
    .where(eq(users.id, staff.id));
  customer = await registerUser(app);
});
afterAll(() => close());

/** An invoice order of `total` Rappen paid by a bank transfer (imported from a camt.054). */
async function paidByBank(total: number, transferred = total) {
  const id = ++nextId;
  orders.set(id, { orderId: id, totalRappen: total, status: 'unpaid' });
  const amount = (transferred / 100).toFixed(2);
  await bank.importFile(camt054([{ amount, qrReference: qrReferenceForOrder(id) }]), null);
  return id;
}

const refund = (orderId: number, amountRappen: number, key = `order-${orderId}`) =>
  refunds.queue({ key, orderId, amountRappen, iban: IBAN, accountHolder: 'Anna Muster' });

describe('refunds of invoice orders paid by bank transfer', () => {
  it('queues a payout line per cancellation, once, and never more than came in', async () => {
    const id = await paidByBank(10_000);
    const part = await refund(id, 3_000, `seller-order-${id}`);
    expect(await refund(id, 3_000, `seller-order-${id}`)).toEqual(part);
    await expect(refund(id, 7_001)).rejects.toMatchObject({ code: 'CONFLICT' });
    await refund(id, 7_000);
    await expect(refund(id, 1, `extra-${id}`)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(refund(id, 2_000, `seller-order-${id}`)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('counts only what was kept of an overpayment (the excess goes back as a return)', async () => {
    const id = await paidByBank(5_000, 5_500);
    await expect(refund(id, 5_500)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(refund(id, 5_000)).resolves.toMatchObject({
      reference: expect.stringMatching(/^bank-refund-/),
    });
  });

  it('lets two cancellations at the same moment refund at most what came in', async () => {
    const id = await paidByBank(10_000);
    const results = await Promise.allSettled([refund(id, 6_000, `a-${id}`), refund(id, 6_000, `b-${id}`)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('refuses an IBAN that is wrong or a QR-IBAN, and an order paid by no bank transfer', async () => {
    const id = await paidByBank(1_000);
    const ask = (iban: string) =>
      refunds.queue({ key: `k-${iban}`, orderId: id, amountRappen: 100, iban, accountHolder: 'A' });
    await expect(ask('CH93 0076 2011 6238 5295 8')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(ask('CH44 3199 9123 0008 8901 2')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(refund(123_456, 100)).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});

describe('staff list of bank refunds', () => {
  it('lists open refunds with the IBAN, and a refund paid out moves to the other list', async () => {
    const id = await paidByBank(2_500);
    await refund(id, 2_500);
    const open = await app.inject({
      method: 'GET',
      url: '/api/admin/bank-refunds/?limit=200',
      headers: staff.auth,
    });
    expect(open.statusCode).toBe(200);
    const line = open.json().results.find((r: any) => r.orderId === id);
    expect(line).toMatchObject({
      amount: '25.00',
      iban: 'CH9300762011623852957',
      accountHolder: 'Anna Muster',
      paidOutAt: null,
    });
    const done = await app.inject({
      method: 'POST',
      url: `/api/admin/bank-refunds/${line.id}/paid-out/`,
      headers: staff.auth,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().paidOutAt).not.toBeNull();
    const again = await app.inject({
      method: 'POST',
      url: `/api/admin/bank-refunds/${line.id}/paid-out/`,
      headers: staff.auth,
    });
    expect(again.json().paidOutAt).toBe(done.json().paidOutAt);
    // The staff action stands once in the audit log, the repeated click not again.
    const audit = await app.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'bank-refund'), eq(auditLog.objectId, String(line.id))));
    expect(audit.map((a) => [a.action, a.staffId])).toEqual([['bank-refund.paid-out', staff.id]]);
    const paidOut = await app.inject({
      method: 'GET',
      url: '/api/admin/bank-refunds/?state=paidOut',
      headers: staff.auth,
    });
    expect(paidOut.json().results.map((r: any) => r.id)).toContain(line.id);
    const stillOpen = await app.inject({
      method: 'GET',
      url: '/api/admin/bank-refunds/?limit=200',
      headers: staff.auth,
    });
    expect(stillOpen.json().results.map((r: any) => r.id)).not.toContain(line.id);
  });

  it('answers others like a missing route, and an unknown refund with 404', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/bank-refunds/', headers: customer.auth }))
        .statusCode,
    ).toBe(404);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/admin/bank-refunds/999999/paid-out/',
      headers: staff.auth,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Bank refund 999999 was not found.');
  });
});
