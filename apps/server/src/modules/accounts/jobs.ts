/** Periodic work of the accounts module: forgetting spent single-use links (decisions 253, 254). */
import type { Job } from '../../jobs.ts';
import { AccountTokensRepo } from './repo.ts';

/** Started by server.ts with the other modules' jobs; a delete is safe to run in several processes. */
export const accountJobs: readonly Job[] = [
  {
    name: 'accounts.purge-spent-links',
    intervalMs: 3_600_000,
    run: (ctx) => new AccountTokensRepo(ctx.database.db).purgeSpent(),
  },
];
