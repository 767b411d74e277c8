/**
 * What other modules call to send e-mail: `queueMail` writes rendered e-mails (see
 * template.ts) to the outbox inside the caller's transaction, so an e-mail goes out exactly
 * when the event that caused it commits. Delivery is delivery.ts's job, never the caller's.
 */
import type { DbOrTx } from '../../db/client.ts';
import { insertMail } from './repo.ts';
import type { Mail } from './template.ts';

/** Queues the e-mails in `tx` (the transaction of the event they tell about). */
export async function queueMail(tx: DbOrTx, mails: readonly Mail[]): Promise<void> {
  await insertMail(tx, mails);
}
