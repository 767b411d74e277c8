/**
 * Crash safety: orders are placed against a real server process, which is killed with
 * SIGKILL mid-load and restarted on the same data. Every order that was answered with
 * success must exist afterwards, and for the product stock + reserved + sold must equal the
 * starting stock. Then the same with SIGTERM: a graceful shutdown loses no accepted request.
 * Runs on the PGlite data directory and, when TEST_DATABASE_URL is set, on PostgreSQL.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freshPostgresDatabase,
  http,
  onlineOrder,
  register,
  sellerWithProduct,
  startServerProcess,
  stockOf,
} from '../process.ts';
import { recordFigure } from './figures.ts';

const engines: {
  name: string;
  env: () => Promise<{ env: Record<string, string>; cleanup(): Promise<void> }>;
}[] = [
  {
    name: 'PGlite',
    env: async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'mg-crash-'));
      return { env: { DATA_DIR: dir }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  engines.push({
    name: 'PostgreSQL',
    env: async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'mg-crash-pg-'));
      const db = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!);
      return {
        env: { DATA_DIR: dir, DATABASE_URL: db.url },
        cleanup: async () => {
          await db.drop();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  });
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

function exited(server: { child: ChildProcess }): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return Promise.resolve();
  return new Promise((r) => server.child.once('exit', () => r()));
}

interface Placed {
  orderId: number;
  token: string;
  quantity: number;
}

/** Places orders from many customers until `stopAfterMs`, then sends `signal`; answers the successful ones. */
async function loadAndSignal(
  base: string,
  productId: number,
  price: string,
  customers: { token: string }[],
  signal: () => void,
  stopAfterMs: number,
) {
  const placed: Placed[] = [];
  const statuses = new Map<number | string, number>();
  let signalled = false;
  const started = Date.now();
  const timer = setTimeout(() => {
    signalled = true;
    signal();
  }, stopAfterMs);
  await Promise.all(
    customers.map(async (customer, i) => {
      for (let round = 0; !signalled || round === 0; round += 1) {
        if (Date.now() - started > stopAfterMs + 5_000) break;
        const quantity = 1 + ((i + round) % 2);
        try {
          const res = await http(base, '/api/orders/add/', {
            method: 'POST',
            token: customer.token,
            body: onlineOrder(productId, price, quantity),
          });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 201) placed.push({ orderId: res.body.id, token: customer.token, quantity });
          if (round % 3 === 2 && res.status === 201) {
            await http(base, `/api/orders/${res.body.id}/pay/`, {
              method: 'PUT',
              token: customer.token,
            }).catch(() => undefined);
          }
        } catch {
          statuses.set('network', (statuses.get('network') ?? 0) + 1);
          break;
        }
      }
    }),
  );
  clearTimeout(timer);
  return { placed, statuses };
}

async function verify(base: string, productId: number, startStock: number, placed: Placed[]) {
  for (const p of placed) {
    const res = await http(base, `/api/orders/${p.orderId}/`, { token: p.token });
    expect(res.status, `order ${p.orderId} answered 201 before the crash`).toBe(200);
  }
  // Every order of every customer who ordered: reserved (pending) and sold (paid) units.
  const tokens = [...new Set(placed.map((p) => p.token))];
  let heldOrSold = 0;
  for (const token of tokens) {
    const mine = await http(base, '/api/orders/myorders/', { token });
    for (const order of mine.body as {
      status: string;
      sellerOrder: {
        onlineOrderItems: { product: number; quantity: number }[];
        inStoreOrderItems: { product: number; quantity: number }[];
      }[];
    }[]) {
      if (order.status === 'expired') continue;
      for (const so of order.sellerOrder) {
        for (const item of [...so.onlineOrderItems, ...so.inStoreOrderItems])
          if (item.product === productId) heldOrSold += item.quantity;
      }
    }
  }
  const stock = await stockOf(base, productId);
  expect(stock + heldOrSold).toBe(startStock);
  return { stock, heldOrSold };
}

describe.each(engines)('crash safety on $name', ({ name, env }) => {
  it('keeps every order answered with success through a SIGKILL, and stock adds up', async () => {
    const { env: vars, cleanup } = await env();
    cleanups.push(cleanup);
    const port = 8400 + Math.floor(Math.random() * 400);
    let server = await startServerProcess(vars, port);
    const startStock = 400;
    const { productId, price } = await sellerWithProduct(server.base, [250, 150]);
    const customers = await Promise.all(Array.from({ length: 16 }, () => register(server.base, 'CUSTOMER')));
    let restarts = 0;
    let allPlaced: Placed[] = [];
    for (let round = 0; round < 2; round += 1) {
      const current = server;
      const { placed } = await loadAndSignal(
        current.base,
        productId,
        price,
        customers,
        () => current.child.kill('SIGKILL'),
        1_500 + round * 500,
      );
      await exited(current);
      allPlaced = allPlaced.concat(placed);
      server = await startServerProcess(vars, port);
      restarts += 1;
      await verify(server.base, productId, startStock, allPlaced);
    }
    expect(allPlaced.length).toBeGreaterThan(0);
    recordFigure(`crash restarts (${name})`, restarts);
    recordFigure(`orders placed across crashes (${name})`, allPlaced.length);
    await server.stop();
  });

  it('loses no accepted request when stopped with SIGTERM under load', async () => {
    const { env: vars, cleanup } = await env();
    cleanups.push(cleanup);
    const port = 8800 + Math.floor(Math.random() * 400);
    let server = await startServerProcess(vars, port);
    const { productId, price } = await sellerWithProduct(server.base, [300]);
    const customers = await Promise.all(Array.from({ length: 12 }, () => register(server.base, 'CUSTOMER')));
    const current = server;
    const { placed, statuses } = await loadAndSignal(
      current.base,
      productId,
      price,
      customers,
      () => current.child.kill('SIGTERM'),
      1_200,
    );
    await exited(current);
    expect(current.child.exitCode, current.stderr()).toBe(0);
    expect([...statuses.keys()].filter((s) => typeof s === 'number' && s >= 500 && s !== 503)).toEqual([]);
    server = await startServerProcess(vars, port);
    await verify(server.base, productId, 300, placed);
    recordFigure(`graceful shutdown restarts (${name})`, 1);
    await server.stop();
  });
});
