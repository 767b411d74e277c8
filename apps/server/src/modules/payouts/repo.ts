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

/** One payout run at a time, across processes: held until the transaction ends. */
export async function lockRuns(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(2026112601)`);
}

export async function insertRun(tx: DbOrTx, createdBy: number, at: Date): Promise<number> {
  const [row] = await tx
    .insert(payoutRuns)
    .values({ createdBy, createdAt: at })
    .returning({ id: payoutRuns.id });
  return row!.id;
}

export async function insertTransfers(tx: DbOrTx, runId: number, rows: TransferRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(payoutTransfers).values(rows.map((row) => ({ runId, ...row })));
}

export async function findRun(db: DbOrTx, id: number): Promise<RunRow | null> {
  const [run] = await db
    .select({ id: payoutRuns.id, createdAt: payoutRuns.createdAt, executedAt: payoutRuns.executedAt })
    .from(payoutRuns)
    .where(eq(payoutRuns.id, id));
  if (!run) return null;
  const transfers = await db
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
export async function markExecuted(tx: DbOrTx, id: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(payoutRuns)
    .set({ executedAt: at })
    .where(and(eq(payoutRuns.id, id), isNull(payoutRuns.executedAt)))
    .returning({ id: payoutRuns.id });
  return rows.length === 1;
}
