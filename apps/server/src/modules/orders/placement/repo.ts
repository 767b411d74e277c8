/**
 * Placement and holds: the checkout's one planned read and one-statement write (decisions 114,
 * 116, 120), the customer's holds, and the expiry of unpaid orders. The only file of placement that
 * knows the ORM.
 */
import { and, asc, eq, getTableColumns, inArray, isNull, lte, sql, type Table } from 'drizzle-orm';
import { pgErrorCode, type DbOrTx } from '../../../db/client.ts';
import { rawRows, runStatement, statement } from '../../../db/sql.ts';
// The checkout's one-statement write embeds the stores module's stock take (decision 120): the
// only place one module's repo reaches another's, so that order and stock commit together.
import { stockTakeSql } from '../../stores/repo.ts';
import { orderItems, orders, sellerOrders, stockAllocations, users } from '../../../db/schema.ts';
import type { OrderItemRow, OrderRow, SellerOrderRow } from '../repo.ts';

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

/** How many of the customer's orders were paid (cancelled afterwards or not): invoice's track record. */
export async function countPaidOrders(db: DbOrTx, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), sql`${orders.paidAt} is not null`));
  return row?.n ?? 0;
}

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
