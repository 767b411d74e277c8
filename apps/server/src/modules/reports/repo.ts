/** The only file of the reports module that touches the ORM. */
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { products, profiles, reports, reviews, users } from '../../db/schema.ts';
import { countOfAll } from '../../db/sql.ts';

export type ReportRow = typeof reports.$inferSelect;
type Kind = ReportRow['kind'];
type Status = ReportRow['status'];

const handler = alias(users, 'handler');

/** What the queue calls the reported object: the product's name, the reviewed product's, the shop's. */
const objectName = sql<string | null>`case ${reports.kind}
  when 'product' then (select p.name from ${products} p where p.id = ${reports.objectId})
  when 'review' then (select p.name from ${reviews} r join ${products} p on p.id = r.product_id where r.id = ${reports.objectId})
  else (select coalesce(nullif(pr.display_name, ''), u.username) from ${users} u
        left join ${profiles} pr on pr.user_id = u.id where u.id = ${reports.objectId})
  end`;

export class ReportsRepo {
  constructor(readonly db: Db) {}

  /** Whether the reported object exists (a live product, a review, a live seller). */
  async objectExists(kind: Kind, id: number): Promise<boolean> {
    const query =
      kind === 'product'
        ? this.db
            .select({ id: products.id })
            .from(products)
            .where(and(eq(products.id, id), isNull(products.deletedAt)))
        : kind === 'review'
          ? this.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, id))
          : this.db
              .select({ id: users.id })
              .from(users)
              .innerJoin(profiles, eq(profiles.userId, users.id))
              .where(and(eq(users.id, id), isNull(users.deletedAt), eq(profiles.status, 'STORE_OWNER')));
    return (await query.limit(1)).length > 0;
  }

  /** A new open report, or the reporter's open report about the same object (one at a time). */
  async insert(values: { reporterId: number; kind: Kind; objectId: number; reason: string; text: string }) {
    const [inserted] = await this.db.insert(reports).values(values).onConflictDoNothing().returning();
    if (inserted) return inserted;
    const [existing] = await this.db
      .select()
      .from(reports)
      .where(
        and(
          eq(reports.reporterId, values.reporterId),
          eq(reports.kind, values.kind),
          eq(reports.objectId, values.objectId),
          eq(reports.status, 'open'),
        ),
      );
    return existing!;
  }

  async page(
    filter: { status?: Status | undefined; kind?: Kind | undefined },
    offset: number,
    limit: number,
  ) {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(reports.status, filter.status));
    if (filter.kind) conditions.push(eq(reports.kind, filter.kind));
    return this.db
      .select({
        report: reports,
        reporter: users.username,
        handledBy: handler.username,
        objectName,
        count: countOfAll,
      })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.reporterId))
      .leftJoin(handler, eq(handler.id, reports.handledBy))
      .where(conditions.length ? and(...conditions) : sql`true`)
      .orderBy(desc(reports.id))
      .offset(offset)
      .limit(limit);
  }

  async lock(tx: DbOrTx, id: number): Promise<ReportRow | undefined> {
    const [row] = await tx.select().from(reports).where(eq(reports.id, id)).for('update');
    return row;
  }

  async setStatus(tx: DbOrTx, id: number, status: Status, staffId: number): Promise<void> {
    await tx
      .update(reports)
      .set({
        status,
        handledBy: status === 'open' ? null : staffId,
        handledAt: status === 'open' ? null : new Date(),
      })
      .where(eq(reports.id, id));
  }

  async find(id: number) {
    const [row] = await this.db
      .select({
        report: reports,
        reporter: users.username,
        handledBy: handler.username,
        objectName,
        count: countOfAll,
      })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.reporterId))
      .leftJoin(handler, eq(handler.id, reports.handledBy))
      .where(eq(reports.id, id));
    return row;
  }
}
