import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startPgliteThread, type PgliteThread } from './pglite-thread.ts';

let thread: PgliteThread;
let pool: pg.Pool;

beforeAll(async () => {
  thread = await startPgliteThread();
  pool = new pg.Pool({
    max: 1,
    idleTimeoutMillis: 0,
    user: 'postgres',
    database: 'postgres',
    stream: () => thread.connection(),
  } as pg.PoolConfig);
}, 60_000);

afterAll(async () => {
  await pool.end();
  await thread.close();
});

describe('the embedded database on its own thread', () => {
  it('answers plain, parameterised and named statements over the wire protocol', async () => {
    expect((await pool.query('select 1 + 1 as two')).rows).toEqual([{ two: 2 }]);
    const named = { name: 'echo', text: 'select $1::text as said', values: ['grüezi'] };
    expect((await pool.query(named)).rows).toEqual([{ said: 'grüezi' }]);
    expect((await pool.query({ ...named, values: ['salü'] })).rows).toEqual([{ said: 'salü' }]);
  });

  it('keeps the server thread free while a slow statement runs', async () => {
    const slow = pool.query('select pg_sleep(0.6)');
    // The event loop ticks on time although the database is busy for 600 ms.
    const ticks: number[] = [];
    const started = Date.now();
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        ticks.push(Date.now());
        if (ticks.length === 10) {
          clearInterval(timer);
          resolve();
        }
      }, 20);
    });
    const gaps = ticks.map((t, i) => t - (ticks[i - 1] ?? started));
    expect(Math.max(...gaps)).toBeLessThan(200);
    await slow;
  });

  it('reports a database error with its SQLSTATE and goes on answering', async () => {
    await expect(pool.query('select * from no_such_table')).rejects.toMatchObject({ code: '42P01' });
    expect((await pool.query('select 3 as n')).rows).toEqual([{ n: 3 }]);
  });

  it('leaves no open transaction nor prepared statement behind a connection that ends', async () => {
    const client = await pool.connect();
    await client.query('begin');
    await client.query('create table dropped_with_rollback (id int)');
    await client.query({ name: 'kept', text: 'select 1 as one' });
    client.release(true); // destroyed, as after a network error
    // A new connection may prepare the same name again, and the table never existed.
    expect((await pool.query({ name: 'kept', text: 'select 1 as one' })).rows).toEqual([{ one: 1 }]);
    expect((await pool.query("select to_regclass('dropped_with_rollback') as t")).rows).toEqual([
      { t: null },
    ]);
  });

  it('serves big answers whole', async () => {
    const { rows } = await pool.query("select repeat('x', 200000) as big, generate_series(1, 50) as n");
    expect(rows).toHaveLength(50);
    expect(rows.every((r) => r.big.length === 200_000)).toBe(true);
  });
});
