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
  // From the run's migrated template (test/pglite-template.ts); migrating again finds nothing to do.
  const template = inject('pgliteTemplate') || undefined;
  const database = await openDatabase({ memory: true, loadDataDir: template });
  await runMigrations(database);
  return { database, drop: () => database.close() };
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
