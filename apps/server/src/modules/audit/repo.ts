/** The only file that touches the audit log; it offers appending and reading, nothing else. */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';
import { countOfAll } from '../../db/sql.ts';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

export interface AuditFilter {
  action?: string | undefined;
  staffId?: number | undefined;
  objectType?: string | undefined;
  objectId?: string | undefined;
}

export class AuditRepo {
  constructor(private readonly db: Db) {}

  async append(entry: NewAuditRow, tx: DbOrTx = this.db): Promise<void> {
    await tx.insert(auditLog).values(entry);
  }

  async page(filter: AuditFilter, offset: number, limit: number) {
    const conditions: SQL[] = [];
    if (filter.action) conditions.push(eq(auditLog.action, filter.action));
    if (filter.staffId) conditions.push(eq(auditLog.staffId, filter.staffId));
    if (filter.objectType) conditions.push(eq(auditLog.objectType, filter.objectType));
    if (filter.objectId) conditions.push(eq(auditLog.objectId, filter.objectId));
    const rows = await this.db
      .select({ entry: auditLog, staff: users.username, count: countOfAll })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.staffId))
      .where(conditions.length ? and(...conditions) : sql`true`)
      .orderBy(desc(auditLog.id))
      .offset(offset)
      .limit(limit);
    return { rows, count: rows[0]?.count ?? (offset > 0 ? await this.count(conditions) : 0) };
  }

  private async count(conditions: SQL[]): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(auditLog)
      .where(conditions.length ? and(...conditions) : sql`true`);
    return row?.n ?? 0;
  }
}
