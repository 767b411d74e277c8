/**
 * `npm run seed` loads the demo data into an empty database (DATABASE_URL, or PGlite under
 * DATA_DIR). `npm run seed -- --products 100000` adds a large generated catalogue for
 * benchmarks (and the demo first, when the database has none). On the embedded database the
 * server must be stopped first: the seed takes the data directory or is refused (decision 136).
 */
import { loadConfig, ConfigError } from '../config/env.ts';
import { usePasswordHashCost } from '../lib/passwords.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirBusyError, holdDatabase } from '../db/data-dir-lock.ts';
import { runMigrations } from '../db/migrate.ts';
import { seedCatalogue } from './catalogue.ts';
import { demoPasswordHash, seedCategories, seedDemoIfEmpty } from './seed.ts';

function parseProducts(argv: string[]): number | undefined {
  const i = argv.findIndex((a) => a === '--products' || a.startsWith('--products='));
  if (i < 0) return undefined;
  const raw = argv[i]!.includes('=') ? argv[i]!.split('=')[1] : argv[i + 1];
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 5_000_000) {
    console.error('--products needs a whole number from 1 to 5000000, e.g. --products 100000');
    process.exit(2);
  }
  return n;
}

async function main() {
  const products = parseProducts(process.argv.slice(2));
  let config;
  try {
    config = loadConfig();
    usePasswordHashCost(config.PASSWORD_HASH_COST);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const started = Date.now();
  let lock;
  try {
    lock = holdDatabase(config, 'seed');
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      console.error(`Refused: ${error.message}`);
      process.exit(error.exitCode);
    }
    throw error;
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: 2,
  });
  try {
    await runMigrations(database);
    if (products === undefined) {
      const loaded = await seedDemoIfEmpty(database, config);
      console.info(loaded ? 'demo data loaded' : 'the database is not empty: nothing loaded');
      if (loaded?.passwords === 'generated') {
        console.info(
          'Demo accounts with generated passwords (shown this once; they are stored only hashed):',
        );
        for (const login of loaded.logins) console.info(`  ${login.username.padEnd(24)} ${login.password}`);
      }
    } else {
      await seedCategories(database);
      await seedCatalogue(database, config, {
        passwordHash: await demoPasswordHash(config),
        products,
        log: (m) => console.info(m),
      });
      console.info(`large catalogue of ${products} products loaded (${database.engine})`);
    }
  } finally {
    await database.close();
    lock.release();
  }
  console.info(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
