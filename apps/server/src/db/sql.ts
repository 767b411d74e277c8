/**
 * The one way to run raw SQL (`sql` templates) outside the query builder. Repositories use
 * the query builder where it can say the query; a statement it cannot say (CTE writes,
 * `for update skip locked`, set-returning functions) goes through `rawRows`, or through
 * `statement` + `runStatement` when it is hot enough to be a named prepared statement.
 */
import { sql, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client.ts';

/** Rows of a raw `execute` (node-postgres answers a result object that carries them). */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as T[];
}

/** Runs one raw statement and answers its rows. */
export async function rawRows<T = Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

const dialect = new PgDialect();

/** A raw statement whose text is built once; `sql.placeholder(name)` marks the values given per call. */
export interface Statement {
  name: string;
  query: Query;
}

export function statement(name: string, query: SQL): Statement {
  return { name, query: dialect.sqlToQuery(query) };
}

/**
 * Runs a statement as a named prepared statement: PostgreSQL parses it once per connection
 * and can reuse its plan (on PGlite too: decision 192). Drizzle has no public API for a named raw
 * statement, so its session is reached here and nowhere else.
 */
export async function runStatement<T>(
  db: DbOrTx,
  stmt: Statement,
  values: Record<string, unknown>,
): Promise<T[]> {
  const prepared = db._.session.prepareQuery(stmt.query, undefined, stmt.name, false);
  return rowsOf<T>(await prepared.execute(values));
}

/**
 * A query-builder statement built once per database handle (`.prepare(name)` inside `build`):
 * its SQL text is made once, and PostgreSQL parses and plans it once per connection. For the
 * reads every request makes.
 */
export function preparedPerDb<P>(build: (db: Db) => P): (db: Db) => P {
  const byDb = new WeakMap<Db, P>();
  return (db) => {
    let prepared = byDb.get(db);
    if (!prepared) byDb.set(db, (prepared = build(db)));
    return prepared;
  };
}

/** One page of ids and how many there are in all. */
export interface IdPage {
  ids: number[];
  count: number;
}

/** The count of all the rows a page was cut from, as a column of each (a window runs before LIMIT). */
export const countOfAll = sql<number>`count(*) over ()`.mapWith(Number);

/**
 * A page whose rows carry the count of all (`count(*) over ()`: a window runs before LIMIT),
 * so page and count are one query. A page past the end has no row to carry the count: only
 * then is it counted again.
 */
export async function idPage(
  rows: { id: number; total: number }[],
  offset: number,
  recount: () => Promise<number>,
): Promise<IdPage> {
  if (rows.length === 0 && offset > 0) return { ids: [], count: await recount() };
  return { ids: rows.map((r) => Number(r.id)), count: Number(rows[0]?.total ?? 0) };
}
