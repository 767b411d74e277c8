/**
 * One database handle for the whole server: embedded PGlite under DATA_DIR by default, a
 * PostgreSQL server through a node-postgres pool when DATABASE_URL is set. Same schema,
 * same SQL. Repositories receive `Db` and never know which engine runs underneath.
 */
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import {
  DatabaseWatchdog,
  watchedClient,
  watchPglite,
  watchPool,
  type WatchdogSettings,
} from './watchdog.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a transaction callback receives; use it, never `db`, inside the callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * The SQLSTATE of a database error (node-postgres and PGlite put it on the error, drizzle
 * wraps it in `cause`), or undefined for anything else.
 */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True for a unique-constraint violation (SQLSTATE 23505): two writers raced for one key. */
export function isUniqueViolation(error: unknown): boolean {
  return pgErrorCode(error) === '23505';
}

export interface Database {
  db: Db;
  /** Catalogue reads may go to a read replica (DATABASE_READ_URL); writes never do. */
  readDb: Db;
  engine: 'pglite' | 'postgres';
  /** The node-postgres pool, on PostgreSQL only (migrations need one dedicated connection). */
  pool?: pg.Pool;
  /** Sees every statement: stalls, refused writes, low space (db/watchdog.ts). */
  watchdog: DatabaseWatchdog;
  close(): Promise<void>;
}

// Numeric columns come back as strings (exact); int8 counts as numbers.
pg.types.setTypeParser(20, (v) => Number(v));

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  databaseReadUrl?: string | undefined;
  dataDir?: string;
  /** In-memory PGlite (tests). */
  memory?: boolean;
  poolSize?: number;
  watchdog?: WatchdogSettings;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const settings = options.watchdog ?? { stallMs: 10_000, exitMs: 60_000 };
  if (options.databaseUrl) {
    const watchdog = new DatabaseWatchdog(settings, 'postgres');
    const Client = watchedClient(watchdog);
    // Waiting for a connection ends as an outage (503) instead of queueing for ever.
    const poolOptions = { Client, connectionTimeoutMillis: settings.stallMs, max: options.poolSize ?? 10 };
    const pool = new pg.Pool({ connectionString: options.databaseUrl, ...poolOptions });
    watchPool(pool, watchdog);
    pool.on('error', () => {
      /* an idle client lost its connection; the pool replaces it */
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    let readPool: pg.Pool | undefined;
    let readDb = db;
    if (options.databaseReadUrl) {
      readPool = new pg.Pool({ connectionString: options.databaseReadUrl, ...poolOptions });
      watchPool(readPool, watchdog);
      readPool.on('error', () => {});
      readDb = drizzlePg(readPool, { schema }) as unknown as Db;
    }
    return {
      db,
      readDb,
      engine: 'postgres',
      pool,
      watchdog,
      async close() {
        watchdog.stop();
        await pool.end();
        await readPool?.end();
      },
    };
  }
  let dataPath: string | undefined;
  if (!options.memory) {
    dataPath = path.join(options.dataDir ?? './data', 'pglite');
    mkdirSync(dataPath, { recursive: true });
  }
  const client = await PGlite.create(
    dataPath ? { dataDir: dataPath, extensions: { pg_trgm } } : { extensions: { pg_trgm } },
  );
  const watchdog = new DatabaseWatchdog(settings, 'pglite');
  watchPglite(client, watchdog);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    readDb: db,
    engine: 'pglite',
    watchdog,
    async close() {
      watchdog.stop();
      if (!client.closed) await client.close();
    },
  };
}
