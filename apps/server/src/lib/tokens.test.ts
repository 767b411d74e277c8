import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenService } from './tokens.ts';

const SECRET = 'unit-test-secret-unit-test-secret-000000';
const tokens = new TokenService(SECRET, 15);
const key = new TextEncoder().encode(SECRET);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** A token signed with the right secret over exactly the given header and payload. */
function signed(header: unknown, payload: unknown): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`;
}

/** A token jose signs with the given algorithm, for user `sub` at token version `ver`. */
function joseToken(alg: 'HS256' | 'HS512', sub: string, ver: number): Promise<string> {
  return new SignJWT({ ver })
    .setProtectedHeader({ alg })
    .setSubject(sub)
    .setIssuer('marktgasse')
    .setExpirationTime('5m')
    .sign(key);
}

const good = { sub: '42', ver: 3, iss: 'marktgasse', iat: now(), exp: now() + 600 };

describe('TokenService.verify', () => {
  it('accepts what issue() signs and answers its claims', async () => {
    const token = await tokens.issue({ userId: 42, version: 3 });
    expect(await tokens.verify(token)).toEqual({ userId: 42, version: 3 });
  });

  it('accepts a token jose signs with the same claims', async () => {
    expect(await tokens.verify(await joseToken('HS256', '7', 0))).toEqual({ userId: 7, version: 0 });
  });

  it('refuses a token signed with another secret', async () => {
    const other = new TokenService('another-secret-another-secret-000000000', 15);
    expect(await tokens.verify(await other.issue({ userId: 42, version: 3 }))).toBeNull();
  });

  it('refuses an edited payload, a dropped or altered signature and extra parts', async () => {
    const token = await tokens.issue({ userId: 42, version: 3 });
    const [h, , s] = token.split('.');
    expect(await tokens.verify(`${h}.${b64({ ...good, sub: '1' })}.${s}`)).toBeNull();
    expect(await tokens.verify(`${h}.${token.split('.')[1]}.`)).toBeNull();
    expect(await tokens.verify(`${token}x`)).toBeNull();
    expect(await tokens.verify(`${token}=`)).toBeNull();
    expect(await tokens.verify(`${token}.${s}`)).toBeNull();
    expect(await tokens.verify(token.slice(0, token.lastIndexOf('.')))).toBeNull();
    expect(await tokens.verify('')).toBeNull();
    expect(await tokens.verify('..')).toBeNull();
  });

  it('refuses other algorithms and unexpected header fields', async () => {
    expect(await tokens.verify(`${b64({ alg: 'none' })}.${b64(good)}.`)).toBeNull();
    expect(await tokens.verify(signed({ alg: 'none', typ: 'JWT' }, good))).toBeNull();
    expect(await tokens.verify(signed({ alg: 'HS256', crit: ['b64'], b64: false }, good))).toBeNull();
    expect(await tokens.verify(signed({ alg: 'HS256', kid: 'x' }, good))).toBeNull();
    expect(await tokens.verify(signed({ alg: 'HS256', typ: 'at+jwt' }, good))).toBeNull();
    expect(await tokens.verify(await joseToken('HS512', '42', 3))).toBeNull();
    // The control: the same helper with a proper header is accepted.
    expect(await tokens.verify(signed({ alg: 'HS256', typ: 'JWT' }, good))).toEqual({
      userId: 42,
      version: 3,
    });
  });

  it('refuses expired, not-yet-valid, foreign-issuer and malformed claims', async () => {
    const header = { alg: 'HS256', typ: 'JWT' };
    expect(await tokens.verify(signed(header, { ...good, exp: now() - 1 }))).toBeNull();
    expect(await tokens.verify(signed(header, { ...good, exp: undefined }))).toBeNull();
    expect(await tokens.verify(signed(header, { ...good, exp: String(now() + 600) }))).toBeNull();
    expect(await tokens.verify(signed(header, { ...good, nbf: now() + 60 }))).toBeNull();
    expect(await tokens.verify(signed(header, { ...good, iss: 'elsewhere' }))).toBeNull();
    expect(await tokens.verify(signed(header, { ...good, sub: '0' }))).toBeNull();
    expect(await tokens.verify(signed(header, { ...good, sub: '4.2' }))).toBeNull();
    expect(await tokens.verify(signed(header, { ...good, sub: 42 }))).toBeNull();
    expect(await tokens.verify(signed(header, { ...good, ver: '3' }))).toBeNull();
    expect(await tokens.verify(signed(header, [good]))).toBeNull();
    expect(await tokens.verify(`${b64(header)}.bm90IGpzb24.${'A'.repeat(43)}`)).toBeNull();
  });
});
