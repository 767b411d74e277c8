/**
 * Integration-test helpers over the mail outbox: the mails queued to an address (newest first)
 * and the token of the newest link of a kind in them.
 */
import { desc, eq } from 'drizzle-orm';
import { outbox } from '../src/db/schema.ts';
import type { TestApp } from './build.ts';

export const mailsTo = (t: TestApp, email: string) =>
  t.database.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id));

/** The token of the newest `/#/{route}?{param}=…` link mailed to `email`. */
export async function mailedToken(
  t: TestApp,
  email: string,
  route: string,
  param = 'token',
): Promise<string> {
  for (const mail of await mailsTo(t, email)) {
    const match = new RegExp(`/#/${route}\\?${param}=([A-Za-z0-9_-]+)`).exec(mail.body);
    if (match) return match[1]!;
  }
  throw new Error(`no ${route} link mailed to ${email}`);
}
