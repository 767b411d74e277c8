/**
 * Bearer access tokens: HS256 JWTs carrying the user id and the user's token version.
 * Only HS256 is accepted (no `alg: none`, no key confusion); the version lets logout and
 * account deletion revoke every token issued before.
 */
import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

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

  /** The claims of a valid token, or null for anything else. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: 'marktgasse' });
      const userId = Number(payload.sub);
      const version = payload.ver;
      if (
        !Number.isSafeInteger(userId) ||
        userId <= 0 ||
        typeof version !== 'number' ||
        !Number.isSafeInteger(version)
      )
        return null;
      return { userId, version };
    } catch {
      return null;
    }
  }
}
