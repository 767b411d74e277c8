/**
 * Staff TOTP secrets at rest (decision 256): AES-256-GCM through node:crypto, with a key that
 * lives outside the database (STAFF_TOTP_KEY, else derived from JWT_SECRET). A sealed value is
 * `v1.<iv>.<tag>.<ciphertext>` (base64url); anything else is a plain secret from before.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../../config/env.ts';

const PREFIX = 'v1.';

/** The 32-byte key: HKDF over the configured secret, so neither raw secret is the AES key itself. */
export function totpKey(config: Pick<Config, 'STAFF_TOTP_KEY' | 'JWT_SECRET'>): Buffer {
  const secret = config.STAFF_TOTP_KEY ?? config.JWT_SECRET;
  return Buffer.from(hkdfSync('sha256', secret, 'marktgasse', 'staff-totp-secret', 32));
}

export const isSealed = (stored: string): boolean => stored.startsWith(PREFIX);

export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** The plain secret; a value sealed under another key (or altered) throws. */
export function open(key: Buffer, stored: string): string {
  if (!isSealed(stored)) return stored;
  const [iv, tag, body] = stored
    .slice(PREFIX.length)
    .split('.')
    .map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !body) throw new Error('A sealed TOTP secret is malformed.');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
