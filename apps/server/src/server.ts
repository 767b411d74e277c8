/**
 * Production entry point: configuration from the environment, migrations, demo data on the
 * first start, then listen. SIGTERM lets in-flight requests finish and closes the database.
 */
import { loadConfig, ConfigError, type Config } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { buildApp } from './app.ts';
import { startBackgroundJobs } from './jobs.ts';
import { seedCategories, seedDemoIfEmpty, DEMO_ACCOUNTS } from './demo/seed.ts';

export async function startServer(config: Config, { quiet = false } = {}) {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    databaseReadUrl: config.DATABASE_READ_URL,
    dataDir: config.dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  await runMigrations(database);
  let seeded = false;
  // The category tree is reference data: kept up to date at every start, demo data or not.
  await seedCategories(database);
  if (config.SEED_DEMO === 'true') seeded = await seedDemoIfEmpty(database, config);
  const app = await buildApp({ config, database, serveWeb: true });
  const jobs = startBackgroundJobs(app.ctx, app.log);
  app.addHook('onClose', async () => {
    await jobs.stop();
    await database.close();
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  if (!quiet) {
    const url =
      config.PUBLIC_URL ?? `http://${config.HOST}:${(app.server.address() as { port: number }).port}`;
    console.info(
      `\nMarktgasse is running on ${url}  (database: ${database.engine}${seeded ? ', demo data loaded' : ''})`,
    );
    console.info('Demo accounts (password for each: see below):');
    for (const account of DEMO_ACCOUNTS)
      console.info(`  ${account.role.padEnd(11)} ${account.username.padEnd(16)} ${account.password}`);
    console.info(`API docs: ${url}/api/docs\n`);
  }
  return app;
}

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
  const app = await startServer(config);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    // Keep-alive sockets whose request finished after the close began would hold the server
    // open until the client drops them: close each one as soon as it is idle.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 200);
    sweep.unref();
    app.close().then(
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
