/** The only place in the orders module that knows the ORM. Every function takes the handle to use (db or tx). */
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { SellerOrderFilter } from '@marktgasse/shared';
import { type DbOrTx } from '../../db/client.ts';
import { countOfAll, idPage, type IdPage } from '../../db/sql.ts';
import {
  orderItems,
  orders,
  payments,
  profiles,
  refunds,
  sellerOrders,
  stores,
  users,
} from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type SellerOrderRow = typeof sellerOrders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export interface UserBrief {
  id: number;
  username: string;
  /** The shop name when the user (a seller) set one, else the username. */
  name: string;
  email: string;
  /** The account's e-mail language (users.locale: de, fr, it; null: English). */
  locale: string | null;
}

export interface OrderGraph {
  orders: OrderRow[];
  sellerOrders: SellerOrderRow[];
  items: (OrderItemRow & { storeCity: string | null })[];
  users: Map<number, UserBrief>;
}

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
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      locale: users.locale,
      displayName: profiles.displayName,
    })
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

export async function lockOrder(tx: DbOrTx, id: number): Promise<OrderRow | undefined> {
  const rows = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return rows[0];
}

export async function findPayment(db: DbOrTx, orderId: number): Promise<PaymentRow | undefined> {
  const rows = await db.select().from(payments).where(eq(payments.orderId, orderId));
  return rows[0];
}

export async function refundsOfOrder(db: DbOrTx, orderId: number): Promise<RefundRow[]> {
  return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));
}
