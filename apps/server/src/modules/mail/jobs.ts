/** Periodic work of the mail module: delivering the outbox and forgetting old sent e-mails. */
import type { Job } from '../../jobs.ts';
import { deliverOutbox, purgeOldMail } from './delivery.ts';

/** Started by server.ts with the other modules' jobs; each is safe to run in several processes at once. */
export const mailJobs: readonly Job[] = [
  {
    name: 'mail.deliver-outbox',
    intervalMs: 15_000,
    run: (ctx, log) => deliverOutbox(ctx, log),
  },
  {
    name: 'mail.purge-sent-mail',
    intervalMs: 3_600_000,
    run: (ctx) => purgeOldMail(ctx),
  },
];
