/**
 * Periodic work of the orders module: expiring unpaid orders, reconciling payments, and
 * releasing the earnings of fulfilled parts after the holding period (e-mails: mail/jobs.ts).
 */
import type { Job } from '../../jobs.ts';
import { releaseHeldEarnings } from '../ledger/jobs.ts';
import { orderServicesFor } from './services.ts';

/** Started by server.ts with the other modules' jobs; each is safe to run in several processes at once. */
export const orderJobs: readonly Job[] = [
  {
    name: 'orders.expire-unpaid',
    intervalMs: 30_000,
    run: (ctx) => orderServicesFor(ctx).holds.sweepExpired(),
  },
  {
    // Captures whose answer never reached the database, and refunds left unfinished (decision 156).
    name: 'orders.reconcile-payments',
    intervalMs: 30_000,
    run: (ctx, log) => orderServicesFor(ctx).reconciler.reconcilePayments(60, log),
  },
  {
    // Earnings of fulfilled parts become available after PAYOUT_HOLD_DAYS (decision 243).
    name: 'ledger.release-held-earnings',
    intervalMs: 3_600_000,
    run: (ctx) => releaseHeldEarnings(ctx),
  },
];
