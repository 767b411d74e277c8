/**
 * `npm run start:prod`: one worker per core sharing the port (node:cluster). The primary
 * runs the migrations once, then forks; a worker that dies is replaced. With the embedded
 * PGlite database only one process may open the data directory, so cluster mode needs
 * DATABASE_URL (a PostgreSQL server); without it a single worker runs.
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { loadConfig } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { seedDemoIfEmpty } from './demo/seed.ts';

if (cluster.isPrimary) {
  const config = loadConfig();
  const workers = config.DATABASE_URL ? Number(process.env.WEB_CONCURRENCY ?? availableParallelism()) : 1;
  if (config.DATABASE_URL) {
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL });
    await runMigrations(database);
    if (config.SEED_DEMO === 'true') await seedDemoIfEmpty(database, config);
    await database.close();
  } else {
    console.warn('Embedded database: running one worker (set DATABASE_URL for one worker per core).');
  }
  let stopping = false;
  for (let i = 0; i < workers; i += 1) cluster.fork();
  cluster.on('exit', (worker, code) => {
    if (!stopping) {
      console.error(`worker ${worker.process.pid} exited (${code}); starting another`);
      cluster.fork();
    }
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} else {
  await import('./server.ts').then((m) => m.main());
}
