/**
 * The world the security suites attack: two customers (A has orders of seller S's product),
 * seller S with a store, a product, a stock row and seller orders, another seller T with their
 * own store and product, and a staff account. Everything that exists as an endpoint is made
 * through the API; the builders of other modules are used only where the API has no way.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { build, type TestApp } from './build.ts';
import { registerUser, uniqueName, type TestUser } from './fixtures.ts';
import { categoryRef, type CategoryRef } from './catalogue-builders.ts';
import { insertProduct, setStock as setStockDb } from './order-builders.ts';
import { users } from '../src/db/schema.ts';
import type { Env } from '../src/config/env.ts';

export const ROLES = ['anonymous', 'customerA', 'customerB', 'sellerS', 'sellerT', 'staff'] as const;
export type Role = (typeof ROLES)[number];
export type UserRole = Exclude<Role, 'anonymous'>;

/** The price of every product `World.freshProduct()` makes. */
export const FRESH_PRODUCT_PRICE = '7.00';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123';

export interface World {
  t: TestApp;
  app: FastifyInstance;
  users: Record<UserRole, TestUser>;
  ref: CategoryRef;
  /** S's store, product (price 12.50) and stock row (number 1000). */
  store: { id: number; name: string };
  product: { id: number; name: string; price: string };
  stock: { id: number };
  /** T's store and product: T's own objects, for lists that must not mix sellers. */
  storeT: { id: number };
  productT: { id: number };
  /** A's paid order: one online and one in-store line of S's product. */
  paidOrder: { id: number; sellerOrderId: number; inStoreItemId: number; onlineItemId: number };
  /** A's unpaid order (payable by A only). */
  unpaidOrder: { id: number; sellerOrderId: number };
  headers(role: Role): Record<string, string>;
  /** Logs the role in again (after a logout revoked its token). */
  relogin(role: UserRole): Promise<void>;
  /** A fresh live product of S (for destructive checks), with stock 50 in S's store. */
  freshProduct(): Promise<number>;
  /** A fresh store of S (for destructive checks). */
  freshStore(): Promise<number>;
  inject(role: Role, options: InjectOptions): Promise<LightMyRequestResponse>;
}

export function orderBody(
  productId: number,
  price: string,
  lines: { quantity?: number; storeId?: number }[],
) {
  const priceRappen = Math.round(Number(price) * 100);
  const items = lines.map((l) => ({
    id: productId,
    quantity: l.quantity ?? 1,
    orderType: l.storeId ? 'inStore' : 'online',
    storeId: l.storeId ?? null,
  }));
  const itemsRappen = items.reduce((s, l) => s + l.quantity * priceRappen, 0);
  const hasOnline = items.some((l) => l.orderType === 'online');
  const shipping = hasOnline && itemsRappen < 10_000 ? 2000 : 0;
  return {
    orderItems: items,
    paymentMethod: 'PayPal',
    totalPrice: (itemsRappen / 100).toFixed(2),
    totalShippingPrice: (shipping / 100).toFixed(2),
    shippingAddress: hasOnline
      ? { address: 'Bahnhofstrasse 1', city: 'Zürich', postalCode: '8001', country: 'Switzerland' }
      : null,
  };
}

async function expectStatus(res: { statusCode: number; body: string }, status: number, what: string) {
  if (res.statusCode !== status)
    throw new Error(`${what}: expected ${status}, got ${res.statusCode} ${res.body}`);
}

export async function buildWorld(overrides: Partial<Record<keyof Env, string>> = {}): Promise<World> {
  const t = await build(overrides);
  const app = t.app;
  const customerA = await registerUser(app, { status: 'CUSTOMER', username: uniqueName('alice') });
  const customerB = await registerUser(app, { status: 'CUSTOMER', username: uniqueName('bruno') });
  const sellerS = await registerUser(app, { status: 'STORE_OWNER', username: uniqueName('sepp') });
  const sellerT = await registerUser(app, { status: 'STORE_OWNER', username: uniqueName('trudi') });
  const staff = await registerUser(app, { status: null, username: uniqueName('staff') });
  await t.database.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.id));
  const all: Record<UserRole, TestUser> = { customerA, customerB, sellerS, sellerT, staff };
  const ref = await categoryRef(t.database);

  const createStore = async (owner: TestUser, name: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/stores/new/',
      headers: owner.auth,
      payload: {
        name,
        address: 'Marktgasse 1',
        city: 'Bern',
        country: 'Switzerland',
        latitude: 46.948,
        longitude: 7.447,
      },
    });
    await expectStatus(res, 201, 'store creation');
    return res.json() as { id: number; name: string };
  };
  const createProduct = async (owner: TestUser, name: string, price: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/products/new/',
      headers: owner.auth,
      payload: {
        brand: 'Alpkäserei',
        name,
        price,
        description: 'Gereift.',
        category: ref.category,
        subcategory: ref.subcategory,
      },
    });
    await expectStatus(res, 201, 'product creation');
    return res.json() as { id: number; name: string; price: string };
  };
  const setStock = async (owner: TestUser, store: number, product: number, number: number) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/stocks/new/',
      headers: owner.auth,
      payload: { store, product, number },
    });
    await expectStatus(res, 201, 'stock');
    return res.json() as { id: number };
  };

  const store = await createStore(sellerS, 'Käselager Bern');
  const product = await createProduct(sellerS, 'Emmentaler AOP', '12.50');
  const stock = await setStock(sellerS, store.id, product.id, 1000);
  const storeT = await createStore(sellerT, 'Trudis Laden');
  const productT = await createProduct(sellerT, 'Tête de Moine', '9.80');
  await setStock(sellerT, storeT.id, productT.id, 1000);

  const placeOrder = async (lines: { quantity?: number; storeId?: number }[]) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders/add/',
      headers: customerA.auth,
      payload: orderBody(product.id, product.price, lines),
    });
    await expectStatus(res, 201, 'order');
    return res.json() as {
      id: number;
      sellerOrder: { id: number; onlineOrderItems: { id: number }[]; inStoreOrderItems: { id: number }[] }[];
    };
  };
  const paid = await placeOrder([{ quantity: 1 }, { quantity: 1, storeId: store.id }]);
  const pay = await app.inject({
    method: 'PUT',
    url: `/api/orders/${paid.id}/pay/`,
    headers: customerA.auth,
  });
  await expectStatus(pay, 200, 'payment');
  const unpaid = await placeOrder([{ quantity: 2 }]);

  const world: World = {
    t,
    app,
    users: all,
    ref,
    store,
    product,
    stock,
    storeT,
    productT,
    paidOrder: {
      id: paid.id,
      sellerOrderId: paid.sellerOrder[0]!.id,
      onlineItemId: paid.sellerOrder[0]!.onlineOrderItems[0]!.id,
      inStoreItemId: paid.sellerOrder[0]!.inStoreOrderItems[0]!.id,
    },
    unpaidOrder: { id: unpaid.id, sellerOrderId: unpaid.sellerOrder[0]!.id },
    headers(role): Record<string, string> {
      return role === 'anonymous' ? {} : { authorization: `Bearer ${all[role].token}` };
    },
    async relogin(role) {
      const u = all[role];
      if (role === 'staff') {
        // Staff sign in with a one-time code (decision 205): the suite issues their token directly.
        const [row] = await t.database.db.select().from(users).where(eq(users.id, u.id));
        u.token = app.ctx.tokens.issue({ userId: u.id, version: row!.tokenVersion }, true);
        u.auth = { authorization: `Bearer ${u.token}` };
        return;
      }
      const res = await app.inject({
        method: 'POST',
        url: '/api/users/login/',
        payload: { username: u.username, password: u.password },
      });
      await expectStatus(res, 200, `login of ${role}`);
      u.token = res.json().access;
      u.auth = { authorization: `Bearer ${u.token}` };
    },
    async freshProduct() {
      const p = await insertProduct(t.database.db, sellerS.id, { price: FRESH_PRODUCT_PRICE });
      await setStockDb(t.database.db, store.id, p.id, 50);
      return p.id;
    },
    async freshStore() {
      return (await createStore(sellerS, uniqueName('Filiale '))).id;
    },
    inject(role, options) {
      return app.inject({ ...options, headers: { ...world.headers(role), ...(options.headers ?? {}) } });
    },
  };
  return world;
}

/**
 * A fingerprint of every table: row count and an md5 over all rows, plus the sum of stock
 * numbers. Two equal fingerprints mean nothing was written.
 */
export async function dbFingerprint(t: TestApp): Promise<Record<string, string>> {
  const tables = [
    'users',
    'profiles',
    'profile_categories',
    'products',
    'reviews',
    'stores',
    'store_categories',
    'stocks',
    'orders',
    'seller_orders',
    'order_items',
    'stock_allocations',
    'payments',
    'outbox',
  ];
  const parts = tables.map(
    (name) =>
      `(select count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') from ${name} x) as "${name}"`,
  );
  parts.push(`(select coalesce(sum(number), 0)::text from stocks) as "stock_sum"`);
  const result = await t.database.db.execute(sql.raw(`select ${parts.join(', ')}`));
  const rows =
    (result as unknown as { rows?: Record<string, string>[] }).rows ??
    (result as unknown as Record<string, string>[]);
  return rows[0]!;
}

/** Every file under DATA_DIR/media (relative paths). */
export async function mediaFiles(t: TestApp): Promise<string[]> {
  const root = path.join(t.config.dataDir, 'media');
  const out: string[] = [];
  const walk = async (dir: string) => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) await walk(full);
      else out.push(path.relative(root, full));
    }
  };
  await walk(root);
  return out.sort();
}

/** Parses `app.printRoutes({ commonPrefix: false })` into method + url pairs (the server's own route table). */
export function routeTable(app: FastifyInstance): { method: string; url: string }[] {
  const text = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const raw of text.split('\n')) {
    const m = /^([│ ]*)(?:├── |└── )(.*)$/u.exec(raw);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const rest = m[2]!;
    const mm = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(rest)!;
    const segment = mm[1]!;
    stack.length = depth;
    const url = (stack[depth - 1] ?? '') + segment;
    stack[depth] = url;
    if (mm[2]) for (const method of mm[2].split(',').map((s) => s.trim())) routes.push({ method, url });
  }
  return routes;
}
