import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { createAccount, DEMO_ACCOUNTS } from './seed.ts';

/** Demo sellers, stores, products, stock and reviews. */
export async function seedCatalogue(
  database: Database,
  _config: Config,
  options: { passwordHash: string; products?: number | undefined },
): Promise<void> {
  for (const account of DEMO_ACCOUNTS)
    await createAccount(database, { ...account, passwordHash: options.passwordHash });
}
