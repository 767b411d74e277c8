/** The only place that knows the outbox table. Every function takes the handle to use (db or tx). */
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rawRows } from '../../db/sql.ts';
import { outbox } from '../../db/schema.ts';
import type { Mail } from './template.ts';

export type OutboxRow = typeof outbox.$inferSelect;

export async function insertMail(tx: DbOrTx, mails: readonly Mail[]): Promise<void> {
  if (mails.length > 0) await tx.insert(outbox).values([...mails]);
}

/**
 * Claims due e-mails for this process: the claim moves next_attempt_at forward (a lease),
 * and SKIP LOCKED lets several processes claim different rows at the same time.
 */
export async function claimMail(db: DbOrTx, limit: number, maxAttempts: number): Promise<OutboxRow[]> {
  const claimed = await rawRows<{
    id: number;
    recipient: string;
    subject: string;
    body: string;
    attempts: number;
  }>(
    db,
    sql`
    update ${outbox} set attempts = attempts + 1, next_attempt_at = now() + interval '10 minutes'
    where id in (
      select id from ${outbox}
      where sent_at is null and next_attempt_at <= now() and attempts < ${maxAttempts}
      order by id limit ${limit} for update skip locked)
    returning id, recipient, subject, body, attempts`,
  );
  return claimed.map((r) => ({
    ...r,
    nextAttemptAt: new Date(),
    sentAt: null,
    lastError: null,
    createdAt: new Date(),
  }));
}

export async function markMailsSent(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outbox)
    .set({ sentAt: sql`now()`, lastError: null })
    .where(inArray(outbox.id, ids));
}

/**
 * Deletes e-mails sent more than `days` ago, at most `limit` per call: the outbox is a
 * queue with a short memory for support questions, not an archive.
 */
export async function purgeSentMail(db: DbOrTx, days: number, limit: number): Promise<number> {
  const purged = await rawRows(
    db,
    sql`
    delete from ${outbox} where id in (
      select id from ${outbox} where sent_at < now() - make_interval(days => ${days}) limit ${limit})
    returning id`,
  );
  return purged.length;
}

export async function markMailFailed(
  db: DbOrTx,
  id: number,
  error: string,
  retryInSeconds: number,
): Promise<void> {
  await db
    .update(outbox)
    .set({
      lastError: error.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
    })
    .where(eq(outbox.id, id));
}
