/** The only place in the orders module that knows the ORM. Every function takes the handle to use (db or tx). */
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  lte,
  sql,
  type SQL,
  type Table,
} from 'drizzle-orm';
import type { Carrier, SellerOrderFilter } from '@marktgasse/shared';
import { pgErrorCode, type DbOrTx } from '../../db/client.ts';
import { countOfAll, idPage, rawRows, runStatement, statement, type IdPage } from '../../db/sql.ts';
// The checkout's one-statement write embeds the stores module's stock take (decision 120): the
// only place one module's repo reaches another's, so that order and stock commit together.
// eslint-disable-next-line no-restricted-imports
import { stockTakeSql } from '../stores/repo.ts';
import {
  orderItems,
  orders,
  payments,
  profiles,
  refunds,
  sellerOrders,
  stockAllocations,
  stores,
  users,
} from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type SellerOrderRow = typeof sellerOrders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export interface ProductForSale {
  id: number;
  sellerId: number;
  /** The shop name when the seller set one, else the username (decision 176). */
  sellerName: string;
  sellerUsername: string;
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
  /** The shop name when the user (a seller) set one, else the username. */
  name: string;
  email: string;
}

export interface OrderGraph {
  orders: OrderRow[];
  sellerOrders: SellerOrderRow[];
  items: (OrderItemRow & { storeCity: string | null })[];
  users: Map<number, UserBrief>;
}

const param = (name: string) => sql.placeholder(name);

export interface PlacementRead {
  products: ProductForSale[];
  /** Every stock row of the products in a live store, in stock-id order, as read (not locked). */
  stocks: StockForSale[];
  /**
   * Ids for the rows of the new order, drawn now so that the rows (and the e-mail) are whole
   * before they are written: one order, one seller order per seller of the products found, one
   * item per cart line; ascending.
   */
  ids: { order: number; sellerOrders: number[]; items: number[] };
  /** The database's clock, `now()`: the order's creation time. */
  now: Date;
}

// Written so that one cached plan fits every cart and PostgreSQL stops planning it per call:
// the ids arrive as a JSON list (its size never sways the estimates), and `limit 1` on the
// primary-key lookups keeps them index probes instead of hash joins over every user and store.
const readForPlacementStatement = statement(
  'orders_place_read',
  sql`
    with wanted as materialized (
      select distinct value::int as id from json_array_elements_text(${param('productIds')}::json)),
    found as materialized (
      select p.id, p.seller_id, p.name, p.brand, p.image, p.price_rappen
      from wanted join products p on p.id = wanted.id
      -- Hidden products and suspended sellers' ones cannot be bought (decision 206).
      where p.deleted_at is null and p.hidden_at is null and not p.seller_suspended)
    select
      (select coalesce(json_agg(json_build_object(
          'id', f.id, 'sellerId', f.seller_id, 'sellerName', coalesce(nullif(u.display_name, ''), u.username),
          'sellerUsername', u.username, 'sellerEmail', u.email,
          'name', f.name, 'brand', f.brand, 'image', f.image, 'priceRappen', f.price_rappen)), '[]'::json)
        from found f
        join lateral (select us.username, us.email, pr.display_name from users us
          left join profiles pr on pr.user_id = us.id where us.id = f.seller_id limit 1) u on true
      ) as products,
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
      (select coalesce(json_agg(nextval(pg_get_serial_sequence('seller_orders', 'id'))::int), '[]'::json)
        from generate_series(1, (select count(distinct seller_id) from found))) as seller_order_ids,
      (select coalesce(json_agg(nextval(pg_get_serial_sequence('order_items', 'id'))::int), '[]'::json)
        from generate_series(1, ${param('lineCount')}::int)) as item_ids,
      (extract(epoch from now()) * 1000)::float8 as now_ms`,
);

/**
 * The first step of a checkout, in one round trip and without a transaction: the live
 * products with their sellers, every stock row of these products in a live store, the new
 * rows' ids and the clock. Nothing is locked: the write checks the stock again.
 */
export async function readForPlacement(
  db: DbOrTx,
  productIds: number[],
  lineCount: number,
): Promise<PlacementRead> {
  const [row] = await runStatement<{
    products: ProductForSale[];
    stocks: StockForSale[];
    order_id: number;
    seller_order_ids: number[];
    item_ids: number[];
    now_ms: number;
  }>(db, readForPlacementStatement, { productIds: JSON.stringify(productIds), lineCount });
  const ascending = (ids: number[]) => ids.sort((a, b) => a - b);
  return {
    products: row!.products,
    stocks: row!.stocks,
    ids: {
      order: row!.order_id,
      sellerOrders: ascending(row!.seller_order_ids),
      items: ascending(row!.item_ids),
    },
    now: new Date(row!.now_ms),
  };
}

/**
 * Everything a checkout writes. The order, seller order and item rows are whole rows of their
 * tables (ids included), the same objects the answer is rendered from: the write inserts them
 * by column name, so a new column is added to the schema and to the code that builds the rows,
 * nowhere else.
 */
export interface PlacementWrite {
  order: OrderRow;
  sellerOrders: SellerOrderRow[];
  items: OrderItemRow[];
  allocations: { orderItemId: number; storeId: number; productId: number; quantity: number }[];
  /** Units to take off each stock row, in stock-id order (concurrent checkouts take rows in one order). */
  takes: { stockId: number; quantity: number }[];
}

/** The SQLSTATE mg_abort raises (drizzle/0004_checkout_guard.sql). */
const STOCK_CHANGED = 'MG409';

/** A row as a JSON object keyed by the table's column names, as json_populate_record reads it. */
function byColumnName<T extends Table>(table: T, row: T['$inferSelect']): Record<string, unknown> {
  const values = row as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = values[key];
    out[column.name] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

// Lists travel as JSON documents, so the text never depends on their length. The order rows
// are inserted with `select *` from json_populate_record(set) of the table's own row type: the
// statement names none of their columns.
const writePlacementStatement = statement(
  'orders_place_write',
  sql`
    with
      taken as (${stockTakeSql(param('takes'))}),
      placed_order as (
        insert into orders select * from json_populate_record(null::orders, ${param('order')}::json)),
      placed_seller_orders as (
        insert into seller_orders
        select * from json_populate_recordset(null::seller_orders, ${param('sellerOrders')}::json)),
      placed_items as (
        insert into order_items
        select * from json_populate_recordset(null::order_items, ${param('items')}::json)),
      placed_allocations as (
        insert into stock_allocations (order_item_id, store_id, product_id, quantity)
        select a."orderItemId", a."storeId", a."productId", a.quantity
        from json_to_recordset(${param('allocations')}::json)
          as a("orderItemId" int, "storeId" int, "productId" int, quantity int))
    select
      case when (select count(*) from taken) <> json_array_length(${param('takes')}::json)
        then mg_abort('stock changed') end as aborted`,
);

/**
 * Writes a checkout in one statement, which PostgreSQL runs as one transaction: takes the
 * stock through the stores module's take (never below zero, only in live stores), inserts the
 * order, its seller orders, items and allocations. No e-mail: the customer hears from us once
 * the order is paid (decision 170). Answers false when
 * a stock row no longer had the units: then the statement undoes itself (mg_abort) and
 * nothing is written.
 */
export async function writePlacement(db: DbOrTx, input: PlacementWrite): Promise<boolean> {
  try {
    await runStatement(db, writePlacementStatement, {
      takes: JSON.stringify(input.takes),
      order: JSON.stringify(byColumnName(orders, input.order)),
      sellerOrders: JSON.stringify(input.sellerOrders.map((row) => byColumnName(sellerOrders, row))),
      items: JSON.stringify(input.items.map((row) => byColumnName(orderItems, row))),
      allocations: JSON.stringify(input.allocations),
    });
  } catch (error) {
    if (pgErrorCode(error) === STOCK_CHANGED) return false;
    throw error;
  }
  return true;
}

/** What one customer holds in unpaid orders that have not run out yet (anti-hoarding, decision 170). */
export interface CustomerHolds {
  /** Unpaid orders still holding stock. */
  orders: number;
  /** Units held per product, for the products asked about. */
  units: Map<number, number>;
}

/**
 * Locks the customer's row for the rest of the transaction, so that placements of one
 * customer run one after another (in any process), then reads what that customer holds.
 * Two statements on purpose: the read runs after the lock is granted, with a snapshot that
 * sees the order the previous holder of the lock committed.
 */
export async function lockCustomerHolds(
  tx: DbOrTx,
  customerId: number,
  productIds: number[],
): Promise<CustomerHolds> {
  await rawRows(tx, sql`select id from ${users} where id = ${customerId} for no key update`);
  const [row] = await rawRows<{ orders: number; units: { productId: number; units: number }[] }>(
    tx,
    sql`
    with held as (
      select id from ${orders}
      where customer_id = ${customerId} and status = 'pending' and is_paid = false and expires_at > now())
    select
      (select count(*)::int from held) as orders,
      (select coalesce(json_agg(json_build_object('productId', u.product_id, 'units', u.units)), '[]'::json)
        from (select oi.product_id, sum(oi.quantity)::int as units
              from held join ${orderItems} oi on oi.order_id = held.id
              where oi.product_id in (select value::int from json_array_elements_text(${JSON.stringify(productIds)}::json))
              group by oi.product_id) u) as units`,
  );
  return {
    orders: row?.orders ?? 0,
    units: new Map((row?.units ?? []).map((u) => [u.productId, u.units])),
  };
}

// ---------------------------------------------------------------- reads

export async function findOrder(db: DbOrTx, id: number): Promise<OrderRow | undefined> {
  const rows = await db.select().from(orders).where(eq(orders.id, id));
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

/** The newest ids of `table` matching `where`, one page, with the count of all (one query). */
async function newestIdPage(
  db: DbOrTx,
  table: typeof orders | typeof sellerOrders,
  where: SQL | undefined,
  page: { offset: number; limit: number },
): Promise<IdPage> {
  const rows = await db
    .select({ id: table.id, total: countOfAll })
    .from(table)
    .where(where)
    .orderBy(desc(table.id))
    .limit(page.limit)
    .offset(page.offset);
  return idPage(rows, page.offset, async () => {
    const [total] = await db.select({ n: count() }).from(table).where(where);
    return total?.n ?? 0;
  });
}

export function orderIdsOfCustomer(
  db: DbOrTx,
  customerId: number,
  page: { offset: number; limit: number },
): Promise<IdPage> {
  return newestIdPage(db, orders, eq(orders.customerId, customerId), page);
}

/** The parent order of a seller order matches `condition` (one row looked up by its key). */
const parentIs = (condition: SQL): SQL =>
  sql`exists (select 1 from ${orders} where ${orders.id} = ${sellerOrders.orderId} and ${condition})`;

/** The seller list's filter (views.ts `progress` says the same of one seller order). */
function stateCondition(state: SellerOrderFilter): SQL {
  const cancelled = sql`(${sellerOrders.cancelledAt} is not null or ${parentIs(sql`${orders.status} = 'cancelled'`)})`;
  if (state === 'cancelled') return cancelled;
  const live = sql`not ${cancelled}`;
  if (state === 'unpaid') return and(live, parentIs(sql`not ${orders.isPaid}`))!;
  if (state === 'completed') return and(live, eq(sellerOrders.isCompleted, true))!;
  return and(live, eq(sellerOrders.isCompleted, false), parentIs(sql`${orders.isPaid}`))!;
}

/**
 * A seller's share of orders that are pending or paid (expired orders never reached the
 * seller), optionally only those in one state.
 */
export function sellerOrderIdsOfSeller(
  db: DbOrTx,
  sellerId: number,
  page: { offset: number; limit: number },
  state?: SellerOrderFilter,
): Promise<IdPage> {
  // Runs on seller_orders_seller_live_idx (expired_at mirrors the order's expiry); a state
  // filter looks up each candidate's parent order by its primary key.
  const live = and(
    eq(sellerOrders.sellerId, sellerId),
    isNull(sellerOrders.expiredAt),
    state ? stateCondition(state) : undefined,
  );
  return newestIdPage(db, sellerOrders, live, page);
}

export async function findUsers(db: DbOrTx, ids: number[]): Promise<Map<number, UserBrief>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username, email: users.email, displayName: profiles.displayName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map(({ displayName, ...r }) => [r.id, { ...r, name: displayName || r.username }]));
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

/** True when a seller of the order has deleted their account (decision 171: it cannot be paid). */
export async function hasDeletedSeller(db: DbOrTx, orderId: number): Promise<boolean> {
  const rows = await db
    .select({ id: sellerOrders.id })
    .from(sellerOrders)
    .innerJoin(users, eq(users.id, sellerOrders.sellerId))
    .where(and(eq(sellerOrders.orderId, orderId), sql`${users.deletedAt} is not null`))
    .limit(1);
  return rows.length > 0;
}

/** Keeps the provider's order id, once, and only while the order still asks `totalRappen`. */
export async function setProviderOrderId(
  db: DbOrTx,
  orderId: number,
  providerOrderId: string,
  totalRappen: number,
): Promise<void> {
  await db
    .update(orders)
    .set({ providerOrderId })
    .where(
      and(
        eq(orders.id, orderId),
        isNull(orders.providerOrderId),
        sql`${orders.itemsRappen} + ${orders.shippingRappen} = ${totalRappen}`,
      ),
    );
}

/**
 * An unpaid, pending order asks for its live parts only: items and shipping become the sums of
 * its seller orders not cancelled (each part's shipping is the shipping rule's answer for that
 * seller's items). When the amount changes, the provider order made for the old amount is
 * forgotten, so the next checkout asks the provider for the new one.
 */
export async function settleUnpaidTotals(tx: DbOrTx, orderId: number): Promise<void> {
  const live = (column: SQL) =>
    sql`(select coalesce(sum(${column}), 0)::int from ${sellerOrders} so
         where so.order_id = ${orderId} and so.cancelled_at is null)`;
  const items = live(sql`so.items_rappen`);
  const shipping = live(sql`so.shipping_rappen`);
  await tx
    .update(orders)
    .set({
      itemsRappen: items,
      shippingRappen: shipping,
      providerOrderId: sql`case when ${orders.itemsRappen} + ${orders.shippingRappen} = ${items} + ${shipping}
        then ${orders.providerOrderId} else null end`,
    })
    .where(and(eq(orders.id, orderId), eq(orders.isPaid, false), eq(orders.status, 'pending')));
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

/**
 * Moves a pending order's hold end later by `minutes` and uses one of its extensions: only
 * the customer's own unpaid order whose hold has not run out and has one left. One
 * conditional update, so parallel calls use each extension once. Null when nothing changed.
 */
export async function extendHold(
  db: DbOrTx,
  orderId: number,
  customerId: number,
  minutes: number,
): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({
      expiresAt: sql`${orders.expiresAt} + make_interval(mins => ${minutes})`,
      holdExtensionsLeft: sql`${orders.holdExtensionsLeft} - 1`,
    })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.customerId, customerId),
        eq(orders.status, 'pending'),
        eq(orders.isPaid, false),
        sql`${orders.expiresAt} > now()`,
        sql`${orders.holdExtensionsLeft} > 0`,
      ),
    )
    .returning();
  return row ?? null;
}

export async function overduePendingOrderIds(db: DbOrTx, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lte(orders.expiresAt, sql`now()`)))
    .orderBy(asc(orders.expiresAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * pending → expired when the hold time has passed, and its seller orders marked expired with
 * it (they leave the sellers' lists); null when it was paid or expired meanwhile.
 */
export async function markExpired(tx: DbOrTx, orderId: number): Promise<OrderRow | null> {
  const [expired] = await tx
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
  if (!expired) return null;
  await tx
    .update(sellerOrders)
    .set({ expiredAt: sql`now()` })
    .where(eq(sellerOrders.orderId, orderId));
  return expired;
}

/**
 * Marks every unreleased allocation of the order released and answers the units they held,
 * for the stores module to give back in the same transaction. The conditional update makes a
 * second release of the same order find nothing.
 */
export async function releaseAllocations(
  tx: DbOrTx,
  orderId: number,
): Promise<{ storeId: number; productId: number; quantity: number; heldSince: Date }[]> {
  const rows = await tx
    .update(stockAllocations)
    .set({ releasedAt: sql`now()` })
    .where(
      and(
        isNull(stockAllocations.releasedAt),
        inArray(
          stockAllocations.orderItemId,
          tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, orderId)),
        ),
      ),
    )
    .returning({
      storeId: stockAllocations.storeId,
      productId: stockAllocations.productId,
      quantity: stockAllocations.quantity,
      // When the units were taken: a seller's later count is not overridden (decision 172).
      heldSinceMs: sql<number>`(select (extract(epoch from o.created_at) * 1000)::float8 from ${orders} o where o.id = ${orderId})`,
    });
  return rows.map(({ heldSinceMs, ...units }) => ({ ...units, heldSince: new Date(Number(heldSinceMs)) }));
}

// ---------------------------------------------------------------- fulfilment

export async function markShipped(
  tx: DbOrTx,
  sellerOrderId: number,
  parcel: { carrier: Carrier | null; trackingNumber: string | null },
): Promise<boolean> {
  const rows = await tx
    .update(sellerOrders)
    .set({ isShipped: true, shippedAt: sql`now()`, ...parcel })
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

// ---------------------------------------------------------------- paying (decision 156)

export async function lockOrder(tx: DbOrTx, id: number): Promise<OrderRow | undefined> {
  const rows = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return rows[0];
}

/**
 * pending → paying before the provider is asked to capture: the pending-capture record. The
 * expiry sweep only looks at pending orders, so the hold cannot run out under a capture;
 * payingUntil bounds how long that protection lasts. Null when the order is not pending
 * within its hold any more (paid, paying elsewhere, expired, cancelled).
 */
export async function beginPaying(
  tx: DbOrTx,
  orderId: number,
  seconds: number,
  locale: string | null,
): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({
      status: 'paying',
      payingUntil: sql`now() + make_interval(secs => ${seconds})`,
      ...(locale ? { locale } : {}),
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending'), sql`${orders.expiresAt} > now()`))
    .returning();
  return row ?? null;
}

/** paying → pending when nothing was captured (the sweep may then expire it as usual). */
export async function endPaying(tx: DbOrTx, orderId: number): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ status: 'pending', payingUntil: null })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'paying')))
    .returning({ id: orders.id });
  return rows.length === 1;
}

/**
 * Records a completed capture: paying → paid, or pending → paid while the hold lasts (the
 * job put it back to pending meanwhile). Only for exactly the amount the order asks now: a
 * part cancelled after the job put it back changed that (decision 196). Null when the order
 * can no longer be honoured.
 */
export async function markPaidAfterCapture(
  tx: DbOrTx,
  orderId: number,
  amountRappen: number,
): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ isPaid: true, paidAt: sql`now()`, status: 'paid', payingUntil: null })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.isPaid, false),
        sql`(${orders.status} = 'paying' or (${orders.status} = 'pending' and ${orders.expiresAt} > now()))`,
        sql`${orders.itemsRappen} + ${orders.shippingRappen} = ${amountRappen}`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Orders whose capture has outlived its time (its answer never reached the database). */
export async function overduePayingOrderIds(db: DbOrTx, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'paying'), lte(orders.payingUntil, sql`now()`)))
    .orderBy(asc(orders.payingUntil))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function findPayment(db: DbOrTx, orderId: number): Promise<PaymentRow | undefined> {
  const rows = await db.select().from(payments).where(eq(payments.orderId, orderId));
  return rows[0];
}

/** The payment row once; a second insert for the same order does nothing. */
export async function insertPaymentOnce(tx: DbOrTx, values: typeof payments.$inferInsert): Promise<void> {
  await tx.insert(payments).values(values).onConflictDoNothing({ target: payments.orderId });
}

export async function setOrderLocale(db: DbOrTx, orderId: number, locale: string): Promise<void> {
  await db.update(orders).set({ locale }).where(eq(orders.id, orderId));
}

// ---------------------------------------------------------------- refunds and cancellation (157, 158)

/**
 * The refund of one cancellation, once: the unique key makes a repeated or raced insert find
 * nothing (null), whichever process it comes from.
 */
export async function insertRefund(
  tx: DbOrTx,
  values: {
    key: string;
    orderId: number;
    sellerOrderId: number | null;
    amountRappen: number;
    provider: string;
  },
): Promise<RefundRow | null> {
  const [row] = await tx
    .insert(refunds)
    .values(values)
    .onConflictDoNothing({ target: refunds.key })
    .returning();
  return row ?? null;
}

export async function findRefund(db: DbOrTx, key: string): Promise<RefundRow | undefined> {
  const rows = await db.select().from(refunds).where(eq(refunds.key, key));
  return rows[0];
}

export async function refundsOfOrder(db: DbOrTx, orderId: number): Promise<RefundRow[]> {
  return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));
}

/**
 * Marks the refund done with the provider's reference and adds its amount to the order's
 * refunded total, once (false when it was completed before).
 */
export async function completeRefund(tx: DbOrTx, id: number, reference: string): Promise<RefundRow | null> {
  const [row] = await tx
    .update(refunds)
    .set({ completedAt: sql`now()`, providerReference: reference })
    .where(and(eq(refunds.id, id), isNull(refunds.completedAt)))
    .returning();
  if (!row) return null;
  await tx
    .update(orders)
    .set({ refundedRappen: sql`${orders.refundedRappen} + ${row.amountRappen}` })
    .where(eq(orders.id, row.orderId));
  return row;
}

/** Drops a refund the provider refused (never one that completed). */
export async function dropRefund(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(refunds).where(and(eq(refunds.id, id), isNull(refunds.completedAt)));
}

/**
 * Refunds asked for more than `seconds` ago that never completed (a crash, a lost answer).
 * Not those of an order whose capture is still unknown: they wait for the capture (decision 196).
 */
export async function stalePendingRefunds(db: DbOrTx, seconds: number, limit: number): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(
      and(
        isNull(refunds.completedAt),
        lte(refunds.createdAt, sql`now() - make_interval(secs => ${seconds})`),
        sql`not exists (select 1 from ${orders} o where o.id = ${refunds.orderId} and o.status = 'paying')`,
      ),
    )
    .orderBy(asc(refunds.id))
    .limit(limit);
}

/** pending or paid → cancelled, once; null when the order was in another state. */
export async function markOrderCancelled(
  tx: DbOrTx,
  orderId: number,
  from: 'pending' | 'paid',
): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ status: 'cancelled', cancelledAt: sql`now()` })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, from),
        from === 'pending' ? sql`${orders.expiresAt} > now()` : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

/** cancelled → paid again after the provider refused the refund (the order as it was). */
export async function uncancelPaidOrder(tx: DbOrTx, orderId: number): Promise<void> {
  await tx
    .update(orders)
    .set({ status: 'paid', cancelledAt: null })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'cancelled'), eq(orders.isPaid, true)));
}

/** Seller orders of the order not cancelled yet: cancelled with it. */
export async function cancelRemainingSellerOrders(tx: DbOrTx, orderId: number): Promise<void> {
  await tx
    .update(sellerOrders)
    .set({ cancelledAt: sql`now()` })
    .where(and(eq(sellerOrders.orderId, orderId), isNull(sellerOrders.cancelledAt)));
}

/** One seller's part → cancelled with the reason, once; false when it was cancelled before. */
export async function markSellerOrderCancelled(
  tx: DbOrTx,
  sellerOrderId: number,
  reason: string,
): Promise<boolean> {
  const rows = await tx
    .update(sellerOrders)
    .set({ cancelledAt: sql`now()`, cancelReason: reason })
    .where(and(eq(sellerOrders.id, sellerOrderId), isNull(sellerOrders.cancelledAt)))
    .returning({ id: sellerOrders.id });
  return rows.length === 1;
}

/** The seller's part as it was, after the provider refused its refund. */
export async function uncancelSellerOrder(tx: DbOrTx, sellerOrderId: number): Promise<void> {
  await tx
    .update(sellerOrders)
    .set({ cancelledAt: null, cancelReason: null })
    .where(eq(sellerOrders.id, sellerOrderId));
}

/**
 * Locks every seller order of the order (in id order): a cancellation holding them cannot
 * interleave with a send or a pick-up, which lock the seller order they change.
 */
export async function lockSellerOrdersOf(tx: DbOrTx, orderId: number): Promise<void> {
  await tx
    .select({ id: sellerOrders.id })
    .from(sellerOrders)
    .where(eq(sellerOrders.orderId, orderId))
    .orderBy(asc(sellerOrders.id))
    .for('update');
}

/** True when every seller order of the order is cancelled. */
export async function allSellerOrdersCancelled(tx: DbOrTx, orderId: number): Promise<boolean> {
  const open = await tx
    .select({ id: sellerOrders.id })
    .from(sellerOrders)
    .where(and(eq(sellerOrders.orderId, orderId), isNull(sellerOrders.cancelledAt)))
    .limit(1);
  return open.length === 0;
}

/** Something of the order (of a part not cancelled) was sent or picked up. */
export async function anythingHandedOver(
  tx: DbOrTx,
  orderId: number,
  sellerOrderId?: number,
): Promise<boolean> {
  const scope = sellerOrderId === undefined ? sql`so.order_id = ${orderId}` : sql`so.id = ${sellerOrderId}`;
  const rows = await rawRows<{ id: number }>(
    tx,
    sql`select so.id from ${sellerOrders} so
        where ${scope} and so.cancelled_at is null
          and (so.is_shipped or exists (
            select 1 from ${orderItems} i where i.seller_order_id = so.id and i.is_retrieved))
        limit 1`,
  );
  return rows.length > 0;
}

/** releaseAllocations for one seller's part: its unreleased units, once. */
export async function releaseSellerOrderAllocations(
  tx: DbOrTx,
  sellerOrderId: number,
): Promise<{ storeId: number; productId: number; quantity: number }[]> {
  return tx
    .update(stockAllocations)
    .set({ releasedAt: sql`now()` })
    .where(
      and(
        isNull(stockAllocations.releasedAt),
        inArray(
          stockAllocations.orderItemId,
          tx
            .select({ id: orderItems.id })
            .from(orderItems)
            .where(eq(orderItems.sellerOrderId, sellerOrderId)),
        ),
      ),
    )
    .returning({
      storeId: stockAllocations.storeId,
      productId: stockAllocations.productId,
      quantity: stockAllocations.quantity,
    });
}

/** How many of the customer's orders were paid (cancelled afterwards or not): invoice's track record. */
export async function countPaidOrders(db: DbOrTx, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), sql`${orders.paidAt} is not null`));
  return row?.n ?? 0;
}

/** A new TWINT transaction replaces an earlier one not paid with, while the order still asks `totalRappen`. */
export async function replaceProviderOrderId(
  db: DbOrTx,
  orderId: number,
  providerOrderId: string,
  totalRappen: number,
): Promise<void> {
  await db
    .update(orders)
    .set({ providerOrderId })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.isPaid, false),
        sql`${orders.itemsRappen} + ${orders.shippingRappen} = ${totalRappen}`,
      ),
    );
}

/** Unpaid TWINT orders whose transaction started over two minutes ago: the status poll's work. */
export async function pendingTwintTransactions(db: DbOrTx, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: orders.providerOrderId })
    .from(orders)
    .where(
      and(
        eq(orders.paymentMethod, 'TWINT'),
        eq(orders.isPaid, false),
        eq(orders.status, 'pending'),
        sql`${orders.providerOrderId} is not null`,
        sql`${orders.createdAt} < now() - interval '2 minutes'`,
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id!);
}

/** The order a TWINT transaction belongs to. */
export async function findOrderByProviderOrderId(
  db: DbOrTx,
  providerOrderId: string,
): Promise<OrderRow | undefined> {
  const rows = await db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId)).limit(1);
  return rows[0];
}
