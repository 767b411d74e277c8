/**
 * Integration-test helper: a fresh database per test file (in-memory PGlite started from the
 * run's migrated template by default, a new PostgreSQL database when TEST_DATABASE_URL is set),
 * migrated, with the app built on it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Config, Env } from '../src/config/env.ts';
import { testConfig } from './config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { startPgliteThread, type PgliteThread } from '../src/db/pglite-thread.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { buildApp } from '../src/app.ts';
import { seedCategories } from '../src/demo/seed.ts';
import type { AppContext } from '../src/context.ts';

export interface TestApp {
  app: FastifyInstance & { ctx: AppContext };
  database: Database;
  config: Config;
  close(): Promise<void>;
}

async function freshPostgres(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `mg_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const fresh = await freshPostgres(base);
    const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 20 });
    await runMigrations(database);
    return {
      database,
      async drop() {
        await database.close();
        await fresh.drop();
      },
    };
  }
  const thread = await takeEmbedded();
  const database = await openDatabase({ memory: true, pgliteThread: thread });
  await runMigrations(database);
  return {
    database,
    async drop() {
      await database.close();
      await giveBack(thread);
    },
  };
}

/**
 * Embedded databases that finished test files left, emptied, for the next file of this test
 * process (vitest runs the files of a worker in one process: `isolate: false`). Starting one
 * from the migrated template costs about a second of CPU; emptying one a few milliseconds.
 */
const spare: PgliteThread[] = [];
/** The schema as migrated (tables, columns, triggers, functions, category labels). */
let migratedShape: string | undefined;

/** Every table emptied and every sequence restarted; the category labels stay (a migration's rows). */
const EMPTY_ALL = `
  SET session_replication_role = replica;
  DO $$ BEGIN
    EXECUTE (SELECT 'TRUNCATE ' || string_agg(format('%I', tablename), ', ') || ' RESTART IDENTITY'
             FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'category_labels');
  END $$;
  DO $$ DECLARE s record; BEGIN
    FOR s IN SELECT sequencename FROM pg_sequences WHERE schemaname = 'public' LOOP
      EXECUTE format('ALTER SEQUENCE %I RESTART', s.sequencename);
    END LOOP;
  END $$;`;

/** What must be as migrated for a database to be handed on. */
const SHAPE = `
  SELECT md5(concat_ws('|',
    (SELECT string_agg(table_name || '.' || column_name || ':' || data_type || ':' || coalesce(column_default, ''), ',' ORDER BY table_name, column_name)
       FROM information_schema.columns WHERE table_schema = 'public'),
    (SELECT string_agg(tgname || ':' || tgenabled::text, ',' ORDER BY tgname) FROM pg_trigger WHERE NOT tgisinternal),
    (SELECT string_agg(p.proname || ':' || md5(p.prosrc), ',' ORDER BY p.proname, md5(p.prosrc))
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'),
    (SELECT string_agg(indexname, ',' ORDER BY indexname) FROM pg_indexes WHERE schemaname = 'public'),
    (SELECT md5(string_agg(l::text, ',' ORDER BY l::text)) FROM category_labels l)
  )) AS shape`;

async function onThread<T>(thread: PgliteThread, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ user: 'postgres', database: 'postgres', stream: () => thread.connection() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const shapeOf = (thread: PgliteThread) =>
  onThread(thread, async (c) => (await c.query<{ shape: string }>(SHAPE)).rows[0]!.shape);

async function takeEmbedded(): Promise<PgliteThread> {
  const reused = spare.pop();
  if (reused) return reused;
  // From the run's migrated template (test/pglite-template.ts); migrating again finds nothing to do.
  const thread = await startPgliteThread(undefined, inject('pgliteTemplate') || undefined);
  migratedShape ??= await shapeOf(thread);
  return thread;
}

/** Empties the database for the next file; one a test changed the shape of is closed instead. */
async function giveBack(thread: PgliteThread): Promise<void> {
  try {
    await onThread(thread, async (c) => {
      await c.query(EMPTY_ALL);
      await c.query('DISCARD ALL');
    });
    if ((await shapeOf(thread)) === migratedShape) {
      spare.push(thread);
      return;
    }
  } catch {
    // A database a test broke is not handed on.
  }
  await thread.close();
}

export async function build(overrides: Partial<Record<keyof Env, string>> = {}): Promise<TestApp> {
  const config = testConfig(overrides);
  const { database, drop } = await openTestDatabase();
  await seedCategories(database);
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await drop();
    },
  };
}
