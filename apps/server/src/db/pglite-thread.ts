/**
 * The embedded database on its own thread (decision 192): db/pglite-worker.mjs owns PGlite
 * and speaks the PostgreSQL wire protocol; node-postgres talks to it through `connection()`,
 * a duplex stream that carries the bytes over the worker's MessagePort. So both engines share
 * one driver and one code path, and a slow statement keeps only its own callers waiting.
 */
import { Duplex } from 'node:stream';
import { Worker } from 'node:worker_threads';

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

interface FromWorker {
  type: 'ready' | 'data' | 'fatal' | 'closed';
  conn?: number;
  bytes?: Uint8Array;
  message?: string;
}

export interface PgliteThread {
  /** A new connection for node-postgres (`new pg.Client({ stream: () => thread.connection() })`). */
  connection(): Duplex;
  /** Called once when the thread fails or ends unasked: every query from then on fails. */
  onLost(listener: (reason: string) => void): void;
  close(): Promise<void>;
}

/** What node-postgres asks of a socket, over the worker's port instead of the network. */
class ThreadConnection extends Duplex {
  constructor(
    private readonly worker: Worker,
    readonly id: number,
    private readonly forget: (id: number) => void,
  ) {
    super();
  }

  connect(): this {
    this.worker.postMessage({ type: 'open', conn: this.id });
    process.nextTick(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  /** Bytes from the database. */
  receive(bytes: Uint8Array): void {
    this.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    // A copy the worker may own: node-postgres's buffers can be views of a shared pool.
    this.worker.postMessage({ type: 'data', conn: this.id, bytes: new Uint8Array(chunk) });
    done();
  }

  override _final(done: (error?: Error | null) => void): void {
    this.finish();
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.finish();
    done(error);
  }

  private ended = false;

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.forget(this.id);
    this.worker.postMessage({ type: 'close', conn: this.id });
    this.push(null);
  }
}

/** Resolves when the thread has opened the database; rejects when it could not. */
function opened(worker: Worker): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const early = (message: FromWorker) => {
      if (message.type === 'ready') {
        worker.off('message', early);
        resolve();
      } else if (message.type === 'fatal')
        reject(new Error(`the embedded database did not open: ${message.message}`));
    };
    worker.on('message', early);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the embedded database's thread ended (${code})`)));
  });
}

/**
 * Starts the thread and opens the database in it (in memory without `dataDir`), from the dump
 * file `loadDataDir` when given (tests start from a migrated template).
 */
export async function startPgliteThread(dataDir?: string, loadDataDir?: string): Promise<PgliteThread> {
  const worker = new Worker(WORKER_URL, { workerData: { dataDir, loadDataDir } });
  const open = new Map<number, ThreadConnection>();
  let nextId = 1;
  let lostReason: string | null = null;
  let closing = false;
  const lostListeners: ((reason: string) => void)[] = [];
  let settleClose: (() => void) | null = null;

  const lose = (reason: string) => {
    if (lostReason !== null) return;
    lostReason = reason;
    for (const conn of open.values()) conn.destroy(new Error(`PGlite is closed: ${reason}`));
    open.clear();
    for (const listener of lostListeners) listener(reason);
  };

  await opened(worker);

  worker.on('message', (message: FromWorker) => {
    if (message.type === 'data' && message.conn !== undefined && message.bytes)
      open.get(message.conn)?.receive(message.bytes);
    else if (message.type === 'fatal' && !closing) lose(message.message ?? 'the embedded database failed');
    else if (message.type === 'closed') settleClose?.();
  });
  worker.on('error', (error) => {
    if (!closing) lose(error.message);
  });
  worker.on('exit', () => {
    settleClose?.();
    if (!closing) lose('its thread ended');
  });

  return {
    connection() {
      const conn = new ThreadConnection(worker, nextId++, (id) => open.delete(id));
      if (lostReason !== null)
        process.nextTick(() => conn.destroy(new Error(`PGlite is closed: ${lostReason}`)));
      else open.set(conn.id, conn);
      return conn;
    },
    onLost(listener) {
      lostListeners.push(listener);
    },
    async close() {
      if (closing) return;
      closing = true;
      if (lostReason === null) {
        // The database closes cleanly (its files consistent), then the thread ends.
        await new Promise<void>((resolve) => {
          settleClose = resolve;
          worker.postMessage({ type: 'shutdown' });
          setTimeout(resolve, 10_000).unref();
        });
      }
      await worker.terminate();
    },
  };
}
