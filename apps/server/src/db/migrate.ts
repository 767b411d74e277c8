import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Database } from './client.ts';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * Applies the committed SQL migrations, on one connection under an advisory lock: several
 * processes may start at once on PostgreSQL (on PGlite the lock is the only session's).
 */
export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  const client = await database.pool.connect();
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
