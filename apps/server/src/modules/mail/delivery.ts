/**
 * Delivery of the outbox: through SMTP when SMTP_URL is set, otherwise as .eml files under
 * DATA_DIR/outbox. A failed send is logged and retried later; it never fails the event that
 * queued the e-mail.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { claimMail, markMailFailed, markMailsSent, purgeSentMail, type OutboxRow } from './repo.ts';

const MAX_ATTEMPTS = 10;
const BATCH = 20;
const MAX_ROUNDS = 50;
/** Sent e-mails stay this long (support: "did the confirmation go out?"), then go. */
export const SENT_MAIL_KEEP_DAYS = 30;
const PURGE_BATCH = 5_000;

let smtp: { url: string; transport: Transporter } | null = null;
const fileTransport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

function smtpTransport(url: string): Transporter {
  if (!smtp || smtp.url !== url) smtp = { url, transport: nodemailer.createTransport(url) };
  return smtp.transport;
}

/** Retry after 1, 2, 4 … minutes, at most 6 hours. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(6 * 3600, 60 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Delivers due outbox e-mails once; answers how many went out. Safe to run in several
 * processes at once (each claims different rows).
 */
export async function deliverOutbox(ctx: AppContext, log?: FastifyBaseLogger): Promise<number> {
  let sent = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const due = await claimMail(ctx.database.db, BATCH, MAX_ATTEMPTS);
    sent += await deliver(ctx, due, log);
    if (due.length < BATCH) break;
  }
  return sent;
}

/** Deletes e-mails sent more than SENT_MAIL_KEEP_DAYS ago, in batches; answers how many. */
export async function purgeOldMail(ctx: AppContext): Promise<number> {
  let purged = 0;
  for (;;) {
    const n = await purgeSentMail(ctx.database.db, SENT_MAIL_KEEP_DAYS, PURGE_BATCH);
    purged += n;
    if (n < PURGE_BATCH) return purged;
  }
}

/** Sends one e-mail, or writes it as an .eml file when no SMTP server is configured. */
async function send(ctx: AppContext, mail: OutboxRow, ensureDir: () => Promise<string>): Promise<void> {
  const message = {
    from: ctx.config.MAIL_FROM,
    to: mail.recipient,
    subject: mail.subject,
    text: mail.body,
    messageId: `<outbox-${mail.id}@marktgasse.local>`,
  };
  if (ctx.config.SMTP_URL) {
    await smtpTransport(ctx.config.SMTP_URL).sendMail(message);
    return;
  }
  const info = (await fileTransport.sendMail(message)) as { message: Buffer };
  await writeFile(path.join(await ensureDir(), `${String(mail.id).padStart(6, '0')}.eml`), info.message);
}

async function deliver(ctx: AppContext, due: OutboxRow[], log?: FastifyBaseLogger): Promise<number> {
  const db = ctx.database.db;
  const dir = path.join(ctx.config.dataDir, 'outbox');
  let dirReady: Promise<string> | null = null;
  const ensureDir = () => (dirReady ??= mkdir(dir, { recursive: true }).then(() => dir));
  // Marked in one statement per batch rather than one commit per e-mail: a crash in between
  // sends the batch again once its lease runs out, as it would for a single e-mail before.
  const sent: number[] = [];
  for (const mail of due) {
    try {
      await send(ctx, mail, ensureDir);
      sent.push(mail.id);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      log?.warn(
        { outboxId: mail.id, attempts: mail.attempts, err: text },
        'e-mail delivery failed; will retry',
      );
      await markMailFailed(db, mail.id, text, retryDelaySeconds(mail.attempts));
    }
  }
  await markMailsSent(db, sent);
  return sent.length;
}
