/**
 * One database handle for the whole server: embedded PGlite under DATA_DIR by default, a
 * PostgreSQL server when DATABASE_URL is set. Both through a node-postgres pool (PGlite runs
 * on its own thread and speaks the wire protocol: db/pglite-thread.ts). Same schema, same
 * SQL, same driver. Repositories receive `Db` and never know which engine runs underneath.
 */
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { startPgliteThread, type PgliteThread } from './pglite-thread.ts';
import { DatabaseWatchdog, watchedClient, watchPool, type WatchdogSettings } from './watchdog.ts';
import { logPositionClock, statementClock, type WriteClock } from './write-clock.ts';

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
  /** The node-postgres pool (on PGlite: one connection, the embedded database's one session). */
  pool: pg.Pool;
  /** Sees every statement: stalls, refused writes, low space (db/watchdog.ts). */
  watchdog: DatabaseWatchdog;
  /** Changes whenever the catalogue reads may see something new (db/write-clock.ts). */
  writeClock: WriteClock;
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
  /** PGlite: start from this dump file (test/pglite-template.ts makes a migrated one). */
  loadDataDir?: string | undefined;
  poolSize?: number;
  watchdog?: WatchdogSettings;
  /**
   * PGlite: an embedded database already running, used instead of starting one; closing the
   * Database leaves it running (the tests hand one from a finished file to the next).
   */
  pgliteThread?: PgliteThread;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const settings = options.watchdog ?? { stallMs: 10_000, exitMs: 60_000 };
  const engine = options.databaseUrl ? 'postgres' : 'pglite';
  const watchdog = new DatabaseWatchdog(settings, engine);
  // Waiting for a connection ends as an outage (503) instead of queueing for ever.
  const poolOptions = {
    Client: watchedClient(watchdog),
    connectionTimeoutMillis: settings.stallMs,
    max: options.poolSize ?? 10,
  };
  let thread: PgliteThread | undefined;
  let pool: pg.Pool;
  if (options.databaseUrl) {
    pool = new pg.Pool({ connectionString: options.databaseUrl, ...poolOptions });
  } else {
    let dataPath: string | undefined;
    if (!options.memory) {
      dataPath = path.join(options.dataDir ?? './data', 'pglite');
      mkdirSync(dataPath, { recursive: true });
    }
    // The embedded database on its own thread, over the same driver (decision 192). It is one
    // session: one connection, kept open (its prepared statements live as long as it does).
    const started = options.pgliteThread ?? (await startPgliteThread(dataPath, options.loadDataDir));
    if (!options.pgliteThread) thread = started;
    started.onLost((reason) => watchdog.engineLost(`the embedded database stopped: ${reason}`));
    pool = new pg.Pool({
      ...poolOptions,
      max: 1,
      idleTimeoutMillis: 0,
      user: 'postgres',
      database: 'postgres',
      stream: () => started.connection(),
    } as pg.PoolConfig);
  }
  watchPool(pool, watchdog);
  pool.on('error', () => {
    /* an idle client lost its connection; the pool replaces it */
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let readPool: pg.Pool | undefined;
  let readDb = db;
  if (options.databaseUrl && options.databaseReadUrl) {
    readPool = new pg.Pool({ connectionString: options.databaseReadUrl, ...poolOptions });
    watchPool(readPool, watchdog);
    readPool.on('error', () => {});
    readDb = drizzlePg(readPool, { schema }) as unknown as Db;
  }
  // The clock of what catalogue reads see: on a replica, how far it has replayed.
  const writeClock = options.databaseUrl ? logPositionClock(readPool ?? pool) : statementClock(watchdog);
  return {
    db,
    readDb,
    engine,
    pool,
    watchdog,
    writeClock,
    async close() {
      writeClock.close();
      watchdog.stop();
      await pool.end();
      await readPool?.end();
      await thread?.close();
    },
  };
}
