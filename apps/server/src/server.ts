/**
 * Production entry point. The order matters: the port first (a second start fails there and
 * touches nothing), then the data directory (one owner, decision 136), migrations, reference
 * and demo data, then the app answers. SIGTERM/SIGINT stop taking connections, let requests
 * in flight finish (at most SHUTDOWN_GRACE_MS) and close the database (decision 137).
 */
import http from 'node:http';
import { loadConfig, ConfigError, type Config } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { holdDatabase, DataDirBusyError } from './db/data-dir-lock.ts';
import { runMigrations } from './db/migrate.ts';
import { StaffService } from './modules/staff/service.ts';
import { buildApp } from './app.ts';
import { startBackgroundJobs } from './jobs.ts';
import { accountJobs } from './modules/accounts/jobs.ts';
import { mailJobs } from './modules/mail/jobs.ts';
import { orderJobs } from './modules/orders/jobs.ts';
import { orderPaymentPorts } from './modules/orders/payment-ports.ts';
import { orderServicesFor } from './modules/orders/services.ts';
import { paymentsJobs } from './modules/payments/jobs.ts';
import { AccountsService } from './modules/accounts/service.ts';
import { seedCategories, seedDemoIfEmpty, DEMO_ACCOUNTS, type DemoLogins } from './demo/seed.ts';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/**
 * The HTTP server, with the timeouts that cut off slow and idle clients (decision 139).
 * It can listen before the app exists: requests that arrive meanwhile wait for `serve`.
 */
export function createHttpServer(config: Config) {
  let handler: Handler | undefined;
  let draining = false;
  const waiting: [http.IncomingMessage, http.ServerResponse][] = [];
  const server = http.createServer(
    {
      requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      // Node looks for overdue requests at this interval (30 s by default): often enough that a
      // timeout takes effect close to its value.
      connectionsCheckingInterval: Math.max(
        50,
        Math.min(
          30_000,
          Math.floor(Math.min(config.HTTP_HEADERS_TIMEOUT_MS, config.HTTP_REQUEST_TIMEOUT_MS) / 4),
        ),
      ),
    },
    (req, res) => {
      // While stopping, a request on a kept-alive socket is answered and its socket closed.
      if (draining) res.setHeader('connection', 'close');
      if (handler) handler(req, res);
      else waiting.push([req, res]);
    },
  );
  return {
    server,
    /** Binds the port; rejects (EADDRINUSE, EACCES) without side effects. */
    listen(port: number, host: string): Promise<void> {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen({ port, host }, () => {
          server.off('error', reject);
          resolve();
        });
      });
    },
    serve(next: Handler) {
      handler = next;
      for (const [req, res] of waiting.splice(0)) if (!res.destroyed) next(req, res);
    },
    /** Stops taking connections and answers when every open one has finished. */
    drain(): Promise<void> {
      draining = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive sockets whose request finished after the stop began would hold the server
      // open until the client drops them: close each one as soon as it is idle.
      const sweep = setInterval(() => server.closeIdleConnections(), 200);
      sweep.unref();
      server.closeIdleConnections();
      return closed.finally(() => clearInterval(sweep));
    },
  };
}

function demoLoginsToShow(config: Config, seeded: DemoLogins | null): DemoLogins | null {
  if (seeded) return seeded;
  // Outside production the demo accounts keep the published password; never shown in production.
  if (config.SEED_DEMO === 'true' && config.NODE_ENV !== 'production')
    return {
      passwords: 'published',
      logins: DEMO_ACCOUNTS.map(({ username, password }) => ({ username, password })),
    };
  return null;
}

function databaseOptions(config: Config): Parameters<typeof openDatabase>[0] {
  return {
    databaseUrl: config.DATABASE_URL,
    databaseReadUrl: config.DATABASE_READ_URL,
    dataDir: config.dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
    watchdog: { stallMs: config.DATABASE_STALL_MS, exitMs: config.DATABASE_STALL_EXIT_MS },
  };
}

/**
 * Background work of this process (order expiry, e-mail delivery, the payments module's TWINT
 * status poll and bank folder, decision 247): started here, stopped on close.
 */
function startModuleJobs(app: Awaited<ReturnType<typeof buildApp>>) {
  const ports = orderPaymentPorts(app.ctx, orderServicesFor(app.ctx).capture);
  return startBackgroundJobs(app.ctx, app.log, [
    ...orderJobs,
    ...mailJobs,
    ...accountJobs,
    ...paymentsJobs(ports),
  ]);
}

export async function startServer(config: Config, { quiet = false } = {}) {
  const httpServer = createHttpServer(config);
  await httpServer.listen(config.PORT, config.HOST);
  let lock: ReturnType<typeof holdDatabase> | undefined;
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    lock = holdDatabase(config, 'server');
    database = await openDatabase(databaseOptions(config));
    database.watchdog.superviseMainThread();
    await runMigrations(database);
    // The category tree is reference data: kept up to date at every start, demo data or not.
    await seedCategories(database);
    const seeded = config.SEED_DEMO === 'true' ? await seedDemoIfEmpty(database, config) : null;
    // Staff TOTP secrets stored in the clear before decision 256 are sealed once.
    await new StaffService({ database, config }).sealPlainSecrets();
    const opened = database;
    const held = lock;
    let handler: Handler | undefined;
    const app = await buildApp({
      config,
      database,
      serveWeb: true,
      serverFactory: (fastifyHandler) => {
        handler = fastifyHandler;
        return httpServer.server;
      },
    });

    const jobs = startModuleJobs(app);
    app.addHook('onClose', async () => {
      await jobs.stop();
      await opened.close();
      held.release();
    });
    await app.ready();
    // Look-alike checks need every name's skeleton: rows from before decision 198 and the demo loaders.
    await new AccountsService(app.ctx).fillMissingSkeletons();
    // A stuck database ends the process (with a log line) so that its supervisor restarts it.
    opened.watchdog.start({
      log: app.log,
      onFatal: () => setTimeout(() => process.exit(1), 100),
      dataDir: config.DATABASE_URL ? undefined : config.dataDir,
      warnFreeBytes: config.DISK_FREE_WARN_MB * 1024 * 1024,
      minFreeBytes: config.DISK_FREE_MIN_MB * 1024 * 1024,
    });
    httpServer.serve(handler!);
    const port = (httpServer.server.address() as { port: number }).port;
    const url = config.PUBLIC_URL ?? `http://${config.HOST}:${port}`;
    app.log.info({ url, engine: opened.engine }, 'listening');
    if (!quiet) printBanner(url, opened.engine, seeded !== null, demoLoginsToShow(config, seeded));
    return {
      app,
      url,
      /** Finishes requests in flight, then stops the jobs and closes the database. */
      async stop() {
        await httpServer.drain();
        await app.close();
      },
    };
  } catch (error) {
    httpServer.server.close();
    await database?.close().catch(() => {});
    lock?.release();
    throw error;
  }
}

function printBanner(url: string, engine: string, seeded: boolean, demo: DemoLogins | null) {
  console.info(
    `\nMarktgasse is running on ${url}  (database: ${engine}${seeded ? ', demo data loaded' : ''})`,
  );
  if (demo?.passwords === 'generated') {
    console.info('Demo accounts with generated passwords (shown this once; they are stored only hashed):');
    for (const login of demo.logins) console.info(`  ${login.username.padEnd(24)} ${login.password}`);
  } else if (demo) {
    console.info('Demo accounts:');
    for (const login of demo.logins) console.info(`  ${login.username.padEnd(16)} ${login.password}`);
  }
  console.info(`API docs: ${url}/api/docs\n`);
}

/** Runs the server until SIGTERM/SIGINT; exits non-zero when the start fails. */
export async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer(config);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (error instanceof DataDirBusyError) {
      console.error(`Not started: ${error.message}`);
      process.exit(error.exitCode);
    }
    if (code === 'EADDRINUSE' || code === 'EACCES') {
      console.error(
        `Not started: port ${config.PORT} on ${config.HOST} is ${code === 'EADDRINUSE' ? 'already in use' : 'not allowed'}` +
          ' (is Marktgasse already running?). Set PORT to another port. Nothing was changed.',
      );
      process.exit(1);
    }
    throw error;
  }
  // A cluster worker tells the primary that it serves (cluster.ts replaces only such workers).
  process.send?.('marktgasse:ready');
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      console.error(`requests still running after ${config.SHUTDOWN_GRACE_MS} ms: exiting anyway`);
      process.exit(1);
    }, config.SHUTDOWN_GRACE_MS);
    timer.unref();
    server.stop().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
