/**
 * Scale-out: two server processes on two ports share one PostgreSQL database and one media
 * directory. Concurrent orders through both for the same last units never oversell, and a
 * review, a stock change and a payment made through one process are visible through the
 * other within the catalogue cache's lifetime (5 s) — at once, when the processes share Redis,
 * which carries the "catalogue changed" message between them. A logout through one process
 * is refused by the other at once too, though each remembers its callers (here for 30 s).
 * Sign-in guesses sent through both count on one counter in Redis (issue 14 rows 1–3), and so
 * do one customer's checkouts: their unpaid-order limit and placement budget (row 4).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshPostgresDatabase,
  http,
  onlineOrder,
  register,
  sellerWithProduct,
  startServerProcess,
  stockOf,
  type ServerProcess,
} from '../process.ts';
import { recordFigure } from './figures.ts';

const CACHE_LIFETIME_MS = 5_000;
let a: ServerProcess;
let b: ServerProcess;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const db = await freshPostgresDatabase(
    process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  const dir = mkdtempSync(path.join(tmpdir(), 'mg-scale-'));
  const env = {
    DATABASE_URL: db.url,
    DATA_DIR: dir,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    // Longer than the test runs: only the message between the processes can end a token early.
    CALLER_CACHE_MS: '30000',
    // Anti-hoarding as shipped (decision 170), with a small hourly placement budget.
    ORDER_MAX_UNPAID: '3',
    RATE_LIMIT_ORDERS_PER_USER: '6',
  };
  // RELIABILITY_PORT: a fixed pair (port, port + 1) on a machine where ports are assigned.
  const port = Number(process.env.RELIABILITY_PORT ?? 9300 + Math.floor(Math.random() * 300));
  a = await startServerProcess(env, port);
  b = await startServerProcess(env, port + 1);
  cleanup = async () => {
    await a?.stop();
    await b?.stop();
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  };
});
afterAll(async () => {
  await cleanup?.();
});

async function eventually<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  withinMs: number,
): Promise<T> {
  const until = Date.now() + withinMs;
  let value = await read();
  while (!ok(value) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 200));
    value = await read();
  }
  return value;
}

describe('two server processes on one database', () => {
  it('never oversell the last units when orders arrive through both', async () => {
    const { productId, price } = await sellerWithProduct(a.base, [3, 2]);
    const customers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => register(i % 2 ? a.base : b.base, 'CUSTOMER')),
    );
    const results = await Promise.all(
      customers.map((c, i) =>
        http(i % 2 ? a.base : b.base, '/api/orders/add/', {
          method: 'POST',
          token: c.token,
          body: onlineOrder(productId, price, 1),
        }),
      ),
    );
    const created = results.filter((r) => r.status === 201).length;
    expect(created).toBe(5);
    expect(results.filter((r) => r.status === 409).length).toBe(35);
    expect(await stockOf(a.base, productId)).toBe(0);
    expect(await stockOf(b.base, productId)).toBe(0);
    recordFigure('scale-out concurrent checkouts (2 processes)', customers.length);
  });

  it('shows a review, a stock change and a payment made through one process through the other', async () => {
    const { seller, productId, price, storeIds } = await sellerWithProduct(a.base, [10]);
    // Warm the other process's cache first, so the test proves invalidation within the lifetime.
    await http(b.base, `/api/products/${productId}`);
    await http(b.base, `/api/products/reviews/${productId}`);

    const customer = await register(a.base, 'CUSTOMER');
    const review = await http(a.base, `/api/products/${productId}/reviews/`, {
      method: 'POST',
      token: customer.token,
      body: { rating: 4, comment: 'Sehr fein' },
    });
    expect(review.status).toBe(201);
    const seen = await eventually(
      () => http(b.base, `/api/products/${productId}`),
      (r) => r.body.numReviews === 1,
      CACHE_LIFETIME_MS + 1_000,
    );
    expect(seen.body.numReviews).toBe(1);
    expect(seen.body.rating).toBe(4);

    const stocks = await http(a.base, `/api/stocks/store/${storeIds[0]}`);
    const row = (stocks.body as { id: number; product: { id: number } }[]).find(
      (s) => s.product.id === productId,
    )!;
    expect(
      (
        await http(a.base, `/api/stocks/${row.id}/`, {
          method: 'PUT',
          token: seller.token,
          body: { number: 7 },
        })
      ).status,
    ).toBe(200);
    const stock = await eventually(
      () => stockOf(b.base, productId),
      (n) => n === 7,
      CACHE_LIFETIME_MS + 1_000,
    );
    expect(stock).toBe(7);

    const order = await http(a.base, '/api/orders/add/', {
      method: 'POST',
      token: customer.token,
      body: onlineOrder(productId, price, 2),
    });
    expect(order.status).toBe(201);
    expect(
      (await http(a.base, `/api/orders/${order.body.id}/pay/`, { method: 'PUT', token: customer.token }))
        .status,
    ).toBe(200);
    const paid = await http(b.base, `/api/orders/${order.body.id}/`, { token: customer.token });
    expect(paid.body.isPaid).toBe(true);
    const sellerView = await http(b.base, '/api/seller-orders/myorders/', { token: seller.token });
    expect(
      (sellerView.body as { order: { id: number; isPaid: boolean } }[]).some(
        (so) => so.order.id === order.body.id && so.order.isPaid,
      ),
    ).toBe(true);
    // Paying again through the other process changes nothing.
    expect(
      (await http(b.base, `/api/orders/${order.body.id}/pay/`, { method: 'PUT', token: customer.token }))
        .status,
    ).toBe(409);
  });

  it('with Redis, a catalogue write through one process empties the other one’s cache at once', async () => {
    const { productId } = await sellerWithProduct(a.base, [4]);
    const before = await http(b.base, `/api/products/${productId}`);
    expect(before.body.numReviews).toBe(0);
    const customer = await register(a.base, 'CUSTOMER');
    const written = Date.now();
    const review = await http(a.base, `/api/products/${productId}/reviews/`, {
      method: 'POST',
      token: customer.token,
      body: { rating: 5, comment: 'Wie vom Hof' },
    });
    expect(review.status).toBe(201);
    const seen = await eventually(
      () => http(b.base, `/api/products/${productId}`),
      (r) => r.body.numReviews === 1,
      CACHE_LIFETIME_MS,
    );
    expect(seen.body.numReviews).toBe(1);
    // Well inside the 5 s lifetime: the other process was told, it did not wait for expiry.
    expect(Date.now() - written).toBeLessThan(1_500);
  });

  it('with Redis, a logout through one process is refused by the other at once', async () => {
    const customer = await register(a.base, 'CUSTOMER');
    // Both processes now remember the caller.
    expect((await http(a.base, '/api/users/me/', { token: customer.token })).status).toBe(200);
    expect((await http(b.base, '/api/users/me/', { token: customer.token })).status).toBe(200);
    const out = await http(a.base, '/api/users/logout/', { method: 'POST', token: customer.token });
    expect(out.status).toBeLessThan(300);
    const loggedOut = Date.now();
    expect((await http(a.base, '/api/users/me/', { token: customer.token })).status).toBe(401);
    const seen = await eventually(
      () => http(b.base, '/api/users/me/', { token: customer.token }),
      (r) => r.status === 401,
      5_000,
    );
    expect(seen.status).toBe(401);
    expect(Date.now() - loggedOut).toBeLessThan(1_500);
  });

  it('with Redis, one customer’s parallel checkouts through both processes share one limit and one budget', async () => {
    const { productId, price } = await sellerWithProduct(a.base, [50]);
    const customer = await register(a.base, 'CUSTOMER');
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        http(i % 2 ? a.base : b.base, '/api/orders/add/', {
          method: 'POST',
          token: customer.token,
          body: onlineOrder(productId, price, 1),
        }),
      ),
    );
    const count = (status: number) => burst.filter((r) => r.status === status).length;
    // Three unpaid orders at most, whichever process took them; six attempts per hour in all.
    expect(count(201)).toBe(3);
    expect(count(409)).toBe(3);
    expect(count(429)).toBe(4);
    expect(await stockOf(a.base, productId)).toBe(47);
  });

  it('with Redis, parallel sign-in guesses through both processes count on one counter: at most 10 are checked', async () => {
    const customer = await register(a.base, 'CUSTOMER');
    const guess = (i: number, password = `wrong password ${i}`) =>
      http(i % 2 ? a.base : b.base, '/api/users/login/', {
        method: 'POST',
        body: { username: i % 3 ? customer.username : customer.username.toUpperCase(), password },
      });
    const burst = await Promise.all(Array.from({ length: 60 }, (_, i) => guess(i)));
    const checked = burst.filter((r) => r.status === 401).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(60 - checked);
    // The right password, through either process, waits too.
    expect((await guess(1, 'reliable-pass-1')).status).toBe(429);
    expect((await guess(2, 'reliable-pass-1')).status).toBe(429);
    recordFigure('scale-out sign-in guesses checked of 60 parallel (2 processes)', checked);
  });
});
