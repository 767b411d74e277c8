// @ts-check
/**
 * The embedded database's own thread (decision 192). PGlite runs PostgreSQL compiled to
 * WebAssembly: a statement runs synchronously on the thread that owns it, so on the HTTP
 * thread one slow query stalled every request. Here it owns this worker thread and speaks
 * the PostgreSQL wire protocol: the server connects with node-postgres, as to a PostgreSQL
 * server (db/pglite-thread.ts hands the bytes over a MessagePort, no socket is opened).
 *
 * Plain JavaScript on purpose: a worker thread runs a file as Node finds it, in development,
 * in tests and in the compiled start alike.
 *
 * Messages in:  { type: 'open' | 'close', conn } · { type: 'data', conn, bytes } · { type: 'shutdown' }
 * Messages out: { type: 'ready' } · { type: 'data', conn, bytes } · { type: 'fatal', message } · { type: 'closed' }
 */
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
/** @type {{ dataDir?: string, loadDataDir?: string }} */
const { dataDir, loadDataDir } = workerData ?? {};

/**
 * @typedef {{ buffer: Uint8Array, started: boolean }} Connection
 * A client connection: bytes not yet making a whole message, and whether its startup
 * message (the only one without a type byte) has come.
 */

/** @type {Map<number, Connection>} */
const connections = new Map();
/** One statement at a time, in arrival order: PGlite is a single session. */
let queue = Promise.resolve();
let dead = false;

/** @param {unknown} error */
function fatal(error) {
  if (dead) return;
  dead = true;
  const message = error instanceof Error ? error.message : String(error);
  port.postMessage({ type: 'fatal', message });
}

/** @param {Uint8Array} a @param {Uint8Array} b */
function joined(a, b) {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/**
 * The whole messages at the start of a connection's buffer; the rest stays buffered.
 * @param {Connection} conn
 */
function takeMessages(conn) {
  /** @type {Uint8Array[]} */
  const messages = [];
  let at = 0;
  const view = new DataView(conn.buffer.buffer, conn.buffer.byteOffset, conn.buffer.byteLength);
  for (;;) {
    // Startup: Int32 length (itself included) then the body; afterwards a type byte first.
    const head = conn.started ? 1 : 0;
    if (conn.buffer.length - at < head + 4) break;
    const length = head + view.getInt32(at + head);
    if (conn.buffer.length - at < length) break;
    messages.push(conn.buffer.subarray(at, at + length));
    at += length;
    conn.started = true;
  }
  conn.buffer = conn.buffer.slice(at);
  return messages;
}

/**
 * Runs the messages and sends the answers back in one piece (a copy: PGlite hands out views
 * of its own memory, which must not be transferred).
 * @param {number} connId @param {Uint8Array[]} messages
 */
async function run(connId, messages) {
  /** @type {Uint8Array[]} */
  const chunks = [];
  let size = 0;
  for (const message of messages) {
    await db.execProtocolRawStream(message, {
      onRawData: (data) => {
        chunks.push(data.slice());
        size += data.length;
      },
    });
  }
  if (size === 0 || !connections.has(connId)) return;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  port.postMessage({ type: 'data', conn: connId, bytes }, [bytes.buffer]);
}

/** A connection that ends leaves no open transaction nor prepared statements behind. */
async function reset() {
  if (db.isInTransaction()) await db.exec('ROLLBACK');
  await db.exec('DEALLOCATE ALL');
}

/** @param {() => Promise<void>} work */
function enqueue(work) {
  queue = queue.then(() => (dead ? undefined : work())).catch(fatal);
}

let db;
try {
  // loadDataDir: a dump (tar) of a database to start from; tests start from a migrated one.
  const start = loadDataDir ? { loadDataDir: new Blob([await readFile(loadDataDir)]) } : {};
  db = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...start, extensions: { pg_trgm } });
} catch (error) {
  fatal(error);
  process.exit(1);
}

port.on('message', (/** @type {{ type: string, conn: number, bytes?: Uint8Array }} */ message) => {
  switch (message.type) {
    case 'open':
      connections.set(message.conn, { buffer: new Uint8Array(0), started: false });
      break;
    case 'data': {
      const conn = connections.get(message.conn);
      if (!conn || !message.bytes) break;
      conn.buffer = joined(conn.buffer, message.bytes);
      const messages = takeMessages(conn);
      if (messages.length > 0) enqueue(() => run(message.conn, messages));
      break;
    }
    case 'close':
      if (connections.delete(message.conn)) enqueue(reset);
      break;
    case 'shutdown':
      // Work still queued runs first; nothing after it (a connection's last goodbye included).
      queue = queue
        .then(() => {
          dead = true;
        })
        .then(() => db.close())
        .catch(() => undefined)
        .then(() => port.postMessage({ type: 'closed' }));
      break;
  }
});
port.postMessage({ type: 'ready' });
