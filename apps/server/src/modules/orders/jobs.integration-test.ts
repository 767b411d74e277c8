/**
 * The order jobs run in a started server: server.ts starts them explicitly (importing the
 * orders module starts nothing), so an unpaid order past its hold gives its stock back and
 * the order e-mail is delivered without anyone calling the jobs.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { registerUser } from '../../../test/fixtures.ts';
import { buildShop, expireHoldNow, orderPayload, stockOf } from '../../../test/order-builders.ts';
import { testConfig } from '../../../test/config.ts';
import { startServer } from '../../server.ts';

let started: Awaited<ReturnType<typeof startServer>>;
let app: Awaited<ReturnType<typeof startServer>>['app'];
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'mg-order-jobs-'));
  started = await startServer(testConfig({ DATA_DIR: dataDir, PORT: '0' }), { quiet: true });
  app = started.app;
});
afterAll(async () => {
  await started?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Polls until `check` answers; the jobs tick a second after the start, then every 15 or 30 s. */
async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 45_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

it('expires unpaid orders past their hold and delivers order e-mails by itself', async () => {
  const db = app.ctx.database.db;
  const shop = await buildShop(app, db, { prices: ['10.00'], stock: [[4]] });
  const [store, product] = [shop.stores[0]!, shop.products[0]!];
  const customer = await registerUser(app);
  const placed = await app.inject({
    method: 'POST',
    url: '/api/orders/add/',
    headers: customer.auth,
    payload: orderPayload([{ product, quantity: 3 }], { totalPrice: '30.00', totalShippingPrice: '20.00' }),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId = placed.json().id as number;
  expect(await stockOf(db, store.id, product.id)).toBe(1);

  await expireHoldNow(db, orderId);
  await eventually(async () => ((await stockOf(db, store.id, product.id)) === 4 ? true : undefined));
  const shown = await app.inject({ url: `/api/orders/${orderId}/`, headers: customer.auth });
  expect(shown.json().status).toBe('expired');

  // The first e-mail about an order goes at payment (decision 170).
  const again = await app.inject({
    method: 'POST',
    url: '/api/orders/add/',
    headers: customer.auth,
    payload: orderPayload([{ product, quantity: 1 }], { totalPrice: '10.00', totalShippingPrice: '20.00' }),
  });
  expect(again.statusCode, again.body).toBe(201);
  const paidId = again.json().id as number;
  const paid = await app.inject({ method: 'PUT', url: `/api/orders/${paidId}/pay/`, headers: customer.auth });
  expect(paid.statusCode, paid.body).toBe(200);

  const outbox = path.join(dataDir, 'outbox');
  const mail = await eventually(async () => {
    const files = (() => {
      try {
        return readdirSync(outbox);
      } catch {
        return [];
      }
    })();
    return files
      .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
      .find((text) => text.includes(`payment received for order #${paidId}`));
  });
  expect(mail).toContain(customer.email);
});
