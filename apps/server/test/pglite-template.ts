/**
 * Vitest global setup of the integration and contract tests: migrates one in-memory PGlite
 * database once per run and dumps it to a file; each test file's database starts from that
 * dump (test/build.ts) instead of running every migration again (decision 203).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump (tar) of a migrated empty database, or '' on PostgreSQL (TEST_DATABASE_URL). */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return () => undefined;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'mg-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  const db = await PGlite.create({ extensions: { pg_trgm } });
  await migrate(drizzle(db), { migrationsFolder: MIGRATIONS_DIR });
  const dump = await db.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
