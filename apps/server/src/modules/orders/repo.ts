/** The only place in the orders module that knows the ORM. Every function takes the handle to use (db or tx). */
import { and, asc, desc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  orderItems,
  orders,
  outbox,
  payments,
  products,
  sellerOrders,
  stockAllocations,
  stocks,
  stores,
  users,
  type ShippingAddress,
} from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type SellerOrderRow = typeof sellerOrders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;

export interface ProductForSale {
  id: number;
  sellerId: number;
  sellerName: string;
  name: string;
  brand: string;
  image: string | null;
  priceRappen: number;
}

export interface LockedStock {
  id: number;
  storeId: number;
  productId: number;
  number: number;
  storeOwnerId: number;
  storeName: string;
}

export interface UserBrief {
  id: number;
  username: string;
  email: string;
}

export interface OrderGraph {
  orders: OrderRow[];
  sellerOrders: SellerOrderRow[];
  items: (OrderItemRow & { storeCity: string | null })[];
  users: Map<number, UserBrief>;
}

export interface MailInput {
  recipient: string;
  subject: string;
  body: string;
}

export async function findLiveProducts(db: DbOrTx, ids: number[]): Promise<ProductForSale[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: products.id,
      sellerId: products.sellerId,
      sellerName: users.username,
      name: products.name,
      brand: products.brand,
      image: products.image,
      priceRappen: products.priceRappen,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(inArray(products.id, ids), isNull(products.deletedAt)));
}

/**
 * Locks, in stock-id order, every stock row of these products in a live store. Locking in
 * one order makes concurrent checkouts wait for each other instead of deadlocking.
 */
export async function lockStocks(tx: DbOrTx, productIds: number[]): Promise<LockedStock[]> {
  if (productIds.length === 0) return [];
  return tx
    .select({
      id: stocks.id,
      storeId: stocks.storeId,
      productId: stocks.productId,
      number: stocks.number,
      storeOwnerId: stores.ownerId,
      storeName: stores.name,
    })
    .from(stocks)
    .innerJoin(stores, eq(stores.id, stocks.storeId))
    .where(and(inArray(stocks.productId, productIds), isNull(stores.deletedAt)))
    .orderBy(asc(stocks.id))
    .for('update', { of: stocks });
}

/** Takes `quantity` units if they are still there; false otherwise (never below zero). */
export async function takeStock(tx: DbOrTx, stockId: number, quantity: number): Promise<boolean> {
  const rows = await tx
    .update(stocks)
    .set({ number: sql`${stocks.number} - ${quantity}`, updatedAt: sql`now()` })
    .where(and(eq(stocks.id, stockId), sql`${stocks.number} >= ${quantity}`))
    .returning({ id: stocks.id });
  return rows.length === 1;
}

export async function storeOwnerNames(db: DbOrTx, storeIds: number[]): Promise<Map<number, string>> {
  if (storeIds.length === 0) return new Map();
  const rows = await db
    .select({ id: stores.id, owner: users.username })
    .from(stores)
    .innerJoin(users, eq(users.id, stores.ownerId))
    .where(inArray(stores.id, storeIds));
  return new Map(rows.map((r) => [r.id, r.owner]));
}

export async function insertOrder(
  tx: DbOrTx,
  values: {
    customerId: number;
    paymentMethod: string;
    shippingAddress: ShippingAddress | null;
    itemsRappen: number;
    shippingRappen: number;
    holdMinutes: number;
  },
): Promise<OrderRow> {
  const { holdMinutes, ...rest } = values;
  const [row] = await tx
    .insert(orders)
    .values({ ...rest, expiresAt: sql`now() + make_interval(mins => ${holdMinutes})` })
    .returning();
  return row!;
}

export async function insertSellerOrder(
  tx: DbOrTx,
  values: typeof sellerOrders.$inferInsert,
): Promise<SellerOrderRow> {
  const [row] = await tx.insert(sellerOrders).values(values).returning();
  return row!;
}

export async function insertOrderItem(
  tx: DbOrTx,
  values: typeof orderItems.$inferInsert,
): Promise<OrderItemRow> {
  const [row] = await tx.insert(orderItems).values(values).returning();
  return row!;
}

export async function insertAllocations(
  tx: DbOrTx,
  rows: { orderItemId: number; storeId: number; productId: number; quantity: number }[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(stockAllocations).values(rows);
}

export async function enqueueMail(tx: DbOrTx, mails: MailInput[]): Promise<void> {
  if (mails.length > 0) await tx.insert(outbox).values(mails);
}

// ---------------------------------------------------------------- reads

export async function findOrder(db: DbOrTx, id: number, lock = false): Promise<OrderRow | undefined> {
  const query = db.select().from(orders).where(eq(orders.id, id));
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export async function findSellerOrder(
  db: DbOrTx,
  id: number,
  lock = false,
): Promise<SellerOrderRow | undefined> {
  const query = db.select().from(sellerOrders).where(eq(sellerOrders.id, id));
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export async function findOrderItem(db: DbOrTx, id: number): Promise<OrderItemRow | undefined> {
  const rows = await db.select().from(orderItems).where(eq(orderItems.id, id));
  return rows[0];
}

export async function itemsOfSellerOrder(db: DbOrTx, sellerOrderId: number): Promise<OrderItemRow[]> {
  return db
    .select()
    .from(orderItems)
    .where(eq(orderItems.sellerOrderId, sellerOrderId))
    .orderBy(asc(orderItems.id));
}

export async function sellerOrdersOf(db: DbOrTx, orderId: number): Promise<SellerOrderRow[]> {
  return db
    .select()
    .from(sellerOrders)
    .where(eq(sellerOrders.orderId, orderId))
    .orderBy(asc(sellerOrders.id));
}

export async function orderIdsOfCustomer(db: DbOrTx, customerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.id));
  return rows.map((r) => r.id);
}

/** A seller's share of orders that are pending or paid (expired orders never reached the seller). */
export async function sellerOrderIdsOfSeller(db: DbOrTx, sellerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: sellerOrders.id })
    .from(sellerOrders)
    .innerJoin(orders, eq(orders.id, sellerOrders.orderId))
    .where(and(eq(sellerOrders.sellerId, sellerId), ne(orders.status, 'expired')))
    .orderBy(desc(sellerOrders.id));
  return rows.map((r) => r.id);
}

export async function findUsers(db: DbOrTx, ids: number[]): Promise<Map<number, UserBrief>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Everything needed to show the given orders (all seller orders) or only the given seller orders. */
export async function loadGraph(
  db: DbOrTx,
  scope: { orderIds: number[] } | { sellerOrderIds: number[] },
): Promise<OrderGraph> {
  let soRows: SellerOrderRow[];
  let orderRows: OrderRow[];
  if ('orderIds' in scope) {
    if (scope.orderIds.length === 0) return { orders: [], sellerOrders: [], items: [], users: new Map() };
    orderRows = await db.select().from(orders).where(inArray(orders.id, scope.orderIds));
    soRows = await db
      .select()
      .from(sellerOrders)
      .where(inArray(sellerOrders.orderId, scope.orderIds))
      .orderBy(asc(sellerOrders.id));
  } else {
    if (scope.sellerOrderIds.length === 0)
      return { orders: [], sellerOrders: [], items: [], users: new Map() };
    soRows = await db
      .select()
      .from(sellerOrders)
      .where(inArray(sellerOrders.id, scope.sellerOrderIds))
      .orderBy(asc(sellerOrders.id));
    const ids = [...new Set(soRows.map((s) => s.orderId))];
    orderRows = ids.length ? await db.select().from(orders).where(inArray(orders.id, ids)) : [];
  }
  const soIds = soRows.map((s) => s.id);
  const items = soIds.length
    ? await db
        .select({ item: orderItems, storeCity: stores.city })
        .from(orderItems)
        .leftJoin(stores, eq(stores.id, orderItems.storeId))
        .where(inArray(orderItems.sellerOrderId, soIds))
        .orderBy(asc(orderItems.id))
    : [];
  const userMap = await findUsers(db, [
    ...orderRows.map((o) => o.customerId),
    ...soRows.map((s) => s.sellerId),
  ]);
  return {
    orders: orderRows,
    sellerOrders: soRows,
    items: items.map((r) => ({ ...r.item, storeCity: r.storeCity })),
    users: userMap,
  };
}

// ---------------------------------------------------------------- payment

export async function setProviderOrderId(
  db: DbOrTx,
  orderId: number,
  providerOrderId: string,
): Promise<void> {
  await db
    .update(orders)
    .set({ providerOrderId })
    .where(and(eq(orders.id, orderId), isNull(orders.providerOrderId)));
}

/** pending → paid, only once; false when another call got there first or the order expired. */
export async function markPaid(
  tx: DbOrTx,
  orderId: number,
  requireUnexpired: boolean,
): Promise<OrderRow | null> {
  const rows = await tx
    .update(orders)
    .set({ isPaid: true, paidAt: sql`now()`, status: 'paid' })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.isPaid, false),
        eq(orders.status, 'pending'),
        requireUnexpired ? sql`${orders.expiresAt} > now()` : undefined,
      ),
    )
    .returning();
  return rows[0] ?? null;
}

export async function insertPayment(
  tx: DbOrTx,
  values: {
    orderId: number;
    provider: string;
    providerReference: string;
    amountRappen: number;
    currency: string;
  },
): Promise<void> {
  await tx.insert(payments).values(values);
}

// ---------------------------------------------------------------- expiry

export async function overduePendingOrderIds(db: DbOrTx, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lte(orders.expiresAt, sql`now()`)))
    .orderBy(asc(orders.expiresAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** pending → expired when the hold time has passed; null when it was paid or expired meanwhile. */
export async function markExpired(tx: DbOrTx, orderId: number): Promise<OrderRow | null> {
  const rows = await tx
    .update(orders)
    .set({ status: 'expired' })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 'pending'),
        eq(orders.isPaid, false),
        sql`${orders.expiresAt} <= now()`,
      ),
    )
    .returning();
  return rows[0] ?? null;
}

/** Gives every unreleased allocation of the order back to its store, in stock-id order. */
export async function releaseAllocations(tx: DbOrTx, orderId: number): Promise<number> {
  const allocations = await tx
    .select({
      id: stockAllocations.id,
      storeId: stockAllocations.storeId,
      productId: stockAllocations.productId,
      quantity: stockAllocations.quantity,
    })
    .from(stockAllocations)
    .innerJoin(orderItems, eq(orderItems.id, stockAllocations.orderItemId))
    .where(and(eq(orderItems.orderId, orderId), isNull(stockAllocations.releasedAt)))
    .for('update', { of: stockAllocations });
  if (allocations.length === 0) return 0;
  const back = new Map<string, { storeId: number; productId: number; quantity: number }>();
  for (const a of allocations) {
    const key = `${a.storeId}:${a.productId}`;
    const entry = back.get(key) ?? { storeId: a.storeId, productId: a.productId, quantity: 0 };
    entry.quantity += a.quantity;
    back.set(key, entry);
  }
  // Same lock order as checkout (stock id), so a sweep and a checkout never deadlock.
  const rows = await tx
    .select({ id: stocks.id, storeId: stocks.storeId, productId: stocks.productId })
    .from(stocks)
    .where(
      and(
        inArray(
          stocks.storeId,
          [...back.values()].map((b) => b.storeId),
        ),
        inArray(
          stocks.productId,
          [...back.values()].map((b) => b.productId),
        ),
      ),
    )
    .orderBy(asc(stocks.id));
  for (const row of rows) {
    const entry = back.get(`${row.storeId}:${row.productId}`);
    if (!entry) continue;
    await tx
      .update(stocks)
      .set({ number: sql`${stocks.number} + ${entry.quantity}`, updatedAt: sql`now()` })
      .where(eq(stocks.id, row.id));
    back.delete(`${row.storeId}:${row.productId}`);
  }
  // A stock row that vanished meanwhile is recreated (stock rows are never deleted, so this is a safety net).
  for (const entry of back.values()) {
    await tx
      .insert(stocks)
      .values({ storeId: entry.storeId, productId: entry.productId, number: entry.quantity })
      .onConflictDoUpdate({
        target: [stocks.storeId, stocks.productId],
        set: { number: sql`${stocks.number} + ${entry.quantity}`, updatedAt: sql`now()` },
      });
  }
  await tx
    .update(stockAllocations)
    .set({ releasedAt: sql`now()` })
    .where(
      inArray(
        stockAllocations.id,
        allocations.map((a) => a.id),
      ),
    );
  return allocations.length;
}

// ---------------------------------------------------------------- fulfilment

export async function markShipped(tx: DbOrTx, sellerOrderId: number): Promise<boolean> {
  const rows = await tx
    .update(sellerOrders)
    .set({ isShipped: true, shippedAt: sql`now()` })
    .where(and(eq(sellerOrders.id, sellerOrderId), eq(sellerOrders.isShipped, false)))
    .returning({ id: sellerOrders.id });
  return rows.length === 1;
}

export async function markRetrieved(tx: DbOrTx, itemId: number): Promise<boolean> {
  const rows = await tx
    .update(orderItems)
    .set({ isRetrieved: true, retrievedAt: sql`now()` })
    .where(and(eq(orderItems.id, itemId), eq(orderItems.isRetrieved, false)))
    .returning({ id: orderItems.id });
  return rows.length === 1;
}

/**
 * Completes the seller order when nothing is left to ship or pick up, once: the
 * `is_completed = false` condition makes a second call a no-op. True when it completed now.
 */
export async function completeIfDone(tx: DbOrTx, sellerOrderId: number): Promise<boolean> {
  const rows = await tx
    .update(sellerOrders)
    .set({ isCompleted: true, completedAt: sql`now()` })
    .where(
      and(
        eq(sellerOrders.id, sellerOrderId),
        eq(sellerOrders.isCompleted, false),
        sql`(${sellerOrders.isShipped} or not exists (select 1 from ${orderItems} where ${orderItems.sellerOrderId} = ${sellerOrders.id} and ${orderItems.orderType} = 'online'))`,
        sql`not exists (select 1 from ${orderItems} where ${orderItems.sellerOrderId} = ${sellerOrders.id} and ${orderItems.orderType} = 'inStore' and ${orderItems.isRetrieved} = false)`,
      ),
    )
    .returning({ id: sellerOrders.id });
  return rows.length === 1;
}

// ---------------------------------------------------------------- outbox

/**
 * Claims due e-mails for this process: the claim moves next_attempt_at forward (a lease),
 * and SKIP LOCKED lets several processes claim different rows at the same time.
 */
export async function claimMail(db: DbOrTx, limit: number, maxAttempts: number): Promise<OutboxRow[]> {
  const result = await db.execute(sql`
    update ${outbox} set attempts = attempts + 1, next_attempt_at = now() + interval '10 minutes'
    where id in (
      select id from ${outbox}
      where sent_at is null and next_attempt_at <= now() and attempts < ${maxAttempts}
      order by id limit ${limit} for update skip locked)
    returning id, recipient, subject, body, attempts`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    id: number;
    recipient: string;
    subject: string;
    body: string;
    attempts: number;
  }[];
  return rows.map((r) => ({
    ...r,
    nextAttemptAt: new Date(),
    sentAt: null,
    lastError: null,
    createdAt: new Date(),
  }));
}

export async function markMailSent(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(outbox)
    .set({ sentAt: sql`now()`, lastError: null })
    .where(eq(outbox.id, id));
}

export async function markMailFailed(
  db: DbOrTx,
  id: number,
  error: string,
  retryInSeconds: number,
): Promise<void> {
  await db
    .update(outbox)
    .set({
      lastError: error.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
    })
    .where(eq(outbox.id, id));
}
