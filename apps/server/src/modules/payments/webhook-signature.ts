/**
 * Datatrans signs each webhook: header `Datatrans-Signature: t=<unix ms>,s0=<hex>`, where
 * s0 = HMAC-SHA256 over `<t>` followed by the raw body, keyed with the hex-decoded sign key
 * of the merchant's web admin. Checked over the raw bytes, in constant time, with a bounded age.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** A signature older (or newer) than this is a replay or a wrong clock: refused. */
export const WEBHOOK_TOLERANCE_MS = 15 * 60 * 1000;

export function signDatatransPayload(hexKey: string, timestamp: number, body: string | Buffer): string {
  return createHmac('sha256', Buffer.from(hexKey, 'hex'))
    .update(String(timestamp))
    .update(body)
    .digest('hex');
}

export function datatransSignatureHeader(hexKey: string, timestamp: number, body: string | Buffer): string {
  return `t=${timestamp},s0=${signDatatransPayload(hexKey, timestamp, body)}`;
}

export function verifyDatatransSignature(
  header: string | undefined,
  body: string | Buffer,
  hexKey: string,
  now = Date.now(),
): boolean {
  if (!header) return false;
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const s0 = parts.get('s0') ?? '';
  if (!Number.isSafeInteger(t) || Math.abs(now - t) > WEBHOOK_TOLERANCE_MS) return false;
  if (!/^[0-9a-f]{64}$/i.test(s0)) return false;
  const expected = Buffer.from(signDatatransPayload(hexKey, t, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(s0, 'hex'));
}
