/**
 * The ledger under random sequences of money events (issue 26): capture, refund before and
 * after fulfilment, fulfilment, the holding period passing, payout runs, their execution,
 * repeated and raced events. After every step: the journal balances, each seller's balance
 * equals the sum of their statement lines, no line written earlier changed, and money in =
 * money out + money held, as the model counted it. Seeded; the seed is printed (FC_SEED=… to
 * replay). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL. The fast tier runs a few
 * sequences (src/modules/ledger/ledger-property.integration-test.ts), the reliability tier many
 * (test/reliability/ledger-property.reliability-test.ts); FC_RUNS overrides either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { lineTerms } from '@marktgasse/shared';
import { build, type TestApp } from './build.ts';
import { registerSeller, registerUser, type TestUser } from './fixtures.ts';
import { users } from '../src/db/schema.ts';
import { rawRows } from '../src/db/sql.ts';
import { PayoutsService } from '../src/modules/payouts/service.ts';
import { LedgerService } from '../src/modules/ledger/service.ts';
import { StatementsService } from '../src/modules/ledger/statements.ts';
import { ACCOUNTS } from '../src/modules/ledger/accounts.ts';

const SEED = Number(process.env.FC_SEED ?? Date.now() % 2_147_483_647);
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let ledger: LedgerService;
let payouts: PayoutsService;
let statements: StatementsService;
let sellers: TestUser[];
let staffId: number;

async function setUp(): Promise<void> {
  t = await build();
  ledger = new LedgerService(t.database.db);
  payouts = new PayoutsService(t.app.ctx);
  statements = new StatementsService(t.database.db);
  sellers = [await registerSeller(t.app), await registerSeller(t.app), await registerSeller(t.app)];
  for (const [i, s] of sellers.slice(0, 2).entries()) {
    const iban = ['CH9300762011623852957', 'CH5604835012345678009'][i];
    await t.app.inject({
      method: 'PATCH',
      url: `/api/profiles/${s.id}/`,
      headers: s.auth,
      payload: { iban },
    });
  }
  const staff = await registerUser(t.app, { status: null });
  staffId = staff.id;
  await t.database.db
    .update(users)
    .set({ isStaff: true, staffPermissions: ['finance'] })
    .where(sql`${users.id} = ${staffId}`);
}

type Action =
  | { type: 'capture'; seller: number; gross: number }
  | { type: 'fulfil'; pick: number }
  | { type: 'refund'; pick: number; share: number }
  | { type: 'wait'; days: number }
  | { type: 'run' }
  | { type: 'execute' }
  | { type: 'repeat'; pick: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('capture' as const),
      seller: fc.nat(2),
      gross: fc.integer({ min: 100, max: 60_000 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('fulfil' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('refund' as const),
      pick: fc.nat(),
      share: fc.integer({ min: 1, max: 100 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ type: fc.constant('wait' as const), days: fc.integer({ min: 3, max: 20 }) }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('run' as const) }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('execute' as const) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('repeat' as const), pick: fc.nat() }) },
);

interface Order {
  id: number;
  sellerId: number;
  gross: number;
  refunded: number;
  fulfilled: boolean;
  refunds: number;
}

/** What the model expects the money to be, counted independently of the journal. */
interface Model {
  now: Date;
  orders: Order[];
  runs: number[];
  executed: Set<number>;
  captured: number;
  refunded: number;
  paidOut: number;
}

let nextOrderId = 1;
const tx = <T>(
  work: (handle: Parameters<Parameters<TestApp['database']['db']['transaction']>[0]>[0]) => Promise<T>,
) => t.database.db.transaction(work);
const pick = <T>(list: T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

async function apply(m: Model, a: Action): Promise<void> {
  const at = m.now;
  if (a.type === 'capture') {
    const order: Order = {
      id: nextOrderId++,
      sellerId: sellers[a.seller]!.id,
      gross: a.gross,
      refunded: 0,
      fulfilled: false,
      refunds: 0,
    };
    // Raced: three requests for one capture write it once.
    await Promise.all(
      [0, 1, 2].map(() =>
        tx((h) => ledger.recordCapture(h, { orderId: order.id, amountRappen: order.gross, at })),
      ),
    );
    m.orders.push(order);
    m.captured += order.gross;
  } else if (a.type === 'fulfil') {
    const order = pick(
      m.orders.filter((o) => !o.fulfilled && o.refunded < o.gross),
      a.pick,
    );
    if (!order) return;
    const gross = order.gross - order.refunded;
    const terms = lineTerms(
      { defaultPercentBp: 1000, onShipping: true, rules: [] },
      { sellerId: order.sellerId, categoryId: 1, unitPriceRappen: gross, quantity: 1, vat: 'standard' },
    );
    await tx((h) =>
      ledger.recordFulfilment(h, {
        sellerOrderId: order.id,
        orderId: order.id,
        sellerId: order.sellerId,
        grossRappen: gross,
        commissionRappen: terms.commissionRappen,
        vatRappen: terms.vatRappen,
        at,
      }),
    );
    order.fulfilled = true;
  } else if (a.type === 'refund') {
    const order = pick(
      m.orders.filter((o) => o.refunded < o.gross),
      a.pick,
    );
    if (!order) return;
    const amount = Math.max(1, Math.floor(((order.gross - order.refunded) * a.share) / 100));
    order.refunds += 1;
    await tx((h) =>
      ledger.recordRefund(h, {
        refundId: `${order.id}-${order.refunds}`,
        orderId: order.id,
        amountRappen: amount,
        // Half the refunds of unfulfilled orders come as a whole order's (no seller part).
        sellerOrderId: !order.fulfilled && a.share % 2 === 0 ? null : order.id,
        sellerId: !order.fulfilled && a.share % 2 === 0 ? null : order.sellerId,
        at,
      }),
    );
    order.refunded += amount;
    m.refunded += amount;
  } else if (a.type === 'wait') {
    m.now = new Date(m.now.getTime() + a.days * DAY);
    await tx((h) => ledger.releaseDue(h, 14, m.now));
  } else if (a.type === 'run') {
    // Two runs at once: the second finds nothing left to pay twice.
    const runs = await Promise.all([payouts.createRun(staffId, at), payouts.createRun(staffId, at)]);
    expect(runs.filter((r) => r.transfers.length > 0).length).toBeLessThanOrEqual(1);
    m.runs.push(...runs.filter((r) => r.transfers.length > 0).map((r) => r.id));
  } else if (a.type === 'execute') {
    // Runs wait for the bank: the oldest unexecuted run is booked first, as a bank carries them out.
    const id = m.runs.find((r) => !m.executed.has(r));
    if (id === undefined) return;
    const run = await payouts.markExecuted(id, at);
    m.executed.add(id);
    m.paidOut += run.transfers.reduce((sum, x) => sum + x.amountRappen, 0);
    stats.transfers += run.transfers.length;
  } else {
    const order = pick(m.orders, a.pick);
    if (!order) return;
    const again = await tx((h) =>
      ledger.recordCapture(h, { orderId: order.id, amountRappen: order.gross, at }),
    );
    expect(again).toBe(false);
  }
}

const stats = { transfers: 0, steps: 0 };
/** Simulated time, carried across runs so that earnings of one run come due in a later one. */
let clock = new Date();

/** Every line written so far, as it was first seen. */
const seen = new Map<number, string>();

async function check(m: Model): Promise<void> {
  const trial = await ledger.trialBalance();
  expect(trial.total).toBe(0);
  const funds = trial.accounts.find((a) => a.account === ACCOUNTS.customerFunds)?.sum ?? 0;
  expect(funds).toBe(m.captured - m.refunded - m.paidOut);

  const lines = await rawRows<{ id: number }>(
    t.database.db,
    sql`select id, entry_id, account, seller_id, part_ref, amount_rappen from ledger_lines order by id`,
  );
  const now = new Map(lines.map((l) => [l.id, JSON.stringify(l)]));
  for (const [id, before] of seen) expect(now.get(id)).toBe(before);
  for (const [id, row] of now) if (!seen.has(id)) seen.set(id, row);

  for (const seller of sellers) {
    const balance = await ledger.sellerBalance(seller.id);
    let net = 0;
    for (const s of (await statements.list(seller.id)).filter((x) => x.kind === 'month')) {
      net += (await statements.get(seller.id, s.id)).lines.reduce((sum, l) => sum + l.netRappen, 0);
    }
    expect(net).toBe(balance.pending + balance.available);
  }
}

/** The property with `numRuns` generated sequences (FC_RUNS overrides it). */
export function ledgerMoneyProperty(numRuns: number): void {
  beforeAll(setUp);
  afterAll(() => t?.close());

  describe('the ledger under random money events', () => {
    it(
      `balances after every step (seed ${SEED})`,
      async () => {
        console.info(`ledger property test: seed ${SEED} (FC_SEED=${SEED} replays it)`);
        await fc.assert(
          fc.asyncProperty(fc.array(action, { minLength: 10, maxLength: 30 }), async (actions) => {
            const m: Model = {
              now: clock,
              orders: [],
              runs: [],
              executed: new Set(),
              captured: 0,
              refunded: 0,
              paidOut: 0,
            };
            // Each run starts from the journal as the previous runs left it: money counted so far carries over.
            const funds =
              (await ledger.trialBalance()).accounts.find((a) => a.account === ACCOUNTS.customerFunds)?.sum ??
              0;
            m.captured = funds;
            for (const a of actions) {
              await apply(m, a);
              clock = m.now;
              await check(m);
              stats.steps += 1;
            }
          }),
          { seed: SEED, numRuns: Number(process.env.FC_RUNS ?? numRuns), endOnFailure: true },
        );
        console.info(
          `ledger property test: ${stats.steps} steps checked, ${stats.transfers} payouts executed`,
        );
      },
      Math.max(240_000, numRuns * 30_000),
    );
  });
}
