/**
 * A write clock: a number that changes whenever the database may have changed. The read cache
 * renews an answer past its lifetime instead of loading it again while the clock shows the
 * value it showed when that answer's load began (decision 195).
 *
 * - The embedded database has one writer, this process (the data directory's lock), and every
 *   statement passes the watchdog: the clock is its count of settled statements that may have
 *   written. Exact, and read without a query.
 * - PostgreSQL may be written by other server processes, the command-line tools or anyone
 *   else. Every committed change there goes through its write-ahead log, so the clock is the
 *   number of times the log's insert position was seen to move (on a read replica: its replay
 *   position, which moves as the primary's changes arrive). It is asked at most once a second
 *   and only while something reads the clock. The log also moves for things that change no
 *   answer (a checkpoint, a write to another database of the same server): the cache then
 *   reloads as it would without the clock, never less often.
 *
 * A write is seen at most one poll late, so an answer read just before a write can be renewed
 * once more: the lifetime after a write grows by at most the poll interval.
 */
import type pg from 'pg';

export interface WriteClock {
  /** The current value; equal values mean nothing may have been written in between. */
  read(): number;
  close(): void;
}

/** The embedded database: the watchdog's count of statements that may have written. */
export function statementClock(watchdog: { writes: number }): WriteClock {
  return { read: () => watchdog.writes, close: () => {} };
}

/** On a primary: its log's insert position; on a replica: how far it has replayed. */
const LOG_POSITION_SQL = `select (case when pg_is_in_recovery() then pg_last_wal_replay_lsn()
  else pg_current_wal_insert_lsn() end)::text as position`;

/**
 * PostgreSQL: polls the log position while the clock is read, once per `intervalMs`. A failed
 * poll moves the clock (nothing known is nothing to trust), and so does every interval a poll
 * is still owed, and an idle spell: after one, the first read starts polling again from a new
 * value.
 */
export function logPositionClock(pool: Pick<pg.Pool, 'query'>, intervalMs = 1_000): WriteClock {
  let value = 0;
  let position: string | null = null;
  let lastRead = 0;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  let polling = false;

  const poll = async () => {
    // One poll at a time: a stuck database does not collect a queue of them in the pool. While
    // one is owed, what the database holds is unknown: the clock moves, nothing is renewed.
    if (polling) {
      value += 1;
      return;
    }
    polling = true;
    try {
      const result = await pool.query<{ position: string | null }>(LOG_POSITION_SQL);
      const now = result.rows[0]?.position ?? null;
      if (now === null || now !== position) value += 1;
      position = now;
    } catch {
      value += 1;
      position = null;
    } finally {
      polling = false;
    }
  };
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };
  return {
    read() {
      lastRead = Date.now();
      if (!timer && !closed) {
        // Until the first poll answers, the position is unknown: a new value renews nothing
        // loaded before.
        value += 1;
        position = null;
        void poll();
        timer = setInterval(() => {
          if (Date.now() - lastRead > 10 * intervalMs) stop();
          else void poll();
        }, intervalMs);
        timer.unref();
      }
      return value;
    },
    close() {
      closed = true;
      stop();
    },
  };
}
