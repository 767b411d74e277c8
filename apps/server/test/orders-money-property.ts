/**
 * The money of orders through the real services (issue 26, decision 243): random sequences of
 * place, pay, cancel (customer and seller), send, pick up, staff refund, the holding period
 * passing, payout runs and their execution — and pay racing cancel. After every step: the
 * journal balances; each seller's balance equals the sum of their statement lines; per paid
 * order, captured − refunded = the live parts' total − staff refunds; and money in = money out
 * + money held. Every sequence ends by letting the holding period pass, running a payout and
 * executing it, so payouts are a regular part of every run (and counted: a run that paid nobody
 * fails). Seeded; the seed is printed (FC_SEED=… replays it). Runs on PGlite, and on PostgreSQL
 * with TEST_DATABASE_URL. The fast tier runs a few sequences, the reliability tier many
 * (test/reliability/ledger-orders-property.reliability-test.ts, src/modules/orders/ledger-orders-property.integration-test.ts).
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rappenToDecimal } from '@marktgasse/shared';
import { build, type TestApp } from './build.ts';
import { registerUser, type TestUser } from './fixtures.ts';
import { buildShop, orderPayload, type Shop } from './order-builders.ts';
import { makeStaff, type TestStaff } from './staff-builders.ts';
import { rawRows } from '../src/db/sql.ts';
import { ACCOUNTS } from '../src/modules/ledger/accounts.ts';
import { releaseHeldEarnings } from '../src/modules/ledger/jobs.ts';
import { LedgerService } from '../src/modules/ledger/service.ts';
import { StatementsService } from '../src/modules/ledger/statements.ts';
import { PayoutsService } from '../src/modules/payouts/service.ts';

const SEED = Number(process.env.FC_SEED ?? Date.now() % 2_147_483_647);
const DAY = 24 * 60 * 60 * 1000;
const HOLD_DAYS = 14;

let t: TestApp;
let ledger: LedgerService;
let payouts: PayoutsService;
let statements: StatementsService;
let shops: Shop[];
let customers: TestUser[];
let finance: TestStaff;

async function setUp(): Promise<void> {
  t = await build({
    PAYOUT_HOLD_DAYS: String(HOLD_DAYS),
    // Low enough that one delivered part pays out, high enough that small balances carry forward.
    PAYOUT_MINIMUM_CHF: '10',
    ORDER_MAX_UNPAID: '1000',
    ORDER_MAX_UNITS_PER_PRODUCT: '100000',
    RATE_LIMIT_ORDERS_PER_USER: '100000',
  });
  ledger = new LedgerService(t.database.db);
  payouts = new PayoutsService(t.app.ctx);
  statements = new StatementsService(t.database.db);
  // A small seller (shipping charged) and a large one (free shipping from CHF 100).
  shops = [
    await buildShop(t.app, t.database.db, { prices: ['30.00'], stock: [[100_000]] }),
    await buildShop(t.app, t.database.db, { prices: ['120.00'], stock: [[100_000]] }),
  ];
  for (const [i, shop] of shops.entries()) {
    const iban = ['CH9300762011623852957', 'CH5604835012345678009'][i];
    await t.app.inject({
      method: 'PATCH',
      url: `/api/profiles/${shop.seller.id}/`,
      headers: shop.seller.auth,
      payload: { iban, accountHolder: `Seller ${i}` },
    });
  }
  customers = [await registerUser(t.app), await registerUser(t.app)];
  finance = await makeStaff(t, ['finance']);
}

type Action =
  | { type: 'place'; customer: number; sellers: number; pickUp: boolean }
  | { type: 'pay'; pick: number }
  | { type: 'cancel'; pick: number }
  | { type: 'payVsCancel'; pick: number }
  | { type: 'sellerCancel' | 'send' | 'pickUp'; pick: number; part: number }
  | { type: 'staffRefund'; pick: number; share: number }
  | { type: 'wait'; days: number }
  | { type: 'run' }
  | { type: 'execute' };

const pickN = fc.nat();
const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('place' as const),
      customer: fc.nat(1),
      sellers: fc.integer({ min: 1, max: 3 }),
      pickUp: fc.boolean(),
    }),
  },
  { weight: 4, arbitrary: fc.record({ type: fc.constant('pay' as const), pick: pickN }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('cancel' as const), pick: pickN }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('payVsCancel' as const), pick: pickN }) },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('sellerCancel' as const), pick: pickN, part: pickN }),
  },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('send' as const), pick: pickN, part: pickN }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('pickUp' as const), pick: pickN, part: pickN }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('staffRefund' as const),
      pick: pickN,
      share: fc.integer({ min: 1, max: 100 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('wait' as const), days: fc.integer({ min: 3, max: 20 }) }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('run' as const) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('execute' as const) }) },
);

/**
 * Every sequence opens with one whole journey (place online, pay, send): the random actions after
 * it then meet a delivered part whatever the seed, so sends and earnings are always exercised.
 */
const JOURNEY: Action[] = [
  { type: 'place', customer: 0, sellers: 1, pickUp: false },
  { type: 'pay', pick: 2 },
  { type: 'send', pick: 2, part: 0 },
];
/** …and closes with the holding period passing, a payout run and its execution. */
const PAYOUT: Action[] = [{ type: 'wait', days: HOLD_DAYS + 1 }, { type: 'run' }, { type: 'execute' }];
const sequence = fc
  .array(action, { minLength: 8, maxLength: 25 })
  .map((actions): Action[] => [...JOURNEY, ...actions, ...PAYOUT]);

interface Part {
  id: number;
  seller: TestUser;
  online: { id: number; price: number }[];
  inStore: { id: number; price: number }[];
}
interface PlacedOrder {
  id: number;
  customer: TestUser;
  parts: Part[];
}

/** What the model counts independently of the journal: the money paid out, the runs to book. */
const model = { orders: [] as PlacedOrder[], runs: [] as number[], executed: new Set<number>(), paidOut: 0 };
let clock = new Date();
const stats = {
  steps: 0,
  sequences: 0,
  /** Sequences in which at least one transfer was paid out. */
  sequencesPaid: 0,
  transfers: 0,
  paidTransfers: 0,
  statuses: new Map<string, number>(),
};

const pick = <T>(list: T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);
const inject = async (method: 'POST' | 'PUT', url: string, user: TestUser, payload?: object) => {
  const res = await t.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });
  // A refusal is a fine answer to a random action; a 5xx never is.
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
  const key = `${method} ${url.replace(/\d+/g, ':id')} ${res.statusCode}`;
  stats.statuses.set(key, (stats.statuses.get(key) ?? 0) + 1);
  return res;
};

async function place(a: Extract<Action, { type: 'place' }>) {
  const chosen = shops.filter((_, i) => (a.sellers >> i) & 1);
  const lines = chosen.map((shop) => ({
    product: shop.products[0]!,
    ...(a.pickUp ? { store: shop.stores[0]! } : {}),
  }));
  const items = chosen.reduce((sum, shop) => sum + Number(shop.products[0]!.price), 0);
  const shipping = a.pickUp ? 0 : chosen.filter((shop) => Number(shop.products[0]!.price) < 100).length * 20;
  const customer = customers[a.customer]!;
  const res = await inject(
    'POST',
    '/api/orders/add/',
    customer,
    orderPayload(lines, { totalPrice: items.toFixed(2), totalShippingPrice: shipping.toFixed(2) }),
  );
  if (res.statusCode !== 201) return;
  type Item = { id: number; price: string };
  const order = res.json() as {
    id: number;
    sellerOrder: {
      id: number;
      seller: { id: number };
      onlineOrderItems: Item[];
      inStoreOrderItems: Item[];
    }[];
  };
  const priced = (list: Item[]) => list.map((i) => ({ id: i.id, price: Math.round(Number(i.price) * 100) }));
  model.orders.push({
    id: order.id,
    customer,
    parts: order.sellerOrder.map((so) => ({
      id: so.id,
      seller: shops.find((s) => s.seller.id === so.seller.id)!.seller,
      online: priced(so.onlineOrderItems),
      inStore: priced(so.inStoreOrderItems),
    })),
  });
}

async function apply(a: Action): Promise<void> {
  if (a.type === 'place') return place(a);
  if (a.type === 'wait') {
    clock = new Date(clock.getTime() + a.days * DAY);
    await releaseHeldEarnings(t.app.ctx, clock);
    return;
  }
  if (a.type === 'run') {
    const run = await payouts.createRun(finance.id, clock);
    if (run.transfers.length > 0) model.runs.push(run.id);
    stats.transfers += run.transfers.length;
    return;
  }
  if (a.type === 'execute') {
    for (const id of model.runs.filter((r) => !model.executed.has(r))) {
      const run = await payouts.markExecuted(id, clock);
      model.executed.add(id);
      model.paidOut += run.transfers.reduce((sum, x) => sum + x.amountRappen, 0);
      stats.paidTransfers += run.transfers.length;
    }
    return;
  }
  // The latest orders: random picks over every order would seldom carry one to its delivery.
  const order = pick(model.orders.slice(-3), a.pick);
  if (!order) return;
  const pay = () => inject('PUT', `/api/orders/${order.id}/pay/`, order.customer);
  const cancel = () => inject('PUT', `/api/orders/${order.id}/cancel/`, order.customer);
  if (a.type === 'pay') await pay();
  else if (a.type === 'cancel') await cancel();
  else if (a.type === 'payVsCancel') await Promise.all([pay(), cancel()]);
  else if (a.type === 'staffRefund') await staffRefund(order, a.share);
  else if (a.type === 'sellerCancel' || a.type === 'send' || a.type === 'pickUp') await partAction(order, a);
}

async function partAction(order: PlacedOrder, a: Extract<Action, { part: number }>) {
  const part = pick(order.parts, a.part)!;
  if (a.type === 'sellerCancel') {
    await inject('PUT', `/api/seller-orders/${part.id}/cancel/`, part.seller, { reason: 'Sold out' });
  } else if (a.type === 'send') {
    await inject('PUT', `/api/seller-orders/${part.id}/send/`, part.seller);
  } else {
    for (const item of part.inStore)
      await inject('PUT', `/api/orders/order-items/${item.id}/retrieve/`, part.seller);
  }
}

async function staffRefund(order: PlacedOrder, share: number) {
  const item =
    order.parts.flatMap((p) => [...p.online, ...p.inStore])[share % 2] ?? order.parts[0]!.online[0];
  if (!item) return;
  const amount = Math.max(1, Math.floor((item.price * share) / 100));
  await inject('POST', `/api/admin/orders/${order.id}/refunds/`, finance, {
    item: item.id,
    amount: rappenToDecimal(amount),
    reason: `Property test ${share}`,
  });
}

interface OrderMoney {
  id: number;
  captured: string;
  refunded: string;
  staff: string;
  live: string;
}

async function check(): Promise<void> {
  const trial = await ledger.trialBalance();
  expect(trial.total).toBe(0);

  const money = await rawRows<OrderMoney>(
    t.database.db,
    sql`select o.id,
      coalesce((select sum(p.amount_rappen) from payments p where p.order_id = o.id), 0) as captured,
      coalesce((select sum(r.amount_rappen) from refunds r where r.order_id = o.id and r.completed_at is not null), 0) as refunded,
      coalesce((select sum(r.amount_rappen) from refunds r where r.order_id = o.id and r.completed_at is not null and r.key like 'staff-%'), 0) as staff,
      coalesce((select sum(s.items_rappen + s.shipping_rappen) from seller_orders s where s.order_id = o.id and s.cancelled_at is null), 0) as live
    from orders o where o.is_paid`,
  );
  for (const o of money) {
    expect(Number(o.captured) - Number(o.refunded), `order ${o.id}`).toBe(Number(o.live) - Number(o.staff));
  }
  // Money in = money out + money held.
  const captured = money.reduce((sum, o) => sum + Number(o.captured), 0);
  const refunded = money.reduce((sum, o) => sum + Number(o.refunded), 0);
  const held = trial.accounts.find((a) => a.account === ACCOUNTS.customerFunds)?.sum ?? 0;
  expect(captured).toBe(refunded + model.paidOut + held);

  for (const { seller } of shops) {
    const balance = await ledger.sellerBalance(seller.id);
    let net = 0;
    for (const s of (await statements.list(seller.id)).filter((x) => x.kind === 'month')) {
      net += (await statements.get(seller.id, s.id)).lines.reduce((sum, l) => sum + l.netRappen, 0);
    }
    expect(net, `statement lines of seller ${seller.id}`).toBe(balance.pending + balance.available);
  }
}

/**
 * After a sequence's closing payout run and its execution, no seller is left with the minimum
 * available: every one owed at least that was paid (each has an IBAN), the rest carries forward.
 */
async function everyoneOwedWasPaid(): Promise<void> {
  const minimum = Math.round(t.config.PAYOUT_MINIMUM_CHF * 100);
  for (const { seller } of shops) {
    const { available } = await ledger.sellerBalance(seller.id);
    expect(available, `available to seller ${seller.id} after the payout`).toBeLessThan(minimum);
  }
}

/** The property with `numRuns` generated sequences (FC_RUNS overrides it). */
export function ordersMoneyProperty(numRuns: number): void {
  beforeAll(setUp);
  afterAll(() => t?.close());

  describe('orders money through the real services', () => {
    it(`balances after every step, payouts included (seed ${SEED})`, async () => {
      console.info(`orders ledger property test: seed ${SEED} (FC_SEED=${SEED} replays it)`);
      await fc.assert(
        fc.asyncProperty(sequence, async (actions) => {
          const before = stats.paidTransfers;
          for (const a of actions) {
            await apply(a);
            await check();
            stats.steps += 1;
          }
          await everyoneOwedWasPaid();
          stats.sequences += 1;
          if (stats.paidTransfers > before) stats.sequencesPaid += 1;
        }),
        { seed: SEED, numRuns: Number(process.env.FC_RUNS ?? numRuns), endOnFailure: true },
      );
      console.info(
        `steps ${stats.steps}, sequences ${stats.sequences} (${stats.sequencesPaid} paid out), ` +
          `transfers ${stats.transfers} (${stats.paidTransfers} executed); answers`,
        Object.fromEntries(stats.statuses),
      );
      // The random sequences reached the interesting paths, not only refusals.
      const reached = (prefix: string) => [...stats.statuses.keys()].some((k) => k.startsWith(prefix));
      expect(reached('PUT /api/orders/:id/pay/ 200')).toBe(true);
      expect(reached('PUT /api/seller-orders/:id/send/ 200')).toBe(true);
      // Payouts ran and were executed (each sequence ends with a run; everyoneOwedWasPaid checks
      // that nobody it skipped was owed the minimum, so a sequence without one is not luck).
      expect(stats.sequencesPaid, 'sequences that paid out').toBeGreaterThanOrEqual(1);
      expect(stats.paidTransfers).toBe(stats.transfers);
    }, 600_000);
  });
}
