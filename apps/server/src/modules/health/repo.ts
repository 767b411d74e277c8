import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rawRows } from '../../db/sql.ts';

export class HealthRepo {
  constructor(private readonly db: Db) {}

  /** Resolves when the database answers a query; throws when it does not. */
  async ping(): Promise<void> {
    await rawRows(this.db, sql`select 1`);
  }
}
