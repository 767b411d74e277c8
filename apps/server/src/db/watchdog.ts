/**
 * Keeps the database's health in view (decision 161): every query passes through `begin()`
 * (hooked in db/client.ts), so the watchdog knows when the database stops answering, when it
 * refused a write for want of space, and when DATA_DIR runs low. While unhealthy, queries
 * are refused at once (503 through plugins/errors.ts) instead of queueing behind a stuck one,
 * and `/api/health` answers 503 with the reason.
 *
 * Ways out of a stuck database:
 * - a query that never resolves (a PostgreSQL lock, PGlite spinning inside a write on its own
 *   thread): after DATABASE_STALL_MS the database counts as stalled; after
 *   DATABASE_STALL_EXIT_MS the process logs why and exits, so that its supervisor restarts it;
 * - the embedded database's thread failing (`engineLost`): the same exit at once;
 * - the main thread itself blocked (no timer, no request, no signal handler runs any more): a
 *   monitor thread watches its heartbeat and, after DATABASE_STALL_EXIT_MS without one, writes
 *   the reason to stderr and ends the process.
 */
import { statfsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { DatabaseUnavailableError, databaseFault, type DatabaseFaultKind } from './outage.ts';

export interface WatchdogSettings {
  /** No query answered for this long while some wait: the database counts as stalled. */
  stallMs: number;
  /** Stalled for this long (or the main thread blocked for this long): the process exits. */
  exitMs: number;
}

export interface DatabaseProblem {
  kind: DatabaseFaultKind;
  /** For `/api/health` (translated at the edge). */
  detail: string;
}

interface LogLike {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  fatal(obj: object, msg: string): void;
}

const HEALTH_DETAILS: Record<DatabaseFaultKind, string> = {
  unavailable: 'The database is not reachable.',
  stalled: 'The database is not answering: a query has been running too long.',
  'disk-full': 'The database cannot write: its disk is full.',
};

/** How long a refused write keeps the database "disk full" when nothing else says so. */
const DISK_FULL_MEMORY_MS = 30_000;

/** A statement that cannot change anything (the low-space guard lets these through on PGlite). */
export function isReadOnlySql(text: string): boolean {
  return (
    /^\s*\(?\s*(select|with|show|explain)\b/i.test(text) &&
    !/\b(insert|update|delete|merge|nextval|setval|for\s+share|for\s+key\s+share)\b/i.test(text)
  );
}

/**
 * Transaction and session control (BEGIN, COMMIT, ROLLBACK, SAVEPOINT, SET…): it writes no data,
 * so its success says nothing about room on the disk (a ROLLBACK follows every refused write).
 */
export function isSessionControlSql(text: string): boolean {
  return /^\s*(begin|start\s+transaction|commit|end|rollback|abort|savepoint|release|set|reset|discard)\b/i.test(
    text,
  );
}

export class DatabaseWatchdog {
  private readonly inFlight = new Map<number, number>();
  private nextId = 0;
  private lastAnswer = Date.now();
  private stalledLogged = false;
  private diskFullAt = 0;
  /** PGlite after a failed WAL write: every later statement would hang (decision 161). */
  private wrecked: string | null = null;
  /** The embedded database's thread failed or ended: nothing will answer again. */
  private lost: string | null = null;
  private lowSpace = false;
  private timers: NodeJS.Timeout[] = [];
  private monitor: Worker | null = null;
  private log: LogLike | null = null;
  private onFatal: ((reason: string) => void) | null = null;
  /**
   * Statements settled so far that may have written (anything but a plain read: an INSERT, a
   * COMMIT, a ROLLBACK, a function call), failed ones too. While it stands still nothing in the
   * database changed through this process: the embedded database's write clock
   * (db/write-clock.ts).
   */
  writes = 0;

  constructor(
    readonly settings: WatchdogSettings,
    private readonly engine: 'pglite' | 'postgres',
  ) {}

  /** Before a statement: refuses it at once while the database is known to be unable to run it. */
  guard(sqlText?: string): void {
    if (this.lost) throw new DatabaseUnavailableError('unavailable', this.lost);
    if (this.wrecked) throw new DatabaseUnavailableError('disk-full', this.wrecked);
    const stalled = this.stalledFor();
    if (stalled >= this.settings.stallMs)
      throw new DatabaseUnavailableError('stalled', `no query has answered for ${stalled} ms`);
    if (this.lowSpace && (sqlText === undefined || !isReadOnlySql(sqlText)))
      throw new DatabaseUnavailableError('disk-full', 'writes refused: DATA_DIR is nearly full');
  }

  /** Marks a statement in flight; call the answer with its error (or nothing) when it settles. */
  begin(sqlText?: string): (error?: unknown) => void {
    const id = this.nextId++;
    this.inFlight.set(id, Date.now());
    const mayWrite = sqlText === undefined || !isReadOnlySql(sqlText);
    return (error?: unknown) => {
      if (mayWrite) this.writes += 1;
      if (!this.inFlight.delete(id)) return;
      this.lastAnswer = Date.now();
      this.stalledLogged = false;
      if (error !== undefined) this.noteFailure(error);
      // A write that went through: the disk has room again.
      else if (mayWrite && sqlText !== undefined && this.diskFullAt && !isSessionControlSql(sqlText))
        this.diskFullAt = 0;
    };
  }

  /** Runs `work` as one watched statement. */
  async watch<T>(work: () => Promise<T>, sqlText?: string, guarded = true): Promise<T> {
    // Inside a transaction that already began, statements are not refused for low space.
    if (guarded) this.guard(sqlText);
    else if (this.wrecked || this.stalledFor() >= this.settings.stallMs) this.guard();
    const end = this.begin(sqlText);
    try {
      const result = await work();
      end();
      return result;
    } catch (error) {
      end(error);
      throw error;
    }
  }

  private noteFailure(error: unknown): void {
    if (databaseFault(error) !== 'disk-full') return;
    this.diskFullAt = Date.now();
    // PGlite survives a full data file but not a WAL segment it could not create: the next
    // statement spins forever (tried on a small tmpfs; decision 161).
    const message = String((error as { message?: unknown }).message ?? '');
    if (this.engine === 'pglite' && /pg_wal|xlog/i.test(message) && !this.wrecked) {
      this.wrecked = 'the embedded database could not write its log (disk full)';
      this.log?.fatal(
        { fault: 'disk-full' },
        'database: the embedded database could not write its log for want of space; refusing ' +
          'every query until space is back, then exiting so that the supervisor restarts the server',
      );
    }
  }

  /**
   * The embedded database's thread is gone (a WebAssembly fault, an exception in it): every
   * query is refused from now on, and the process exits for its supervisor to restart it.
   */
  engineLost(reason: string): void {
    if (this.lost) return;
    this.lost = reason;
    this.log?.fatal({ fault: 'unavailable' }, `database: ${reason}`);
    this.fatal(reason);
  }

  /** How long the database has owed an answer (0 when nothing waits). */
  private stalledFor(): number {
    const oldest = this.inFlight.values().next();
    if (oldest.done) return 0;
    return Date.now() - Math.max(this.lastAnswer, oldest.value);
  }

  /** Null while healthy, else what is wrong (for `/api/health`). */
  problem(): DatabaseProblem | null {
    let kind: DatabaseFaultKind | null = null;
    if (this.lost) kind = 'unavailable';
    else if (this.wrecked || this.lowSpace || Date.now() - this.diskFullAt < DISK_FULL_MEMORY_MS)
      kind = 'disk-full';
    else if (this.stalledFor() >= this.settings.stallMs) kind = 'stalled';
    return kind ? { kind, detail: HEALTH_DETAILS[kind] } : null;
  }

  /**
   * Starts the monitor thread that ends the process when the main thread has not run for
   * DATABASE_STALL_EXIT_MS, and the stall check, from the moment the database is opened (an
   * embedded database can hang in its first statement, on a full disk).
   */
  superviseMainThread(): void {
    if (this.monitor) return;
    const { exitMs } = this.settings;
    const heartbeat = new Float64Array(new SharedArrayBuffer(8));
    heartbeat[0] = Date.now();
    this.every(Math.max(50, Math.min(1_000, Math.floor(exitMs / 4))), () => (heartbeat[0] = Date.now()));
    this.monitor = new Worker(MONITOR_SOURCE, { eval: true, workerData: { heartbeat, exitMs } });
    this.monitor.unref();
    this.checkStalls();
  }

  private checkingStalls = false;

  private checkStalls(): void {
    if (this.checkingStalls) return;
    this.checkingStalls = true;
    this.every(Math.max(50, Math.min(1_000, Math.floor(this.settings.stallMs / 4))), () => this.checkStall());
  }

  /**
   * Starts the checks of a serving process: the stall check (and exit), and the free-space
   * check of `dataDir` (embedded database only).
   */
  start(options: {
    log: LogLike;
    onFatal: (reason: string) => void;
    dataDir?: string | undefined;
    warnFreeBytes: number;
    minFreeBytes: number;
  }): void {
    this.log = options.log;
    this.onFatal = options.onFatal;
    if (this.lost) this.fatal(this.lost);
    this.checkStalls();

    if (options.dataDir && this.engine === 'pglite') {
      const dir = options.dataDir;
      const check = () => this.checkSpace(dir, options.warnFreeBytes, options.minFreeBytes);
      check();
      this.every(2_000, check);
    }
  }

  private every(ms: number, task: () => void): void {
    const timer = setInterval(task, ms);
    timer.unref();
    this.timers.push(timer);
  }

  private checkStall(): void {
    const stalled = this.stalledFor();
    if (stalled < this.settings.stallMs) return;
    if (!this.stalledLogged) {
      this.stalledLogged = true;
      this.log?.error(
        { fault: 'stalled', waitingMs: stalled, waiting: this.inFlight.size },
        'database: no query has answered; refusing new queries (503) until one does',
      );
    }
    if (stalled >= this.settings.exitMs)
      this.fatal(
        `the ${this.engine === 'pglite' ? 'embedded ' : ''}database has not answered for ${Math.round(stalled / 1000)} s`,
      );
  }

  private lastWarn = 0;

  private checkSpace(dir: string, warnBytes: number, minBytes: number): void {
    let free: number;
    try {
      const stats = statfsSync(dir);
      free = stats.bavail * stats.bsize;
    } catch {
      return;
    }
    const mb = Math.floor(free / 1024 / 1024);
    if (this.wrecked && free >= minBytes) {
      this.fatal(`space is back in ${dir} (${mb} MB free) after a failed log write`);
      return;
    }
    const low = free < minBytes;
    if (low !== this.lowSpace) {
      this.lowSpace = low;
      if (low)
        this.log?.error(
          { fault: 'disk-full', freeMb: mb, dataDir: dir },
          'database: DATA_DIR is nearly full; refusing writes (503) until space is freed',
        );
      else this.log?.warn({ freeMb: mb, dataDir: dir }, 'database: space is back; writes accepted again');
    }
    // Low headroom: one warning a minute.
    if (free < warnBytes && Date.now() - this.lastWarn >= 60_000) {
      this.lastWarn = Date.now();
      this.log?.warn(
        { freeMb: mb, warnBelowMb: Math.floor(warnBytes / 1024 / 1024), dataDir: dir },
        'database: little free space left in DATA_DIR',
      );
    }
  }

  private fatalDone = false;

  private fatal(reason: string): void {
    // While a server starts (migrations, seeding) nothing has handed an exit in yet.
    const onFatal = this.onFatal ?? (this.monitor ? () => process.exit(1) : null);
    if (!onFatal || this.fatalDone) return;
    this.fatalDone = true;
    const line = `database: ${reason}; exiting so that the supervisor restarts the server`;
    if (this.log) this.log.fatal({ fault: 'exit' }, line);
    else console.error(line);
    onFatal(reason);
  }

  stop(): void {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    void this.monitor?.terminate();
    this.monitor = null;
  }
}

type QueryText = string | { text?: string } | undefined;
const textOf = (q: QueryText) => (typeof q === 'string' ? q : q?.text);

/** node-postgres connections whose every statement the watchdog sees (callback or promise form). */
export function watchedClient(watchdog: DatabaseWatchdog): typeof pg.Client {
  return class WatchedClient extends pg.Client {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(...args: any[]): any {
      const text = textOf(args[0]);
      watchdog.guard(text);
      const end = watchdog.begin(text);
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const callback = args[last] as (error: unknown, result: unknown) => void;
        args[last] = (error: unknown, result: unknown) => {
          end(error ?? undefined);
          callback(error, result);
        };
        return (super.query as (...a: unknown[]) => unknown)(...args);
      }
      const result = (super.query as (...a: unknown[]) => unknown)(...args);
      if (result && typeof (result as Promise<unknown>).then === 'function')
        (result as Promise<unknown>).then(
          () => end(),
          (error: unknown) => end(error),
        );
      else end();
      return result;
    }
  } as unknown as typeof pg.Client;
}

/**
 * A pool whose callers are refused at once while the database is known to be stuck, instead
 * of waiting for a connection that a stuck statement holds.
 */
export function watchPool(pool: pg.Pool, watchdog: DatabaseWatchdog): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((callback?: (error: unknown, client?: unknown, done?: unknown) => void) => {
    try {
      watchdog.guard('select');
    } catch (error) {
      if (!callback) return Promise.reject(error);
      process.nextTick(() => callback(error, undefined, () => {}));
      return undefined;
    }
    return callback ? connect(callback) : connect();
  }) as typeof pool.connect;
}

/**
 * The monitor thread: when the main thread's heartbeat is older than exitMs (nothing else can
 * run there any more), it says so on stderr and ends the process.
 */
const MONITOR_SOURCE = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const { heartbeat, exitMs } = workerData;
setInterval(() => {
  const silent = Date.now() - heartbeat[0];
  if (silent < exitMs) return;
  const line = JSON.stringify({ level: 60, time: Date.now(), pid: process.pid, fault: 'blocked',
    msg: 'database: the server has not run for ' + Math.round(silent / 1000) +
      ' s (its main thread is blocked); exiting so that the supervisor restarts the server' });
  try { writeSync(1, line + '\\n'); writeSync(2, line + '\\n'); } catch {}
  process.kill(process.pid, 'SIGKILL');
}, Math.max(50, Math.min(1000, Math.floor(exitMs / 4))));
`;
