/**
 * Time-based one-time passwords (RFC 6238: SHA-1, 6 digits, 30 s) through `otpauth`, and
 * one-time recovery codes. Pure: whether a step was used before is the service's question.
 */
import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;

function totp(secret: string, label = 'staff'): TOTP {
  return new TOTP({
    issuer: 'Marktgasse',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUrl(secret: string, username: string): string {
  return totp(secret, username).toString();
}

/** The 30-second step a code belongs to (one step of clock drift either way), or null. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD) + delta;
}

/** The code of a secret at a time (tests, and the CLI's check of a provided secret). */
export function totpCode(secret: string, now = Date.now()): string {
  return totp(secret).generate({ timestamp: now });
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like `k7m2-x9pq-4tzr`: about 70 bits each, so a plain SHA-256 suffices to store them. */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`;
  });
}

export function hashRecoveryCode(code: string): string {
  const normal = code.trim().toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(`recovery:${normal}`).digest('hex');
}

export function looksLikeRecoveryCode(code: string): boolean {
  return /^[a-z0-9]{4}-?[a-z0-9]{4}-?[a-z0-9]{4}$/i.test(code.trim());
}
