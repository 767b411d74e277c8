/**
 * Helpers for the concurrency suite: an app on a chosen engine (so one run covers PGlite and,
 * when TEST_DATABASE_URL is set, PostgreSQL too), many customers inserted in one batch with
 * tokens issued directly (registering 200 accounts through scrypt would take minutes), cart
 * payloads with the totals the server expects, and database tallies of stock and allocations.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { computeCartTotals, parseRappen, rappenToDecimal } from '@marktgasse/shared';
import { buildApp } from '../../src/app.ts';
import type { Env } from '../../src/config/env.ts';
import { testConfig } from '../config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import {
  orderItems,
  orders,
  payments,
  profiles,
  stockAllocations,
  stocks,
  users,
} from '../../src/db/schema.ts';
import { seedCategories } from '../../src/demo/seed.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import type { TestApp } from '../build.ts';
import { orderPayload, type Line } from '../order-builders.ts';

export type Engine = 'PGlite' | 'PostgreSQL';

/** PGlite always; PostgreSQL as well when TEST_DATABASE_URL names a server. */
export function enginesToRun(): Engine[] {
  return process.env.TEST_DATABASE_URL ? ['PGlite', 'PostgreSQL'] : ['PGlite'];
}

async function openOn(engine: Engine): Promise<{ database: Database; drop(): Promise<void> }> {
  if (engine === 'PGlite') {
    const database = await openDatabase({ memory: true });
    await runMigrations(database);
    return { database, drop: () => database.close() };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `mg_conc_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
  await runMigrations(database);
  return {
    database,
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Like build() from test/build.ts, but on the engine asked for. */
export async function buildOn(
  engine: Engine,
  overrides: Partial<Record<keyof Env, string>> = {},
): Promise<TestApp> {
  const config = testConfig(overrides);
  const { database, drop } = await openOn(engine);
  await seedCategories(database);
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await drop();
    },
  };
}

export interface Customer {
  id: number;
  auth: { authorization: string };
}

let batch = 0;
let sharedHash: Promise<string> | undefined;

/** `count` customer accounts (user + CUSTOMER profile with id = user id) in one insert each, with tokens. */
export async function insertCustomers(t: TestApp, count: number): Promise<Customer[]> {
  sharedHash ??= hashPassword('correct horse battery');
  const passwordHash = await sharedHash;
  batch += 1;
  const tag = `${batch}${randomBytes(3).toString('hex')}`;
  const rows = await t.database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        username: `buyer${tag}x${i}`,
        usernameKey: `buyer${tag}x${i}`,
        email: `buyer${tag}x${i}@example.ch`,
        passwordHash,
      })),
    )
    .returning({ id: users.id });
  await t.database.db
    .insert(profiles)
    .values(rows.map((r) => ({ id: r.id, userId: r.id, status: 'CUSTOMER' as const })));
  return Promise.all(
    rows.map(async (r) => {
      const token = await t.app.ctx.tokens.issue({ userId: r.id, version: 0 });
      return { id: r.id, auth: { authorization: `Bearer ${token}` } };
    }),
  );
}

/** The §3 order payload for these lines, with the totals the server will compute. */
export function cart(lines: Line[]) {
  const totals = computeCartTotals(
    lines.map((l) => ({
      sellerId: l.product.sellerId,
      unitPriceRappen: parseRappen(l.product.price)!,
      quantity: l.quantity ?? 1,
      orderType: l.store ? ('inStore' as const) : ('online' as const),
    })),
  );
  return orderPayload(lines, {
    totalPrice: rappenToDecimal(totals.itemsRappen),
    totalShippingPrice: rappenToDecimal(totals.shippingRappen),
  });
}

/** Sends every request at once and answers the responses in the same order. */
export function allAtOnce(
  t: TestApp,
  requests: { method: 'POST' | 'PUT' | 'GET'; url: string; auth: object; payload?: object }[],
): Promise<LightMyRequestResponse[]> {
  return Promise.all(
    requests.map((r) =>
      t.app.inject({
        method: r.method,
        url: r.url,
        headers: r.auth as Record<string, string>,
        ...(r.payload ? { payload: r.payload } : {}),
      }),
    ),
  );
}

export function statusCounts(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
}

const key = (storeId: number, productId: number) => `${storeId}:${productId}`;

/** Stock numbers by "store:product" for these products. */
export async function stockNumbers(t: TestApp, productIds: number[]): Promise<Map<string, number>> {
  const rows = await t.database.db
    .select({ storeId: stocks.storeId, productId: stocks.productId, number: stocks.number })
    .from(stocks)
    .where(inArray(stocks.productId, productIds));
  return new Map(rows.map((r) => [key(r.storeId, r.productId), r.number]));
}

/** Units held by unreleased allocations, by "store:product". */
export async function allocatedUnits(t: TestApp, productIds: number[]): Promise<Map<string, number>> {
  const rows = await t.database.db
    .select({
      storeId: stockAllocations.storeId,
      productId: stockAllocations.productId,
      units: sql<number>`sum(${stockAllocations.quantity})::int`,
    })
    .from(stockAllocations)
    .where(and(inArray(stockAllocations.productId, productIds), isNull(stockAllocations.releasedAt)))
    .groupBy(stockAllocations.storeId, stockAllocations.productId);
  return new Map(rows.map((r) => [key(r.storeId, r.productId), r.units]));
}

export { key as stockKey };

export interface StoredOrder {
  id: number;
  customerId: number;
  items: {
    id: number;
    productId: number;
    quantity: number;
    orderType: 'online' | 'inStore';
    storeId: number | null;
    allocations: { storeId: number; productId: number; quantity: number }[];
  }[];
}

/** Every order in the database with its lines and each line's allocations. */
export async function storedOrders(t: TestApp): Promise<StoredOrder[]> {
  const db = t.database.db;
  const orderRows = await db.select({ id: orders.id, customerId: orders.customerId }).from(orders);
  const itemRows = await db.select().from(orderItems);
  const allocationRows = await db.select().from(stockAllocations);
  return orderRows.map((o) => ({
    id: o.id,
    customerId: o.customerId,
    items: itemRows
      .filter((i) => i.orderId === o.id)
      .map((i) => ({
        id: i.id,
        productId: i.productId,
        quantity: i.quantity,
        orderType: i.orderType,
        storeId: i.storeId,
        allocations: allocationRows
          .filter((a) => a.orderItemId === i.id)
          .map((a) => ({ storeId: a.storeId, productId: a.productId, quantity: a.quantity })),
      })),
  }));
}

export async function paymentRowsOf(t: TestApp, orderId: number) {
  return t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
}

/** A small deterministic generator, so a failing mix can be replayed. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
