import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, databaseFault, FaultLog, rootMessage } from './outage.ts';
import { DatabaseWatchdog, isReadOnlySql } from './watchdog.ts';

/** An error as drizzle throws it: its own message with the SQL, the driver's error as cause. */
function wrapped(cause: object) {
  return Object.assign(new Error('Failed query: insert into "orders" …'), { cause });
}

describe('databaseFault', () => {
  it('counts refused, dropped and not-yet-accepting connections as an outage', () => {
    for (const code of ['08006', '08001', '57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET'])
      expect(databaseFault(wrapped(Object.assign(new Error('x'), { code }))), code).toBe('unavailable');
    expect(databaseFault(new Error('Connection terminated unexpectedly'))).toBe('unavailable');
    expect(databaseFault(new Error('timeout exceeded when trying to connect'))).toBe('unavailable');
    // A refused connection to a host with two addresses: Node's AggregateError.
    const both = new AggregateError([Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })], '');
    expect(databaseFault(wrapped(both))).toBe('unavailable');
    expect(
      databaseFault(
        Object.assign(new Error('the database system is not accepting connections'), { code: '55000' }),
      ),
    ).toBe('unavailable');
  });

  it('counts a full disk as its own kind, and leaves the request’s own errors alone', () => {
    expect(databaseFault(wrapped(Object.assign(new Error('could not extend file'), { code: '53100' })))).toBe(
      'disk-full',
    );
    expect(databaseFault(Object.assign(new Error('write'), { code: 'ENOSPC' }))).toBe('disk-full');
    expect(databaseFault(new DatabaseUnavailableError('stalled', 'x'))).toBe('stalled');
    for (const code of ['23505', '22003', '40001', '55000'])
      expect(databaseFault(wrapped(Object.assign(new Error('nope'), { code }))), code).toBeNull();
    expect(databaseFault(new Error('something else'))).toBeNull();
  });

  it('logs the driver’s words, not the SQL', () => {
    expect(rootMessage(wrapped(new Error('connect ECONNREFUSED 127.0.0.1:1')))).toBe(
      'connect ECONNREFUSED 127.0.0.1:1',
    );
  });
});

describe('FaultLog', () => {
  it('lets one line per kind through per interval and counts the rest', () => {
    let now = 0;
    const log = new FaultLog(10_000, () => now);
    expect(log.record('unavailable')).toEqual({ suppressed: 0 });
    expect(log.record('disk-full')).toEqual({ suppressed: 0 });
    for (let i = 0; i < 500; i++) expect(log.record('unavailable')).toBeNull();
    now = 10_000;
    expect(log.record('unavailable')).toEqual({ suppressed: 500 });
  });
});

describe('DatabaseWatchdog', () => {
  it('refuses statements while none has answered for the stall limit, and lifts when one does', async () => {
    const watchdog = new DatabaseWatchdog({ stallMs: 40, exitMs: 1_000 }, 'postgres');
    const stuck = watchdog.begin();
    expect(watchdog.problem()).toBeNull();
    await new Promise((r) => setTimeout(r, 60));
    expect(watchdog.problem()?.kind).toBe('stalled');
    expect(() => watchdog.guard('select 1')).toThrow(DatabaseUnavailableError);
    stuck();
    expect(watchdog.problem()).toBeNull();
    expect(() => watchdog.guard('select 1')).not.toThrow();
  });

  it('reports a refused write as a full disk', () => {
    const watchdog = new DatabaseWatchdog({ stallMs: 1_000, exitMs: 2_000 }, 'postgres');
    watchdog.begin()(Object.assign(new Error('could not extend file'), { code: '53100' }));
    expect(watchdog.problem()).toEqual({
      kind: 'disk-full',
      detail: 'The database cannot write: its disk is full.',
    });
  });

  it('keeps a full disk in view after the refused write’s ROLLBACK, and forgets it after a write that went through', () => {
    const watchdog = new DatabaseWatchdog({ stallMs: 1_000, exitMs: 2_000 }, 'postgres');
    watchdog.begin('insert into orders default values')(
      Object.assign(new Error('could not extend file'), { code: '53100' }),
    );
    watchdog.begin('rollback')();
    watchdog.begin('select 1')();
    expect(watchdog.problem()?.kind).toBe('disk-full');
    watchdog.begin('update stocks set number = 1 where id = $1')();
    expect(watchdog.problem()).toBeNull();
  });

  it('tells reads from writes for the low-space guard', () => {
    expect(isReadOnlySql('select "id" from "products" where "id" = $1')).toBe(true);
    expect(isReadOnlySql('with x as (select 1) select * from x')).toBe(true);
    expect(isReadOnlySql('with x as (update stock set n = 1 returning *) select * from x')).toBe(false);
    expect(isReadOnlySql('select * from stock for update')).toBe(false);
    expect(isReadOnlySql('insert into orders default values')).toBe(false);
  });

  it('counts the statements that may have written, failed ones too, and not the reads', () => {
    const watchdog = new DatabaseWatchdog({ stallMs: 1_000, exitMs: 2_000 }, 'pglite');
    watchdog.begin('select "id" from "products" where "id" = $1')();
    watchdog.begin('with x as (select 1) select * from x')();
    expect(watchdog.writes).toBe(0);
    const update = watchdog.begin('update stocks set number = number - 1 where id = $1');
    // Counted when it settles: a read that began before cannot see it as done.
    expect(watchdog.writes).toBe(0);
    update();
    watchdog.begin('commit')();
    watchdog.begin('insert into orders default values')(new Error('refused'));
    watchdog.begin()();
    expect(watchdog.writes).toBe(4);
  });
});
