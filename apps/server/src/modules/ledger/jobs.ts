/** The ledger's periodic work: earnings leave the holding period (decisions 225, 243). */
import type { AppContext } from '../../context.ts';
import { LedgerService } from './service.ts';

/**
 * Moves every part fulfilled more than PAYOUT_HOLD_DAYS ago from pending to available; answers
 * how many parts it released. Safe in several processes at once: a release is keyed by its part
 * and amount, so a raced release writes once.
 */
export async function releaseHeldEarnings(ctx: AppContext, now = new Date()): Promise<number> {
  const ledger = new LedgerService(ctx.database.db);
  return ctx.database.db.transaction((tx) => ledger.releaseDue(tx, ctx.config.PAYOUT_HOLD_DAYS, now));
}
