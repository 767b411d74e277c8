/**
 * Unpaid invoices (decision 251): an invoice order holds its stock INVOICE_HOLD_DAYS; its bill
 * is due INVOICE_GRACE_DAYS before the hold ends. When the due date passes unpaid, the customer
 * gets ONE reminder; when the hold ends, the orders module's expiry sweep expires the order and
 * releases its stock, as for any unpaid order.
 */
import { queueMail } from '../mail/service.ts';
import type { AppContext } from '../../context.ts';
import type { Env } from '../../config/env.ts';
import { invoiceReminderMail } from './mails.ts';
import * as repo from './repo.ts';

const DAY_MS = 86_400_000;
const BATCH = 50;

/** The bill's due date: the hold's end less the grace days. */
export function invoiceDueAt(config: Pick<Env, 'INVOICE_GRACE_DAYS'>, expiresAt: Date): Date {
  return new Date(expiresAt.getTime() - config.INVOICE_GRACE_DAYS * DAY_MS);
}

/**
 * One pass of the reminder job: each overdue invoice's reminder is claimed (a row of
 * invoice_reminders) in the transaction that queues its e-mail, so two processes, or a pass
 * repeated, never send a second one. Answers how many reminders it queued.
 */
export async function sendInvoiceReminders(ctx: AppContext): Promise<number> {
  const db = ctx.database.db;
  let sent = 0;
  for (;;) {
    const due = await repo.overdueInvoices(db, ctx.config.INVOICE_GRACE_DAYS, BATCH);
    let claimed = 0;
    for (const order of due) {
      const queued = await db.transaction(async (tx) => {
        if (!(await repo.claimReminder(tx, order.orderId))) return false;
        const mail = invoiceReminderMail(ctx, order, order.locale, {
          orderId: order.orderId,
          totalRappen: order.totalRappen,
          dueAt: invoiceDueAt(ctx.config, order.expiresAt),
          expiresAt: order.expiresAt,
        });
        await queueMail(tx, [mail]);
        return true;
      });
      if (queued) claimed += 1;
    }
    sent += claimed;
    if (due.length < BATCH || claimed === 0) return sent;
  }
}
