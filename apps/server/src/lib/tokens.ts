/**
 * Bearer access tokens: HS256 JWTs carrying the user id and the user's token version.
 * Only HS256 is accepted (no `alg: none`, no key confusion); the version lets logout and
 * account deletion revoke every token issued before.
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';

export interface TokenClaims {
  userId: number;
  version: number;
}

export class TokenService {
  /** Imported once: given raw bytes, jose would import the HMAC key again for every token. */
  private readonly key: KeyObject;

  constructor(
    secret: string,
    private readonly ttlMinutes: number,
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  async issue(claims: TokenClaims): Promise<string> {
    return new SignJWT({ ver: claims.version })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setIssuer('marktgasse')
      .setExpirationTime(`${this.ttlMinutes}m`)
      .sign(this.key);
  }

  /**
   * The claims of a valid token, or null for anything else. Checked here with one synchronous
   * HMAC rather than jose's WebCrypto verify, which queues work on the thread pool and costs
   * more than the rest of an authenticated request: only the compact form, header
   * `{"alg":"HS256"}` (optionally `typ: JWT`, nothing else), issuer, expiry and not-before.
   */
  async verify(token: string): Promise<TokenClaims | null> {
    const first = token.indexOf('.');
    const second = token.indexOf('.', first + 1);
    if (first <= 0 || second <= first + 1 || token.indexOf('.', second + 1) !== -1) return null;
    const header = decodeJson(token.slice(0, first));
    if (!header || header.alg !== 'HS256') return null;
    for (const name of Object.keys(header)) {
      if (name !== 'alg' && !(name === 'typ' && header.typ === 'JWT')) return null;
    }
    const signature = Buffer.from(token.slice(second + 1), 'base64url');
    const expected = createHmac('sha256', this.key).update(token.slice(0, second)).digest();
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
    // Buffer's decoder skips characters outside the alphabet: only the canonical text is accepted.
    if (signature.toString('base64url') !== token.slice(second + 1)) return null;
    const payload = decodeJson(token.slice(first + 1, second));
    if (!payload || payload.iss !== 'marktgasse') return null;
    const now = Math.floor(Date.now() / 1000);
    if (typeof payload.exp !== 'number' || !(payload.exp > now)) return null;
    if (payload.nbf !== undefined && !(typeof payload.nbf === 'number' && payload.nbf <= now)) return null;
    const userId =
      typeof payload.sub === 'string' && /^[1-9]\d*$/.test(payload.sub) ? Number(payload.sub) : NaN;
    const version = payload.ver;
    if (!Number.isSafeInteger(userId) || typeof version !== 'number' || !Number.isSafeInteger(version)) {
      return null;
    }
    return { userId, version };
  }
}

/** A base64url JSON object, or null. */
function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
