/** The journal (decision 225): balanced, append-only, written once per event, read as balances. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { build, type TestApp } from '../../../test/build.ts';
import { makeStaff } from '../../../test/staff-builders.ts';
import { registerSeller, registerUser, type TestUser } from '../../../test/fixtures.ts';
import { users } from '../../db/schema.ts';
import { rawRows } from '../../db/sql.ts';
import { pgErrorCode } from '../../db/client.ts';
import { LedgerService, UnbalancedEntryError } from './service.ts';
import { ACCOUNTS } from './accounts.ts';

let t: TestApp;
let ledger: LedgerService;
let seller: TestUser;
let staff: TestUser;
let nextOrder = 1000;

beforeAll(async () => {
  t = await build();
  ledger = new LedgerService(t.database.db);
  seller = await registerSeller(t.app);
  staff = await registerUser(t.app, { status: null });
  await t.database.db
    .update(users)
    .set({ isStaff: true, staffPermissions: ['finance'] })
    .where(sql`${users.id} = ${staff.id}`);
});
afterAll(() => t?.close());

const db = () => t.database.db;
const DAY = 24 * 60 * 60 * 1000;

async function sell(gross: number, commission: number, vat: number, at: Date) {
  const orderId = nextOrder++;
  const part = {
    sellerOrderId: orderId,
    orderId,
    sellerId: seller.id,
    grossRappen: gross,
    commissionRappen: commission,
    vatRappen: vat,
    at,
  };
  await db().transaction(async (tx) => {
    await ledger.recordCapture(tx, { orderId, amountRappen: gross, at });
    await ledger.recordFulfilment(tx, part);
  });
  return part;
}

async function balanceOf(user: TestUser) {
  const res = await t.app.inject({ method: 'GET', url: '/api/finance/balance/', headers: user.auth });
  return { status: res.statusCode, body: res.json() };
}

describe('the journal', () => {
  it('earns gross − commission as pending, available after the holding period, and balances to zero', async () => {
    const start = new Date(Date.now() - 30 * DAY);
    await sell(10_000, 1_000, 749, start);
    expect((await balanceOf(seller)).body).toEqual({ pending: '90.00', available: '0.00', currency: 'CHF' });

    await db().transaction((tx) => ledger.releaseDue(tx, 14, new Date(start.getTime() + 13 * DAY)));
    expect((await balanceOf(seller)).body.available).toBe('0.00');
    await db().transaction((tx) => ledger.releaseDue(tx, 14, new Date(start.getTime() + 15 * DAY)));
    expect((await balanceOf(seller)).body).toMatchObject({ pending: '0.00', available: '90.00' });

    const trial = await t.app.inject({
      method: 'GET',
      url: '/api/admin/ledger/trial-balance/',
      headers: staff.auth,
    });
    expect(trial.statusCode).toBe(200);
    const body = trial.json() as { accounts: { account: string; balance: string }[]; total: string };
    expect(body.total).toBe('0.00');
    expect(body.accounts).toContainEqual({ account: ACCOUNTS.customerFunds, balance: '100.00' });
    expect(body.accounts).toContainEqual({ account: ACCOUNTS.vatDue, balance: '-7.49' });
  });

  it('writes a repeated or raced event once', async () => {
    const orderId = nextOrder++;
    const results = await Promise.all(
      [0, 1, 2].map(() => db().transaction((tx) => ledger.recordCapture(tx, { orderId, amountRappen: 500 }))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const [row] = await rawRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from ledger_entries where event_key = ${`capture:${orderId}`}`,
    );
    expect(row!.n).toBe(1);
  });

  it('refuses an entry whose debits and credits differ, in the service and in the database', async () => {
    await expect(
      db().transaction((tx) =>
        ledger.post(tx, {
          eventKey: 'correction:unbalanced',
          kind: 'correction',
          lines: [
            { account: ACCOUNTS.customerFunds, amountRappen: 100 },
            { account: ACCOUNTS.commissionRevenue, amountRappen: -99 },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(UnbalancedEntryError);
    // Written past the service, the database refuses it at commit.
    await expect(
      db().transaction(async (tx) => {
        const [entry] = await rawRows<{ id: number }>(
          tx,
          sql`insert into ledger_entries (event_key, kind) values ('raw:1', 'correction') returning id`,
        );
        await tx.execute(
          sql`insert into ledger_lines (entry_id, account, amount_rappen) values (${entry!.id}, 'customer_funds', 100)`,
        );
      }),
    ).rejects.toThrow();
    const left = await rawRows(
      db(),
      sql`select 1 from ledger_entries where event_key in ('correction:unbalanced', 'raw:1')`,
    );
    expect(left).toHaveLength(0);
  });

  it('refuses to change or delete an entry', async () => {
    await sell(2_000, 200, 150, new Date());
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'changed',
        (error: unknown) => pgErrorCode(error),
      );
    // 55000: the append-only trigger's refusal.
    expect(await refusal(db().execute(sql`update ledger_lines set amount_rappen = amount_rappen * 2`))).toBe(
      '55000',
    );
    expect(await refusal(db().execute(sql`delete from ledger_entries`))).toBe('55000');
    expect(await refusal(db().execute(sql`truncate ledger_lines, ledger_entries`))).toBe('55000');
    const trial = await ledger.trialBalance();
    expect(trial.total).toBe(0);
  });

  it('a refund after payout makes the available balance negative; before release it comes from pending', async () => {
    const other = await registerSeller(t.app);
    const at = new Date(Date.now() - 20 * DAY);
    const orderId = nextOrder++;
    const part = {
      sellerOrderId: orderId,
      orderId,
      sellerId: other.id,
      grossRappen: 5_000,
      commissionRappen: 500,
      vatRappen: 375,
      at,
    };
    await db().transaction(async (tx) => {
      await ledger.recordCapture(tx, { orderId, amountRappen: 5_000, at });
      await ledger.recordFulfilment(tx, part);
      await ledger.recordRefund(tx, {
        refundId: `r${orderId}a`,
        orderId,
        amountRappen: 1_000,
        sellerOrderId: orderId,
        sellerId: other.id,
        at,
      });
    });
    // 10.00 refunded less its 1.00 of commission: 45.00 − 9.00 still pending.
    expect((await balanceOf(other)).body).toMatchObject({ pending: '36.00', available: '0.00' });
    await db().transaction(async (tx) => {
      await ledger.releaseDue(tx, 14);
      await ledger.recordPayout(tx, { runId: 999_001, sellerId: other.id, amountRappen: 3_600 });
      await ledger.recordRefund(tx, {
        refundId: `r${orderId}b`,
        orderId,
        amountRappen: 2_000,
        sellerOrderId: orderId,
        sellerId: other.id,
      });
    });
    expect((await balanceOf(other)).body).toMatchObject({ pending: '0.00', available: '-18.00' });
    expect((await ledger.trialBalance()).total).toBe(0);
  });

  it('answers the balance to sellers only and the trial balance to staff only', async () => {
    const customer = await registerUser(t.app, { status: 'CUSTOMER' });
    expect((await balanceOf(customer)).status).toBe(403);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/ledger/trial-balance/',
      headers: seller.auth,
    });
    expect(res.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/ledger/trial-balance/' });
    expect(anonymous.statusCode).toBe(404);
    // Staff without the finance permission are answered like a missing route too (decision 243).
    const support = await makeStaff(t, ['support']);
    const refused = await t.app.inject({ url: '/api/admin/ledger/trial-balance/', headers: support.auth });
    expect(refused.json()).toEqual({ detail: 'There is no GET /api/admin/ledger/trial-balance/.' });
  });
});

describe('commission frozen at placement', () => {
  it('uses the most specific rule, charges shipping, and keeps old orders when the rule changes', async () => {
    const shop = await registerSeller(t.app);
    const [category] = await rawRows<{ id: number }>(
      db(),
      sql`select id from categories order by id limit 1`,
    );
    const categoryId = category!.id;
    await ledger.setCommissionRule(
      {
        sellerId: shop.id,
        categoryId: null,
        percentBp: 500,
        fixedFeeRappen: 0,
      },
      { staffId: staff.id, address: '' },
    );
    await ledger.setCommissionRule(
      { sellerId: shop.id, categoryId, percentBp: 800, fixedFeeRappen: 50 },
      { staffId: staff.id, address: '' },
    );
    const place = (sellerOrderId: number) =>
      db().transaction((tx) =>
        ledger.freezeTerms(tx, {
          sellerOrderId,
          sellerId: shop.id,
          shippingRappen: 2_000,
          lines: [
            // 2 × 24.95 in the seller's own category rule: 8 % of 49.90 = 3.99 + 0.50 fee
            {
              orderItemId: sellerOrderId * 10 + 1,
              categoryId,
              unitPriceRappen: 2_495,
              quantity: 2,
              vat: 'reduced',
            },
            // another category: the seller's 5 % of 100.00 = 5.00
            {
              orderItemId: sellerOrderId * 10 + 2,
              categoryId: categoryId + 1,
              unitPriceRappen: 10_000,
              quantity: 1,
              vat: 'standard',
            },
          ],
        }),
      );
    const first = nextOrder++;
    await place(first);
    // Shipping 20.00 at the seller's 5 % = 1.00; total commission 3.99 + 0.50 + 5.00 + 1.00.
    await ledger.setCommissionRule(
      {
        sellerId: shop.id,
        categoryId: null,
        percentBp: 2500,
        fixedFeeRappen: 0,
      },
      { staffId: staff.id, address: '' },
    );
    await ledger.setCommissionRule(
      { sellerId: shop.id, categoryId, percentBp: 2500, fixedFeeRappen: 0 },
      { staffId: staff.id, address: '' },
    );
    await db().transaction((tx) =>
      ledger.recordFulfilmentOfPart(tx, { sellerOrderId: first, orderId: first, sellerId: shop.id }),
    );
    // gross 169.90 − commission 10.49 = 159.41; VAT 1.26 (2.6 % of 49.90) + 7.49 + 1.50 (shipping at 8.1 %)
    expect((await balanceOf(shop)).body.pending).toBe('159.41');
    const statement = await t.app.inject({
      method: 'GET',
      url: '/api/finance/statements/',
      headers: shop.auth,
    });
    const month = (statement.json() as { id: string }[])[0]!.id;
    const lines = (
      await t.app.inject({ method: 'GET', url: `/api/finance/statements/${month}/`, headers: shop.auth })
    ).json().lines;
    expect(lines).toEqual([
      expect.objectContaining({
        kind: 'sold',
        gross: '169.90',
        commission: '10.49',
        vat: '10.25',
        net: '159.41',
      }),
    ]);
  });
});

describe('commission rules through the API', () => {
  it('lets staff set a rule per seller and category, refuses nonsense, and hides itself from others', async () => {
    const shop = await registerSeller(t.app);
    const put = (payload: object, user = staff) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/commission-rules/', headers: user.auth, payload });
    const res = await put({ seller: shop.id, percent: '7.5', fixedFee: '0.30' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().defaultPercent).toBe('10.00');
    expect(res.json().rules).toContainEqual({
      seller: shop.id,
      category: null,
      percent: '7.50',
      fixedFee: '0.30',
    });
    // Setting the same scope again replaces the rule.
    const again = (await put({ seller: shop.id, percent: 6 })).json();
    expect(again.rules.filter((r: { seller: number | null }) => r.seller === shop.id)).toEqual([
      { seller: shop.id, category: null, percent: '6.00', fixedFee: '0.00' },
    ]);
    expect((await put({ seller: shop.id, percent: '101' })).statusCode).toBe(400);
    expect((await put({ seller: shop.id, percent: '5', fixedFee: '-1' })).statusCode).toBe(400);
    // The platform default is configuration, not a rule.
    expect((await put({ percent: '5' })).json().detail).toMatch(/COMMISSION_PERCENT/);
    const missing = await put({ category: 999_999, percent: '5' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toMatch(/does not exist/);
    expect((await put({ seller: shop.id, percent: '1' }, shop)).statusCode).toBe(404);
  });
});
