/**
 * `npm run db:migrate`: applies the migrations. On the embedded database it first takes the
 * data directory (decision 136) and is refused, touching nothing, while the server runs.
 */
import { loadConfig, ConfigError } from '../config/env.ts';
import { openDatabase } from './client.ts';
import { DataDirBusyError, holdDatabase } from './data-dir-lock.ts';
import { runMigrations } from './migrate.ts';

try {
  const config = loadConfig();
  const lock = holdDatabase(config, 'migrate');
  try {
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
    try {
      await runMigrations(database);
    } finally {
      await database.close();
    }
    console.info(`migrations applied (${database.engine})`);
  } finally {
    lock.release();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirBusyError) {
    console.error(error instanceof DataDirBusyError ? `Refused: ${error.message}` : error.message);
    process.exit(error instanceof DataDirBusyError ? error.exitCode : 1);
  }
  throw error;
}
