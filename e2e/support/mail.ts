/**
 * The server's outbox as the e2e tests read it: without SMTP it writes each e-mail as an .eml
 * file to DATA_DIR/outbox (every 15 s).
 */
import { expect } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The text of an .eml file, quoted-printable or base64 bodies decoded. */
function decodeMail(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head))
    return `${head}\n\n${Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')}`;
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const joined = body.replace(/=\r?\n/g, '');
    const bytes = joined.replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    return `${head}\n\n${Buffer.from(bytes, 'latin1').toString('utf8')}`;
  }
  return raw;
}

/**
 * Waits for the newest mail to `email` with a link to `route` carrying `param`
 * (`/confirm-email?token=…`) and answers the link's hash path.
 */
export async function mailedLink(email: string, route: string, param = 'token'): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const link = new RegExp(`#(/${route}\\?${param}=[A-Za-z0-9_-]+)`);
  let found: string | undefined;
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(dir).sort().reverse();
        } catch {
          return undefined;
        }
        for (const file of files) {
          const text = decodeMail(readFileSync(path.join(dir, file), 'utf8'));
          if (!text.includes(email)) continue;
          const match = link.exec(text);
          if (match) return (found = match[1]);
        }
        return undefined;
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBeTruthy();
  return found!;
}
