/**
 * An attacker's pass over the money routes (issue 26): payouts, receipts and credit notes, a
 * seller's earnings and statements, the ledger reports, commission rules and the staff refund.
 * Someone else's ids answer like missing ones; odd values (negative, huge, fractional, words,
 * empty) get a 4xx with a `detail` and change nothing; every staff role but finance is kept out
 * of the finance routes. Never a 5xx.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../build.ts';
import { registerUser, type TestUser } from '../fixtures.ts';
import { buildShop, orderPayload, type Shop } from '../order-builders.ts';
import { makeStaff, type TestStaff } from '../staff-builders.ts';
import { releaseHeldEarnings } from '../../src/modules/ledger/jobs.ts';
import { LedgerService } from '../../src/modules/ledger/service.ts';
import { PayoutsService } from '../../src/modules/payouts/service.ts';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let shopS: Shop;
let shopT: Shop;
let customerA: TestUser;
let customerB: TestUser;
const staff = {} as Record<'support' | 'moderation' | 'admin' | 'finance', TestStaff>;
/** A's order from S: paid, sent (delivered), refunded in part by staff; S was paid out for it. */
let order: { id: number; part: number; item: number };
/** B's paid order from T. */
let orderB: { id: number; part: number; item: number };
let runId: number;

async function placePaid(
  customer: TestUser,
  shop: Shop,
): Promise<{ id: number; part: number; item: number }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders/add/',
    headers: customer.auth,
    payload: orderPayload([{ product: shop.products[0]! }], {
      totalPrice: '120.00',
      totalShippingPrice: '0.00',
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as {
    id: number;
    sellerOrder: { id: number; onlineOrderItems: { id: number }[] }[];
  };
  const pay = await call('PUT', `/api/orders/${body.id}/pay/`, customer);
  expect(pay.statusCode, pay.body).toBe(200);
  const part = body.sellerOrder[0]!;
  return { id: body.id, part: part.id, item: part.onlineOrderItems[0]!.id };
}

function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  user?: TestUser,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: user?.auth ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A client's mistake: a 4xx with a person's `detail`, never a 5xx. */
function refused(res: LightMyRequestResponse, status?: number) {
  if (status) expect(res.statusCode, res.body).toBe(status);
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  expect(typeof res.json().detail, res.body).toBe('string');
}

beforeAll(async () => {
  t = await build({ PLATFORM_IBAN: 'CH9300762011623852957' });
  shopS = await buildShop(t.app, t.database.db, { prices: ['120.00'] });
  shopT = await buildShop(t.app, t.database.db, { prices: ['120.00'] });
  for (const shop of [shopS, shopT]) {
    const res = await call('PATCH', `/api/profiles/${shop.seller.id}/`, shop.seller, {
      iban: 'CH5604835012345678009',
      accountHolder: 'Seller',
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  customerA = await registerUser(t.app);
  customerB = await registerUser(t.app);
  for (const role of ['support', 'moderation', 'admin', 'finance'] as const)
    staff[role] = await makeStaff(t, [role]);

  order = await placePaid(customerA, shopS);
  orderB = await placePaid(customerB, shopT);
  expect((await call('PUT', `/api/seller-orders/${order.part}/send/`, shopS.seller)).statusCode).toBe(200);
  const later = new Date(Date.now() + 30 * DAY);
  await releaseHeldEarnings(t.app.ctx, later);
  const run = await new PayoutsService(t.app.ctx).createRun(staff.finance.id, later);
  expect(run.transfers.map((x) => x.sellerId)).toEqual([shopS.seller.id]);
  runId = run.id;
});
afterAll(() => t?.close());

const FINANCE_ROUTES: [method: 'GET' | 'POST' | 'PUT', url: () => string, body?: () => unknown][] = [
  ['GET', () => '/api/admin/ledger/trial-balance/'],
  ['GET', () => '/api/admin/ledger/vat-report/?quarter=2026-Q4'],
  ['GET', () => '/api/admin/ledger/commission/?year=2026'],
  ['GET', () => '/api/admin/ledger/reconciliation/'],
  ['GET', () => '/api/admin/commission-rules/'],
  ['PUT', () => '/api/admin/commission-rules/', () => ({ seller: 1, percent: '10' })],
  ['POST', () => '/api/admin/payouts/'],
  ['GET', () => `/api/admin/payouts/${runId}/pain001/`],
  ['PUT', () => `/api/admin/payouts/${runId}/executed/`],
  [
    'POST',
    () => `/api/admin/orders/${order.id}/refunds/`,
    () => ({ item: order.item, amount: '0.05', reason: 'x' }),
  ],
];

describe('finance routes and the staff roles', () => {
  it.each(['support', 'moderation', 'admin'] as const)(
    'a %s staff member without the finance permission finds none of them',
    async (role) => {
      const trialBefore = (await call('GET', '/api/admin/ledger/trial-balance/', staff.finance)).body;
      for (const [method, url, body] of FINANCE_ROUTES) {
        const res = await call(method, url(), staff[role], body?.());
        expect(res.statusCode, `${method} ${url()}: ${res.body}`).toBe(404);
        // …exactly like a route that does not exist.
        expect(res.json().detail).toBe(`There is no ${method} ${url().split('?')[0]}.`);
      }
      // Nothing was booked by the refused calls.
      expect((await call('GET', '/api/admin/ledger/trial-balance/', staff.finance)).body).toBe(trialBefore);
    },
  );

  it('the finance staff member reaches every one', async () => {
    for (const [method, url] of FINANCE_ROUTES.filter(([m]) => m === 'GET')) {
      const res = await call(method, url(), staff.finance);
      expect(res.statusCode, `${method} ${url()}: ${res.body}`).toBe(200);
    }
  });

  it('customers and sellers find none of them either, even with a valid body', async () => {
    for (const user of [customerA, shopS.seller]) {
      for (const [method, url, body] of FINANCE_ROUTES) {
        expect((await call(method, url(), user, body?.())).statusCode, `${method} ${url()}`).toBe(404);
      }
    }
  });
});

describe('the staff refund with odd values', () => {
  const refund = (body: unknown, orderId: number | string = order.id) =>
    call('POST', `/api/admin/orders/${orderId}/refunds/`, staff.finance, body);
  const base = () => ({ item: order.item, reason: 'Damaged' });

  it.each([
    ['a negative amount', { amount: '-5.00' }],
    ['a zero amount', { amount: '0.00' }],
    ['three decimals', { amount: '1.005' }],
    ['a word', { amount: 'ten' }],
    ['an empty amount', { amount: '' }],
    ['a huge amount', { amount: '99999999999.00' }],
    ['an amount above the line', { amount: '120.01' }],
    ['an exponent', { amount: '1e3' }],
    ['a negative quantity', { quantity: -1 }],
    ['a zero quantity', { quantity: 0 }],
    ['a fractional quantity', { quantity: 1.5 }],
    ['a huge quantity', { quantity: 1e12 }],
    ['a quantity as a word', { quantity: 'one' }],
    ['both quantity and amount', { quantity: 1, amount: '1.00' }],
    ['neither quantity nor amount', {}],
  ])('refuses %s', async (_label, extra) => {
    refused(await refund({ ...base(), ...extra }));
  });

  it.each([
    ['a negative item', -1],
    ['a huge item', 1e15],
    ['an item beyond 32 bits', 2_147_483_648],
    ['a fractional item', 1.5],
    ['an item as a string', String(order?.item ?? 1)],
  ])('refuses %s', async (_label, item) => {
    refused(await refund({ item, amount: '1.00', reason: 'Damaged' }));
  });

  it('refuses a line of another order, and an order that is not there, like missing ones', async () => {
    refused(await refund({ item: orderB.item, amount: '1.00', reason: 'Damaged' }), 404);
    refused(await refund({ ...base(), amount: '1.00' }, 999_999_999), 404);
    refused(await refund({ ...base(), amount: '1.00' }, '99999999999'), 400);
    refused(await refund({ ...base(), amount: '1.00' }, '-1'), 400);
    refused(await refund({ ...base(), amount: '1.00' }, 'abc'), 400);
  });

  it('refuses an empty or overlong reason and an odd Idempotency-Key', async () => {
    refused(await refund({ item: order.item, amount: '1.00', reason: '' }));
    refused(await refund({ item: order.item, amount: '1.00', reason: 'x'.repeat(5000) }));
    const odd = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refunds/`,
      headers: { ...staff.finance.auth, 'idempotency-key': 'x'.repeat(300) },
      payload: { ...base(), amount: '1.00' },
    });
    refused(odd, 400);
  });

  it('after all the refusals the order still has only what was really refunded: nothing', async () => {
    const notes = await call('GET', `/api/orders/${order.id}/credit-notes/`, customerA);
    expect(notes.json()).toEqual([]);
  });

  it('refunds a line at most its price, even when two refunds race', async () => {
    const raced = await Promise.all(
      ['first', 'second'].map((reason) => refund({ item: order.item, amount: '70.00', reason })),
    );
    expect(raced.map((r) => r.statusCode).sort(), raced.map((r) => r.body).join('\n')).toEqual([201, 409]);
    refused(await refund({ item: order.item, amount: '50.01', reason: 'third' }), 409);
    const accepted = await refund({ item: order.item, amount: '50.00', reason: 'the rest' });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const notes = (await call('GET', `/api/orders/${order.id}/credit-notes/`, customerA)).json() as {
      amount: string;
    }[];
    expect(notes.map((n) => n.amount).sort()).toEqual(['50.00', '70.00']);
  });
});

describe('commission rules with odd values', () => {
  const put = (body: unknown) => call('PUT', '/api/admin/commission-rules/', staff.finance, body);

  it.each([
    ['a negative percent', { seller: 1, percent: '-1' }],
    ['a percent above 100', { seller: 1, percent: '100.01' }],
    ['a huge percent', { seller: 1, percent: 1e20 }],
    ['a percent as a word', { seller: 1, percent: 'ten' }],
    ['an empty percent', { seller: 1, percent: '' }],
    ['no scope', { percent: '10' }],
    ['a negative fee', { seller: 1, percent: '10', fixedFee: '-0.30' }],
    ['a huge fee', { seller: 1, percent: '10', fixedFee: '1000000' }],
    ['a fractional seller', { seller: 1.5, percent: '10' }],
    ['a seller beyond 32 bits', { seller: 2_147_483_648, percent: '10' }],
    ['a seller as a string', { seller: '1', percent: '10' }],
  ])('refuses %s', async (_label, body) => {
    refused(await put(body));
  });

  it('refuses a seller or a category that does not exist, and a customer or staff as seller', async () => {
    const before = (await call('GET', '/api/admin/commission-rules/', staff.finance)).json();
    refused(await put({ seller: 999_999_999, percent: '10' }), 400);
    refused(await put({ category: 999_999_999, percent: '10' }), 400);
    const customer = await put({ seller: customerA.id, percent: '10' });
    refused(customer, 400);
    expect(customer.json().detail).toBe(
      `Account ${customerA.id} is not a seller: a commission rule names a seller.`,
    );
    refused(await put({ seller: staff.support.id, percent: '10' }), 400);
    expect((await call('GET', '/api/admin/commission-rules/', staff.finance)).json()).toEqual(before);
    expect((await put({ seller: shopT.seller.id, percent: '12.5' })).statusCode).toBe(200);
  });
});

describe('payout runs with odd ids', () => {
  it.each(['abc', '-1', '0', '1.5', '99999999999', '1e3', '%00'])('refuses run id %s', async (id) => {
    refused(await call('GET', `/api/admin/payouts/${id}/pain001/`, staff.finance));
    refused(await call('PUT', `/api/admin/payouts/${id}/executed/`, staff.finance));
  });

  it('answers a run that is not there with 404, and executing one twice books it once', async () => {
    refused(await call('GET', '/api/admin/payouts/999999999/pain001/', staff.finance), 404);
    refused(await call('PUT', '/api/admin/payouts/999999999/executed/', staff.finance), 404);
    const ledger = new LedgerService(t.database.db);
    await call('PUT', `/api/admin/payouts/${runId}/executed/`, staff.finance);
    const once = await ledger.trialBalance();
    expect((await call('PUT', `/api/admin/payouts/${runId}/executed/`, staff.finance)).statusCode).toBe(200);
    expect(await ledger.trialBalance()).toEqual(once);
  });

  it('a second run pays nobody twice, nor do two runs started at once', async () => {
    const res = await call('POST', '/api/admin/payouts/', staff.finance);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().transfers).toEqual([]);

    // T's part is delivered and its holding period passes: two runs race for its balance.
    expect((await call('PUT', `/api/seller-orders/${orderB.part}/send/`, shopT.seller)).statusCode).toBe(200);
    const later = new Date(Date.now() + 30 * DAY);
    await releaseHeldEarnings(t.app.ctx, later);
    const payouts = new PayoutsService(t.app.ctx);
    const runs = await Promise.all([0, 1].map(() => payouts.createRun(staff.finance.id, later)));
    const paidToT = runs.flatMap((r) => r.transfers).filter((x) => x.sellerId === shopT.seller.id);
    expect(paidToT).toHaveLength(1);
    expect((await new LedgerService(t.database.db).sellerBalance(shopT.seller.id)).available).toBe(0);
  });
});

describe('finance actions in the audit log', () => {
  const auditOf = async (object: string) =>
    (await call('GET', `/api/admin/audit/?object=${encodeURIComponent(object)}`, staff.admin)).json()
      .results as { action: string; staff: string; before: unknown; after: unknown }[];

  it('a commission rule change stands with its before and after', async () => {
    const put = (percent: string) =>
      call('PUT', '/api/admin/commission-rules/', staff.finance, { seller: shopS.seller.id, percent });
    expect((await put('11')).statusCode).toBe(200);
    expect((await put('9.5')).statusCode).toBe(200);
    const entries = await auditOf(`commission-rule:seller=${shopS.seller.id},category=*`);
    expect(entries.map((e) => [e.action, e.staff, e.before, e.after])).toEqual([
      [
        'commission-rule.set',
        staff.finance.username,
        { percentBp: 1100, fixedFeeRappen: 0 },
        { percentBp: 950, fixedFeeRappen: 0 },
      ],
      ['commission-rule.set', staff.finance.username, null, { percentBp: 1100, fixedFeeRappen: 0 }],
    ]);
  });

  it('a payout run created and executed from the API stands once each, however often it is marked', async () => {
    const created = await call('POST', '/api/admin/payouts/', staff.finance);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    for (let i = 0; i < 2; i++)
      expect((await call('PUT', `/api/admin/payouts/${id}/executed/`, staff.finance)).statusCode).toBe(200);
    const entries = await auditOf(`payout-run:${id}`);
    expect(entries.map((e) => e.action)).toEqual(['payout-run.executed', 'payout-run.create']);
    expect(entries.every((e) => e.staff === staff.finance.username)).toBe(true);
  });
});

describe('receipts and credit notes of someone else, and odd ids', () => {
  it('answers another customer like a missing order even while the order is unpaid (no 409)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/add/',
      headers: customerA.auth,
      payload: orderPayload([{ product: shopS.products[0]! }], {
        totalPrice: '120.00',
        totalShippingPrice: '0.00',
      }),
    });
    const unpaid = (res.json() as { id: number }).id;
    refused(await call('GET', `/api/orders/${unpaid}/receipt/`, customerA), 409);
    refused(await call('GET', `/api/orders/${unpaid}/receipt/`, customerB), 404);
    refused(await call('GET', `/api/orders/${unpaid}/credit-notes/1/`, customerB), 404);
  });

  it('answers another customer, a seller and staff like a missing order', async () => {
    for (const user of [customerB, shopS.seller, staff.finance, staff.support]) {
      refused(await call('GET', `/api/orders/${order.id}/receipt/`, user), 404);
      refused(await call('GET', `/api/orders/${order.id}/credit-notes/`, user), 404);
    }
    expect((await call('GET', `/api/orders/${order.id}/receipt/`, customerA)).statusCode).toBe(200);
  });

  it.each(['abc', '-1', '0', '1.5', '99999999999', '1e3', ' '])('refuses order id "%s"', async (id) => {
    const res = await call('GET', `/api/orders/${encodeURIComponent(id)}/receipt/`, customerA);
    refused(res);
    refused(await call('GET', `/api/orders/${encodeURIComponent(id)}/credit-notes/`, customerA));
  });
});

describe('earnings and statements of someone else, and odd ids', () => {
  it('a seller reads only their own payout statement; another seller gets 404', async () => {
    const own = await call('GET', `/api/finance/statements/payout-${runId}/`, shopS.seller);
    expect(own.statusCode, own.body).toBe(200);
    refused(await call('GET', `/api/finance/statements/payout-${runId}/`, shopT.seller), 404);
    refused(await call('GET', `/api/finance/statements/payout-${runId}.csv`, shopT.seller), 404);
    refused(await call('GET', `/api/finance/statements/payout-${runId}.pdf`, shopT.seller), 404);
  });

  it('customers and staff have no earnings', async () => {
    for (const user of [customerA, staff.finance]) {
      refused(await call('GET', '/api/finance/balance/', user));
      refused(await call('GET', '/api/finance/statements/', user));
    }
    refused(await call('GET', '/api/finance/balance/'), 401);
  });

  it.each([
    '2026-13',
    '2026-00',
    '0000-01',
    '9999-12',
    '2026-1',
    'payout-0',
    'payout--1',
    'payout-1.5',
    'payout-99999999999',
    'payout-abc',
    'payout-',
    '..%2F..%2Fetc',
    'x'.repeat(40),
    '2026-11.exe',
    '2026-11.pdf.csv',
  ])('refuses statement id %s with a 4xx', async (id) => {
    refused(await call('GET', `/api/finance/statements/${id}/`, shopS.seller));
  });
});

describe('ledger reports with odd values', () => {
  it.each([
    'quarter=2026-Q5',
    'quarter=0000-Q1',
    'quarter=9999-Q4',
    'quarter=',
    'quarter=2026-Q1&quarter=2026-Q2',
    'year=2026.5',
    'year=1e3',
    'year=-2026',
    'year=',
    'year=99999999999999999999',
  ])('refuses or answers %s without a 5xx', async (query) => {
    const url = query.startsWith('quarter')
      ? `/api/admin/ledger/vat-report/?${query}`
      : `/api/admin/ledger/commission/?${query}`;
    const res = await call('GET', url, staff.finance);
    if (res.statusCode !== 200) refused(res, 400);
  });
});
