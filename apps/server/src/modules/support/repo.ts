/**
 * The only file of the support module that touches the ORM: a read model over orders and
 * accounts for staff (search, an order's whole story, figures), and the account lock. It
 * reads other modules' tables on purpose and never writes an order: changes to orders go
 * through the orders service.
 */
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  auditLog,
  orderItems,
  orders,
  payments,
  products,
  profiles,
  refunds,
  reports,
  sellerOrders,
  stockAllocations,
  users,
} from '../../db/schema.ts';
import { countOfAll, rawRows } from '../../db/sql.ts';

export interface OrderFilter {
  search?: string | undefined;
  status?: (typeof orders.$inferSelect)['status'] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  customer?: number | undefined;
}

export interface UserFilter {
  search?: string | undefined;
  role?: 'CUSTOMER' | 'STORE_OWNER' | 'staff' | 'none' | undefined;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const sellerName = sql<string>`coalesce(nullif(${profiles.displayName}, ''), ${users.username})`;

/** Live accounts by part of their username, address or shop name (or their id), and by role. */
function userConditions(filter: UserFilter): SQL {
  const conditions: SQL[] = [isNull(users.deletedAt)];
  if (filter.role === 'staff') conditions.push(eq(users.isStaff, true));
  else if (filter.role === 'none') conditions.push(isNull(profiles.userId), eq(users.isStaff, false));
  else if (filter.role) conditions.push(eq(profiles.status, filter.role));
  const text = filter.search;
  if (text) {
    const like = likePattern(text);
    const byText = or(
      ilike(users.username, like),
      ilike(users.email, like),
      ilike(profiles.displayName, like),
    )!;
    conditions.push(/^\d{1,9}$/.test(text) ? or(byText, eq(users.id, Number(text)))! : byText);
  }
  return and(...conditions)!;
}

function orderConditions(filter: OrderFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.customer) conditions.push(eq(orders.customerId, filter.customer));
  if (filter.from) conditions.push(sql`${orders.createdAt} >= ${filter.from}::date`);
  if (filter.to) conditions.push(sql`${orders.createdAt} < ${filter.to}::date + 1`);
  const text = filter.search?.replace(/^#/, '');
  if (text) {
    const like = likePattern(text);
    const byPerson = or(ilike(users.username, like), ilike(users.email, like));
    const bySeller = sql`exists (select 1 from ${sellerOrders} so join ${users} su on su.id = so.seller_id
      left join ${profiles} sp on sp.user_id = su.id
      where so.order_id = ${orders.id} and (su.username ilike ${like} or sp.display_name ilike ${like}))`;
    conditions.push(
      /^\d{1,9}$/.test(text) ? or(eq(orders.id, Number(text)), byPerson, bySeller)! : or(byPerson, bySeller)!,
    );
  }
  return conditions;
}

export class SupportRepo {
  constructor(readonly db: Db) {}

  async orderPage(filter: OrderFilter, offset: number, limit: number) {
    const conditions = orderConditions(filter);
    return this.db
      .select({ order: orders, customer: users.username, count: countOfAll })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.customerId))
      .where(conditions.length ? and(...conditions) : sql`true`)
      .orderBy(desc(orders.id))
      .offset(offset)
      .limit(limit);
  }

  async sellerNames(orderIds: number[]) {
    if (orderIds.length === 0) return [];
    return this.db
      .select({
        orderId: sellerOrders.orderId,
        id: sellerOrders.id,
        sellerId: sellerOrders.sellerId,
        name: sellerName,
      })
      .from(sellerOrders)
      .innerJoin(users, eq(users.id, sellerOrders.sellerId))
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(inArray(sellerOrders.orderId, orderIds))
      .orderBy(asc(sellerOrders.id));
  }

  async order(id: number) {
    const [row] = await this.db
      .select({ order: orders, customer: users.username, email: users.email })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.customerId))
      .where(eq(orders.id, id));
    return row;
  }

  async orderParts(orderId: number) {
    const [parts, items, paid, refunded, holds] = await Promise.all([
      this.db
        .select()
        .from(sellerOrders)
        .where(eq(sellerOrders.orderId, orderId))
        .orderBy(asc(sellerOrders.id)),
      this.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
      this.db.select().from(payments).where(eq(payments.orderId, orderId)),
      // A staff refund's line and reason live in its audit entry (decision 243).
      this.db
        .select({ refund: refunds, item: auditLog.objectId, reason: auditLog.reason })
        .from(refunds)
        .leftJoin(
          auditLog,
          and(eq(auditLog.action, 'order-line.refund'), sql`${auditLog.after}->>'refund' = ${refunds.key}`),
        )
        .where(eq(refunds.orderId, orderId))
        .orderBy(asc(refunds.id)),
      this.db
        .select({ allocation: stockAllocations })
        .from(stockAllocations)
        .innerJoin(orderItems, eq(orderItems.id, stockAllocations.orderItemId))
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(stockAllocations.id)),
    ]);
    return { parts, items, paid, refunded, holds: holds.map((h) => h.allocation) };
  }

  async sellerOfPart(sellerOrderId: number) {
    const [row] = await this.db
      .select({
        sellerId: sellerOrders.sellerId,
        orderId: sellerOrders.orderId,
        cancelledAt: sellerOrders.cancelledAt,
      })
      .from(sellerOrders)
      .where(eq(sellerOrders.id, sellerOrderId));
    return row;
  }

  async userPage(filter: UserFilter, offset: number, limit: number) {
    return this.db
      .select({ user: users, status: profiles.status, name: profiles.displayName, count: countOfAll })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(userConditions(filter))
      .orderBy(desc(users.id))
      .offset(offset)
      .limit(limit);
  }

  async userById(id: number) {
    return this.userPage({ search: String(id) }, 0, 100).then((rows) => rows.find((r) => r.user.id === id));
  }

  async lockUser(tx: DbOrTx, id: number) {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .for('update');
    return row;
  }

  /** Locks (revoking every token) or unlocks an account. */
  async setLocked(tx: DbOrTx, id: number, locked: boolean): Promise<void> {
    await tx
      .update(users)
      .set(
        locked ? { lockedAt: new Date(), tokenVersion: sql`${users.tokenVersion} + 1` } : { lockedAt: null },
      )
      .where(eq(users.id, id));
  }

  async figures() {
    const [row] = await rawRows<{
      orders_today: number;
      awaiting_payment: number;
      to_ship: number;
      open_reports: number;
      sellers_awaiting_approval: number;
      suspended_sellers: number;
      hidden_products: number;
    }>(
      this.db,
      sql`select
      (select count(*)::int from ${orders} where created_at >= date_trunc('day', now() at time zone 'Europe/Zurich') at time zone 'Europe/Zurich') as orders_today,
      (select count(*)::int from ${orders} where status in ('pending', 'paying')) as awaiting_payment,
      (select count(*)::int from ${sellerOrders} so join ${orders} o on o.id = so.order_id
        where o.status = 'paid' and not so.is_completed and so.cancelled_at is null) as to_ship,
      (select count(*)::int from ${reports} where status = 'open') as open_reports,
      (select count(*)::int from ${users} where awaiting_approval_since is not null
        and suspended_at is null and deleted_at is null) as sellers_awaiting_approval,
      (select count(*)::int from ${users} where suspended_at is not null and deleted_at is null) as suspended_sellers,
      (select count(*)::int from ${products} where hidden_at is not null and deleted_at is null) as hidden_products`,
    );
    return row!;
  }
}
