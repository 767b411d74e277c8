/**
 * `npm run start:prod`: one worker per core sharing the port (node:cluster). The primary
 * runs the migrations once, then forks; a worker that dies after it started is replaced, one
 * that fails to start (port taken, data directory owned by another process, bad database)
 * stops the whole cluster instead of a restart loop. With the embedded PGlite database only
 * one process may open the data directory (decision 136), so cluster mode needs DATABASE_URL
 * (a PostgreSQL server); without it a single worker runs. SIGTERM/SIGINT stop every worker
 * gracefully and the primary exits when they have (decision 137).
 */
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, ConfigError, type Config } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { DataDirBusyError, lockDataDir } from './db/data-dir-lock.ts';
import { runMigrations } from './db/migrate.ts';
import { seedDemoIfEmpty } from './demo/seed.ts';

/** What a worker sends the primary once it serves (the same text in server.ts). */
const WORKER_READY = 'marktgasse:ready';

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

async function prepare(config: Config) {
  if (!config.DATABASE_URL) {
    console.warn('Embedded database: running one worker (set DATABASE_URL for one worker per core).');
    // Fail here, once, rather than in a worker: is the data directory free?
    lockDataDir(config.dataDir, 'server').release();
    return;
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL });
  try {
    await runMigrations(database);
    const seeded = config.SEED_DEMO === 'true' ? await seedDemoIfEmpty(database, config) : null;
    if (seeded?.passwords === 'generated') {
      console.info('Demo accounts with generated passwords (shown this once; they are stored only hashed):');
      for (const login of seeded.logins) console.info(`  ${login.username.padEnd(24)} ${login.password}`);
    }
  } finally {
    await database.close();
  }
}

export async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
    await prepare(config);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    if (error instanceof DataDirBusyError) fail(`Not started: ${error.message}`, error.exitCode);
    throw error;
  }
  const workers = config.DATABASE_URL ? (config.WEB_CONCURRENCY ?? availableParallelism()) : 1;
  // Workers run the server entry beside this file (src/server.ts under tsx, dist/server.js built).
  const here = fileURLToPath(import.meta.url);
  cluster.setupPrimary({
    exec: path.join(path.dirname(here), `server${path.extname(here)}`),
    execArgv: [...new Set([...process.execArgv, '--enable-source-maps'])],
  });
  const ready = new WeakSet<Worker>();
  const live = new Set<Worker>();
  let stopping = false;
  const fork = () => {
    const worker = cluster.fork();
    live.add(worker);
    worker.on('message', (message) => {
      if (message === WORKER_READY) ready.add(worker);
    });
  };
  const stop = (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    process.exitCode = exitCode;
    for (const worker of live) worker.process.kill('SIGTERM');
    // Each worker bounds its own stop (SHUTDOWN_GRACE_MS); this bounds the primary's.
    setTimeout(() => {
      for (const worker of live) worker.process.kill('SIGKILL');
      process.exit(1);
    }, config.SHUTDOWN_GRACE_MS + 5_000).unref();
  };
  cluster.on('exit', (worker, code, signal) => {
    live.delete(worker);
    if (!stopping && !ready.has(worker)) {
      console.error(`worker ${worker.process.pid} could not start (${code ?? signal}); stopping`);
      stop(code || 1);
    } else if (!stopping) {
      console.error(`worker ${worker.process.pid} exited (${code ?? signal}); starting another`);
      fork();
    }
    if (stopping && live.size === 0) process.exit();
  });
  for (let i = 0; i < workers; i += 1) fork();
  process.on('SIGTERM', () => stop(0));
  process.on('SIGINT', () => stop(0));
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
