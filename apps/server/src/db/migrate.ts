import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Database } from './client.ts';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Applies the committed SQL migrations. On PostgreSQL an advisory lock lets several processes start at once. */
export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.engine === 'pglite') {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migratePglite(database.db as any, config);
    return;
  }
  const client = await database.pool!.connect();
  try {
    const single = drizzle(client);
    await single.execute(sql`select pg_advisory_lock(724100)`);
    try {
      await migratePg(single, config);
    } finally {
      await single.execute(sql`select pg_advisory_unlock(724100)`);
    }
  } finally {
    client.release();
  }
}
