/**
 * ASVS V2.2/V8.2.3, API3/API6: forbidden fields sent to every write endpoint are ignored or
 * refused with 400 and never change a stored value (read back from the database).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, uniqueName } from '../fixtures.ts';
import { buildWorld, orderBody, type World } from '../security-fixtures.ts';
import {
  orderItems,
  orders,
  payments,
  products,
  profiles,
  reviews,
  sellerOrders,
  stocks,
  stores,
  users,
} from '../../src/db/schema.ts';

let w: World;
let F: Record<string, unknown>;
beforeAll(async () => {
  w = await buildWorld();
  const past = '2001-01-01T00:00:00.000Z';
  /** The forbidden fields: roles, owners, money, counters, ids, timestamps, order states. */
  F = {
    id: 999_999,
    user: w.users.customerB.id,
    owner: w.users.sellerT.id,
    seller: w.users.sellerT.id,
    sellerId: w.users.sellerT.id,
    customer: w.users.customerB.id,
    role: 'STAFF',
    is_staff: true,
    isStaff: true,
    isPaid: true,
    paidAt: past,
    totalPrice: '0.01',
    rating: 5,
    numReviews: 999,
    ratingSum: 999,
    countInStock: 999,
    stocks: [{ store: w.store.id, number: 999 }],
    createdAt: past,
    deletedAt: past,
    tokenVersion: 42,
    token_version: 42,
    passwordHash: 'x',
    pickupCode: 'HACKED',
    isShipped: true,
    shippedAt: past,
    isCompleted: true,
    completedAt: past,
    isRetrieved: true,
    retrievedAt: past,
    verified: true,
    expiresAt: '2099-01-01T00:00:00.000Z',
  };
});
afterAll(async () => {
  await w?.t.close();
});

const db = () => w.t.database.db;
const ok = (status: number) => expect([200, 201, 204, 400]).toContain(status);
const recent = (d: Date | null | undefined) => {
  expect(d).toBeInstanceOf(Date);
  expect(Math.abs(Date.now() - d!.getTime())).toBeLessThan(10 * 60_000);
};

describe('mass assignment', () => {
  it('POST /api/users/registration/: no staff flag, token version, id or dates from the client', async () => {
    const username = uniqueName('mass');
    const res = await w.app.inject({
      method: 'POST',
      url: '/api/users/registration/',
      payload: {
        ...F,
        username,
        email: `${username}@example.org`,
        password: 'long enough pass',
        status: 'CUSTOMER',
      },
    });
    ok(res.statusCode);
    const [row] = await db().select().from(users).where(eq(users.username, username));
    if (res.statusCode === 400) return expect(row).toBeUndefined();
    expect(row!.isStaff).toBe(false);
    expect(row!.tokenVersion).toBe(0);
    expect(row!.deletedAt).toBeNull();
    expect(row!.id).not.toBe(999_999);
    expect(row!.passwordHash).not.toBe('x');
    recent(row!.dateJoined);
    expect(res.json().is_staff).toBe(false);
  });

  it('POST /api/users/login/: the answer never turns into staff', async () => {
    const u = w.users.customerB;
    const res = await w.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { ...F, username: u.username, password: u.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().is_staff).toBe(false);
    expect(res.json().id).toBe(u.id);
    w.users.customerB.token = res.json().access;
  });

  it("PATCH /api/profiles/:id/: status, user and e-mail stay; the profile stays A's", async () => {
    const a = w.users.customerA;
    const res = await w.inject('customerA', {
      method: 'PATCH',
      url: `/api/profiles/${a.id}/`,
      payload: {
        ...F,
        status: 'STORE_OWNER',
        email: 'evil@example.org',
        username: 'root',
        description: 'Hallo',
      },
    });
    ok(res.statusCode);
    const [p] = await db().select().from(profiles).where(eq(profiles.userId, a.id));
    expect(p!.status).toBe('CUSTOMER');
    expect(p!.id).not.toBe(999_999);
    const [u] = await db().select().from(users).where(eq(users.id, a.id));
    expect(u!.email).toBe(a.email);
    expect(u!.username).toBe(a.username);
    expect(u!.isStaff).toBe(false);
    expect(u!.tokenVersion).toBe(0);
    const [b] = await db().select().from(profiles).where(eq(profiles.userId, w.users.customerB.id));
    expect(b!.description).not.toBe('Hallo');
  });

  it('POST /api/profiles/new/: the new profile belongs to the caller and makes no staff', async () => {
    const u = await registerUser(w.app, { status: null });
    const res = await w.app.inject({
      method: 'POST',
      url: '/api/profiles/new/',
      headers: u.auth,
      payload: { ...F, user: undefined, status: 'CUSTOMER' },
    });
    ok(res.statusCode);
    const [row] = await db().select().from(users).where(eq(users.id, u.id));
    expect(row!.isStaff).toBe(false);
    const [other] = await db().select().from(profiles).where(eq(profiles.id, 999_999));
    expect(other).toBeUndefined();
  });

  it('POST /api/products/new/: seller, rating, review count, stock, id and dates are the server’s', async () => {
    const name = uniqueName('Massprodukt ');
    const res = await w.inject('sellerS', {
      method: 'POST',
      url: '/api/products/new/',
      payload: {
        ...F,
        number: 999,
        brand: 'Marke',
        name,
        price: '4.20',
        category: w.ref.category,
        subcategory: w.ref.subcategory,
      },
    });
    ok(res.statusCode);
    const [row] = await db().select().from(products).where(eq(products.name, name));
    if (res.statusCode === 400) return expect(row).toBeUndefined();
    expect(row!.sellerId).toBe(w.users.sellerS.id);
    expect(row!.numReviews).toBe(0);
    expect(row!.ratingSum).toBe(0);
    expect(row!.deletedAt).toBeNull();
    expect(row!.id).not.toBe(999_999);
    expect(row!.priceRappen).toBe(420);
    recent(row!.createdAt);
    expect(await db().select().from(stocks).where(eq(stocks.productId, row!.id))).toEqual([]);
  });

  it('POST /api/stores/new/: the owner is the caller; no stock, id or dates from the client', async () => {
    const name = uniqueName('Massladen ');
    const res = await w.inject('sellerS', {
      method: 'POST',
      url: '/api/stores/new/',
      payload: { ...F, name, latitude: 46.9, longitude: 7.4 },
    });
    ok(res.statusCode);
    const [row] = await db().select().from(stores).where(eq(stores.name, name));
    if (res.statusCode === 400) return expect(row).toBeUndefined();
    expect(row!.ownerId).toBe(w.users.sellerS.id);
    expect(row!.deletedAt).toBeNull();
    expect(row!.id).not.toBe(999_999);
    recent(row!.createdAt);
    expect(await db().select().from(stocks).where(eq(stocks.storeId, row!.id))).toEqual([]);
  });

  it('POST /api/stocks/new/ and PUT /api/stocks/:id/: the row keeps its id, store and product', async () => {
    const create = await w.inject('sellerS', {
      method: 'POST',
      url: '/api/stocks/new/',
      payload: { ...F, store: w.store.id, product: w.product.id, number: 900 },
    });
    ok(create.statusCode);
    const put = await w.inject('sellerS', {
      method: 'PUT',
      url: `/api/stocks/${w.stock.id}/`,
      payload: { ...F, store: w.storeT.id, product: w.productT.id, number: 901 },
    });
    ok(put.statusCode);
    const [row] = await db().select().from(stocks).where(eq(stocks.id, w.stock.id));
    expect(row!.storeId).toBe(w.store.id);
    expect(row!.productId).toBe(w.product.id);
    const [t] = await db()
      .select()
      .from(stocks)
      .where(and(eq(stocks.storeId, w.storeT.id), eq(stocks.productId, w.productT.id)));
    expect(t!.number).toBe(1000);
    const [n] = await db().select().from(stocks).where(eq(stocks.id, 999_999));
    expect(n).toBeUndefined();
  });

  it('POST /api/products/:id/reviews/: the review is the caller’s, for the product in the path, and counts once', async () => {
    const productId = await w.freshProduct();
    const res = await w.inject('customerB', {
      method: 'POST',
      url: `/api/products/${productId}/reviews/`,
      payload: { ...F, rating: 2, comment: 'Mittel', product: w.productT.id, name: 'admin' },
    });
    ok(res.statusCode);
    const rows = await db().select().from(reviews).where(eq(reviews.productId, productId));
    if (res.statusCode === 400) return expect(rows).toEqual([]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(w.users.customerB.id);
    expect(rows[0]!.rating).toBe(2);
    expect(rows[0]!.verified).toBe(false);
    recent(rows[0]!.createdAt);
    const [p] = await db().select().from(products).where(eq(products.id, productId));
    expect(p!.numReviews).toBe(1);
    expect(p!.ratingSum).toBe(2);
    expect(await db().select().from(reviews).where(eq(reviews.productId, w.productT.id))).toEqual([]);
  });

  it('POST /api/orders/add/ and the order actions: prices, payment, owner, seller and states are the server’s', async () => {
    const body = orderBody(w.product.id, w.product.price, [
      { quantity: 1 },
      { quantity: 1, storeId: w.store.id },
    ]);
    const poisoned = {
      ...F,
      ...body,
      status: 'paid',
      orderItems: body.orderItems.map((l) => ({
        ...F,
        ...l,
        price: '0.01',
        totalPrice: '0.01',
        status: 'paid',
      })),
    };
    const res = await w.inject('customerA', { method: 'POST', url: '/api/orders/add/', payload: poisoned });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    const [order] = await db().select().from(orders).where(eq(orders.id, id));
    expect(order!.customerId).toBe(w.users.customerA.id);
    expect(order!.isPaid).toBe(false);
    expect(order!.paidAt).toBeNull();
    expect(order!.status).toBe('pending');
    expect(order!.itemsRappen).toBe(2500);
    expect(order!.expiresAt.getTime()).toBeLessThan(Date.now() + 24 * 3600_000);
    const lines = await db().select().from(orderItems).where(eq(orderItems.orderId, id));
    for (const l of lines) {
      expect(l.priceRappen).toBe(1250);
      expect(l.isRetrieved).toBe(false);
      expect(l.retrievedAt).toBeNull();
    }
    const [so] = await db().select().from(sellerOrders).where(eq(sellerOrders.orderId, id));
    expect(so!.sellerId).toBe(w.users.sellerS.id);
    expect(so!.isShipped).toBe(false);
    expect(so!.isCompleted).toBe(false);
    expect(so!.pickupCode).not.toBe('HACKED');

    const pay = await w.inject('customerA', {
      method: 'PUT',
      url: `/api/orders/${id}/pay/`,
      payload: { ...F, amount: '0.01', value: '0.01', status: 'COMPLETED' },
    });
    expect([200, 400]).toContain(pay.statusCode);
    if (pay.statusCode === 400) {
      const [still] = await db().select().from(orders).where(eq(orders.id, id));
      expect(still!.isPaid).toBe(false);
      const again = await w.inject('customerA', { method: 'PUT', url: `/api/orders/${id}/pay/` });
      expect(again.statusCode).toBe(200);
    }
    const [paid] = await db().select().from(orders).where(eq(orders.id, id));
    expect(paid!.isPaid).toBe(true);
    recent(paid!.paidAt);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, id));
    expect(payment!.amountRappen).toBe(paid!.itemsRappen + paid!.shippingRappen);

    const send = await w.inject('sellerS', {
      method: 'PUT',
      url: `/api/seller-orders/${so!.id}/send/`,
      payload: { ...F },
    });
    ok(send.statusCode);
    const inStore = lines.find((l) => l.orderType === 'inStore')!;
    const retrieve = await w.inject('sellerS', {
      method: 'PUT',
      url: `/api/orders/order-items/${inStore.id}/retrieve/`,
      payload: { ...F },
    });
    ok(retrieve.statusCode);
    const complete = await w.inject('sellerS', {
      method: 'PUT',
      url: `/api/seller-orders/${so!.id}/complete/`,
      payload: { ...F },
    });
    ok(complete.statusCode);
    const [after] = await db().select().from(sellerOrders).where(eq(sellerOrders.id, so!.id));
    expect(after!.pickupCode).toBe(so!.pickupCode);
    expect(after!.sellerId).toBe(w.users.sellerS.id);
    expect(after!.orderId).toBe(id);
    if (after!.shippedAt) recent(after!.shippedAt);
    if (after!.completedAt) recent(after!.completedAt);
    const [line] = await db().select().from(orderItems).where(eq(orderItems.id, inStore.id));
    if (line!.retrievedAt) recent(line!.retrievedAt);
    expect(line!.priceRappen).toBe(1250);
    const [parent] = await db().select().from(orders).where(eq(orders.id, id));
    expect(parent!.customerId).toBe(w.users.customerA.id);
    recent(parent!.paidAt);
  });
});
