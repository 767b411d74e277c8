/** The only place that knows the payout tables (decision 226). */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payoutRuns, payoutTransfers } from '../../db/schema.ts';

export interface TransferRow {
  sellerId: number;
  amountRappen: number;
  iban: string;
  accountHolder: string;
}

export interface RunRow {
  id: number;
  createdAt: Date;
  executedAt: Date | null;
  transfers: TransferRow[];
}

/** Payout runs and their transfers. Built on the database or on the caller's transaction: `new PayoutsRepo(tx)`. */
export class PayoutsRepo {
  constructor(readonly db: DbOrTx) {}

  /** One payout run at a time, across processes: held until the transaction ends. */
  async lockRuns(): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(2026112601)`);
  }

  async insertRun(createdBy: number, at: Date): Promise<number> {
    const [row] = await this.db
      .insert(payoutRuns)
      .values({ createdBy, createdAt: at })
      .returning({ id: payoutRuns.id });
    return row!.id;
  }

  async insertTransfers(runId: number, rows: TransferRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.insert(payoutTransfers).values(rows.map((row) => ({ runId, ...row })));
  }

  async findRun(id: number): Promise<RunRow | null> {
    const [run] = await this.db
      .select({ id: payoutRuns.id, createdAt: payoutRuns.createdAt, executedAt: payoutRuns.executedAt })
      .from(payoutRuns)
      .where(eq(payoutRuns.id, id));
    if (!run) return null;
    const transfers = await this.db
      .select({
        sellerId: payoutTransfers.sellerId,
        amountRappen: payoutTransfers.amountRappen,
        iban: payoutTransfers.iban,
        accountHolder: payoutTransfers.accountHolder,
      })
      .from(payoutTransfers)
      .where(eq(payoutTransfers.runId, id))
      .orderBy(asc(payoutTransfers.sellerId));
    return { ...run, transfers };
  }

  /** Marks a run executed once; false when it was already. */
  async markExecuted(id: number, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(payoutRuns)
      .set({ executedAt: at })
      .where(and(eq(payoutRuns.id, id), isNull(payoutRuns.executedAt)))
      .returning({ id: payoutRuns.id });
    return rows.length === 1;
  }
}
