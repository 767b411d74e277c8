/** The only place in the orders module that knows the ORM. Every function takes the handle to use (db or tx). */
import { and, asc, desc, eq, inArray, isNull, lte, ne, sql, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { pgErrorCode, type DbOrTx } from '../../db/client.ts';
import {
  orderItems,
  orders,
  outbox,
  payments,
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
  sellerEmail: string;
  name: string;
  brand: string;
  image: string | null;
  priceRappen: number;
}

export interface StockForSale {
  id: number;
  storeId: number;
  productId: number;
  number: number;
  storeOwnerId: number;
  storeName: string;
  storeCity: string;
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

/** Rows of a raw `execute`: node-postgres answers a result object, PGlite its own; both carry `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

const dialect = new PgDialect();
const param = (name: string) => sql.placeholder(name);

/** A raw statement whose text is built once; `param(name)` marks the values given per call. */
interface Statement {
  name: string;
  query: Query;
}

function statement(name: string, query: SQL): Statement {
  return { name, query: dialect.sqlToQuery(query) };
}

/**
 * Runs a statement as a named prepared statement: PostgreSQL parses it once per connection
 * and can reuse its plan, which for the checkout statements costs more than running them.
 * PGlite ignores the name.
 */
async function run<T>(db: DbOrTx, stmt: Statement, values: Record<string, unknown>): Promise<T[]> {
  const prepared = db._.session.prepareQuery(stmt.query, undefined, stmt.name, false);
  return rowsOf<T>(await prepared.execute(values));
}

export interface PlacementStart {
  products: ProductForSale[];
  /** Every stock row of the products in a live store, in stock-id order, as read (not locked). */
  stocks: StockForSale[];
  /** The id the new order gets (drawn now so its e-mail can name it before the rows are written). */
  orderId: number;
  /** The database's clock, `now()`: the order's creation time. */
  now: Date;
}

// Written so that one cached plan fits every cart and PostgreSQL stops planning it per call:
// the ids arrive as a JSON list (its size never sways the estimates), and `limit 1` on the
// primary-key lookups keeps them index probes instead of hash joins over every user and store.
const startPlacementStatement = statement(
  'orders_place_start',
  sql`
    with wanted as materialized (
      select distinct value::int as id from json_array_elements_text(${param('productIds')}::json))
    select
      (select coalesce(json_agg(json_build_object(
          'id', p.id, 'sellerId', p.seller_id, 'sellerName', u.username, 'sellerEmail', u.email,
          'name', p.name, 'brand', p.brand, 'image', p.image, 'priceRappen', p.price_rappen)), '[]'::json)
        from wanted
        join products p on p.id = wanted.id
        join lateral (select username, email from users where users.id = p.seller_id limit 1) u on true
        where p.deleted_at is null) as products,
      (select coalesce(json_agg(json_build_object(
          'id', l.id, 'storeId', l.store_id, 'productId', l.product_id, 'number', l.number,
          'storeOwnerId', l.owner_id, 'storeName', l.name, 'storeCity', l.city) order by l.id), '[]'::json)
        from (select s.id, s.store_id, s.product_id, s.number, st.owner_id, st.name, st.city
              from wanted
              join stocks s on s.product_id = wanted.id
              join lateral (
                select owner_id, name, city from stores
                where stores.id = s.store_id and stores.deleted_at is null limit 1) st on true
              order by s.id) l) as stocks,
      nextval(pg_get_serial_sequence('orders', 'id'))::int as order_id,
      (extract(epoch from now()) * 1000)::float8 as now_ms`,
);

/**
 * The first step of a checkout, in one round trip and without a transaction: the live
 * products with their sellers, every stock row of these products in a live store, a new
 * order id and the clock. Nothing is locked: the write checks the stock again.
 */
export async function startPlacement(tx: DbOrTx, productIds: number[]): Promise<PlacementStart> {
  const [row] = await run<{
    products: ProductForSale[];
    stocks: StockForSale[];
    order_id: number;
    now_ms: number;
  }>(tx, startPlacementStatement, { productIds: JSON.stringify(productIds) });
  return { products: row!.products, stocks: row!.stocks, orderId: row!.order_id, now: new Date(row!.now_ms) };
}

export interface PlacementWrite {
  order: {
    id: number;
    customerId: number;
    paymentMethod: string;
    shippingAddress: ShippingAddress | null;
    itemsRappen: number;
    shippingRappen: number;
    expiresAt: Date;
  };
  /** `ord` numbers the seller orders so items can point at theirs before ids exist. */
  sellerOrders: {
    ord: number;
    sellerId: number;
    itemsRappen: number;
    shippingRappen: number;
    pickupCode: string | null;
  }[];
  items: {
    ord: number;
    sellerOrder: number;
    productId: number;
    name: string;
    brand: string;
    image: string | null;
    priceRappen: number;
    quantity: number;
    orderType: 'online' | 'inStore';
    storeId: number | null;
    storeName: string | null;
    storeOwnerName: string | null;
  }[];
  /** `item` is the `ord` of the item the units are reserved for. */
  allocations: { item: number; storeId: number; productId: number; quantity: number }[];
  /** Units to take off each stock row, in stock-id order (concurrent checkouts lock rows in one order). */
  takes: { stockId: number; quantity: number }[];
  mail: MailInput;
  /** The order's creation time (the clock of the read, so the answer and the row agree). */
  createdAt: Date;
}

/** The SQLSTATE mg_abort raises (drizzle/0004_checkout_guard.sql). */
const STOCK_CHANGED = 'MG409';

// Lists travel as JSON documents read with json_to_recordset, so the text never depends on their length.
const writePlacementStatement = statement(
  'orders_place_write',
  sql`
    with
      taken as (
        update stocks set number = stocks.number - t.quantity, updated_at = now()
        from json_to_recordset(${param('takes')}::json) as t("stockId" int, quantity int), stores
        where stocks.id = t."stockId" and stocks.number >= t.quantity
          and stores.id = stocks.store_id and stores.deleted_at is null
        returning stocks.id),
      placed_order as (
        insert into orders (id, customer_id, payment_method, shipping_address, items_rappen,
          shipping_rappen, status, is_paid, expires_at, created_at)
        values (${param('orderId')}::int, ${param('customerId')}::int, ${param('paymentMethod')}::text,
          ${param('shippingAddress')}::jsonb, ${param('itemsRappen')}::int, ${param('shippingRappen')}::int,
          'pending', false, ${param('expiresAt')}::timestamptz, ${param('createdAt')}::timestamptz)),
      so as materialized (
        select v.ord, nextval(pg_get_serial_sequence('seller_orders', 'id'))::int as id, v."sellerId",
          v."itemsRappen", v."shippingRappen", v."pickupCode"
        from json_to_recordset(${param('sellerOrders')}::json)
          as v(ord int, "sellerId" int, "itemsRappen" int, "shippingRappen" int, "pickupCode" text)),
      placed_seller_orders as (
        insert into seller_orders (id, order_id, seller_id, items_rappen, shipping_rappen, pickup_code,
          is_shipped, is_completed, created_at)
        select so.id, ${param('orderId')}::int, so."sellerId", so."itemsRappen", so."shippingRappen",
          so."pickupCode", false, false, ${param('createdAt')}::timestamptz
        from so),
      item as materialized (
        select v.*, nextval(pg_get_serial_sequence('order_items', 'id'))::int as id
        from json_to_recordset(${param('items')}::json)
          as v(ord int, "sellerOrder" int, "productId" int, name text, brand text, image text,
            "priceRappen" int, quantity int, "orderType" text, "storeId" int, "storeName" text,
            "storeOwnerName" text)),
      placed_items as (
        insert into order_items (id, order_id, seller_order_id, product_id, name, brand, image,
          price_rappen, quantity, order_type, store_id, store_name, store_owner_name, is_retrieved)
        select item.id, ${param('orderId')}::int, so.id, item."productId", item.name, item.brand,
          item.image, item."priceRappen", item.quantity, item."orderType", item."storeId",
          item."storeName", item."storeOwnerName", false
        from item join so on so.ord = item."sellerOrder"),
      placed_allocations as (
        insert into stock_allocations (order_item_id, store_id, product_id, quantity)
        select item.id, a."storeId", a."productId", a.quantity
        from json_to_recordset(${param('allocations')}::json)
          as a(item int, "storeId" int, "productId" int, quantity int)
        join item on item.ord = a.item),
      queued_mail as (
        insert into outbox (recipient, subject, body)
        values (${param('mailRecipient')}::text, ${param('mailSubject')}::text, ${param('mailBody')}::text))
    select
      case when (select count(*) from taken) <> json_array_length(${param('takes')}::json)
        then mg_abort('stock changed') end as aborted,
      (select json_agg(json_build_array(so.ord, so.id)) from so) as seller_order_ids,
      (select json_agg(json_build_array(item.ord, item.id)) from item) as item_ids`,
);

/**
 * Writes a checkout in one statement, which PostgreSQL runs as one transaction: takes the
 * stock (never below zero, only in live stores), inserts the order, its seller orders, items
 * and allocations, and queues the e-mail. Answers the new ids by `ord`, or null when a stock
 * row no longer had the units: then the statement undoes itself (mg_abort) and nothing is
 * written. The update waits for concurrent checkouts of the same rows and re-checks the
 * units they left, so stock never goes below zero.
 */
export async function writePlacement(
  db: DbOrTx,
  input: PlacementWrite,
): Promise<{ sellerOrderIds: Map<number, number>; itemIds: Map<number, number> } | null> {
  const { order, mail } = input;
  let rows;
  try {
    rows = await run<{
      seller_order_ids: [number, number][] | null;
      item_ids: [number, number][] | null;
    }>(db, writePlacementStatement, {
      takes: JSON.stringify(input.takes),
      createdAt: input.createdAt.toISOString(),
      orderId: order.id,
      customerId: order.customerId,
      paymentMethod: order.paymentMethod,
      shippingAddress: order.shippingAddress ? JSON.stringify(order.shippingAddress) : null,
      itemsRappen: order.itemsRappen,
      shippingRappen: order.shippingRappen,
      expiresAt: order.expiresAt.toISOString(),
      sellerOrders: JSON.stringify(input.sellerOrders),
      items: JSON.stringify(input.items),
      allocations: JSON.stringify(input.allocations),
      mailRecipient: mail.recipient,
      mailSubject: mail.subject,
      mailBody: mail.body,
    });
  } catch (error) {
    if (pgErrorCode(error) === STOCK_CHANGED) return null;
    throw error;
  }
  const row = rows[0]!;
  return { sellerOrderIds: new Map(row.seller_order_ids ?? []), itemIds: new Map(row.item_ids ?? []) };
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
  const rows = rowsOf<{ id: number; recipient: string; subject: string; body: string; attempts: number }>(
    result,
  );
  return rows.map((r) => ({
    ...r,
    nextAttemptAt: new Date(),
    sentAt: null,
    lastError: null,
    createdAt: new Date(),
  }));
}

export async function markMailsSent(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outbox)
    .set({ sentAt: sql`now()`, lastError: null })
    .where(inArray(outbox.id, ids));
}

/**
 * Deletes e-mails sent more than `days` ago, at most `limit` per call: the outbox is a
 * queue with a short memory for support questions, not an archive.
 */
export async function purgeSentMail(db: DbOrTx, days: number, limit: number): Promise<number> {
  const result = await db.execute(sql`
    delete from ${outbox} where id in (
      select id from ${outbox} where sent_at < now() - make_interval(days => ${days}) limit ${limit})
    returning id`);
  return rowsOf(result).length;
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
