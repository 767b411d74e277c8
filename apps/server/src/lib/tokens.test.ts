import { createHmac } from 'node:crypto';
import { createSigner } from 'fast-jwt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './tokens.ts';

const SECRET = 'unit-test-secret-unit-test-secret-000000';
const tokens = new TokenService(SECRET, 15);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** A token signed with the right secret over exactly the given header and payload. */
function signed(header: unknown, payload: unknown): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`;
}

/** A token signed with the right secret by another algorithm, for user `sub` at token version `ver`. */
function otherAlgorithm(algorithm: 'HS384' | 'HS512', sub: string, ver: number): string {
  return createSigner({ key: SECRET, algorithm, iss: 'marktgasse', expiresIn: 300_000 })({ sub, ver });
}

const good = { sub: '42', ver: 3, iss: 'marktgasse', iat: now(), exp: now() + 600 };

afterEach(() => {
  vi.useRealTimers();
});

describe('TokenService.verify', () => {
  it('accepts what issue() signs and answers its claims', () => {
    const token = tokens.issue({ userId: 42, version: 3 });
    expect(tokens.verify(token)).toEqual({ userId: 42, version: 3 });
  });

  it('accepts a token as the previous release signed it (header alg and typ, claims ver/sub/iat/iss/exp)', () => {
    expect(tokens.verify(signed({ alg: 'HS256', typ: 'JWT' }, { ...good, sub: '7', ver: 0 }))).toEqual({
      userId: 7,
      version: 0,
    });
    expect(tokens.verify(signed({ alg: 'HS256' }, good))).toEqual({ userId: 42, version: 3 });
  });

  it('refuses a token signed with another secret', () => {
    const other = new TokenService('another-secret-another-secret-000000000', 15);
    expect(tokens.verify(other.issue({ userId: 42, version: 3 }))).toBeNull();
  });

  it('refuses an edited payload, a dropped or altered signature and extra parts', () => {
    const token = tokens.issue({ userId: 42, version: 3 });
    const [h, , s] = token.split('.');
    expect(tokens.verify(`${h}.${b64({ ...good, sub: '1' })}.${s}`)).toBeNull();
    expect(tokens.verify(`${h}.${token.split('.')[1]}.`)).toBeNull();
    expect(tokens.verify(`${token}x`)).toBeNull();
    expect(tokens.verify(`${token}=`)).toBeNull();
    expect(tokens.verify(`${token}.${s}`)).toBeNull();
    expect(tokens.verify(token.slice(0, token.lastIndexOf('.')))).toBeNull();
    expect(tokens.verify('')).toBeNull();
    expect(tokens.verify('..')).toBeNull();
  });

  it('refuses a signature spelled with other spare bits in its last character', () => {
    const token = tokens.issue({ userId: 42, version: 3 });
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // 32 bytes are 43 characters: the last one carries 4 bits of the signature and 2 spare bits.
    const last = alphabet.indexOf(token.at(-1)!);
    const twin = `${token.slice(0, -1)}${alphabet[last ^ 1]}`;
    expect(Buffer.from(twin.split('.')[2]!, 'base64url')).toEqual(
      Buffer.from(token.split('.')[2]!, 'base64url'),
    );
    expect(tokens.verify(twin)).toBeNull();
    expect(tokens.verify(token)).toEqual({ userId: 42, version: 3 });
  });

  it('refuses other algorithms and unexpected header fields', () => {
    expect(tokens.verify(`${b64({ alg: 'none' })}.${b64(good)}.`)).toBeNull();
    expect(tokens.verify(signed({ alg: 'none', typ: 'JWT' }, good))).toBeNull();
    expect(tokens.verify(signed({ alg: 'HS256', crit: ['b64'], b64: false }, good))).toBeNull();
    expect(tokens.verify(signed({ alg: 'HS256', kid: 'x' }, good))).toBeNull();
    expect(tokens.verify(signed({ alg: 'HS256', typ: 'at+jwt' }, good))).toBeNull();
    expect(tokens.verify(otherAlgorithm('HS512', '42', 3))).toBeNull();
    expect(tokens.verify(otherAlgorithm('HS384', '42', 3))).toBeNull();
    // The control: the same helper with a proper header is accepted.
    expect(tokens.verify(signed({ alg: 'HS256', typ: 'JWT' }, good))).toEqual({
      userId: 42,
      version: 3,
    });
  });

  it('refuses expired, not-yet-valid, foreign-issuer and malformed claims', () => {
    const header = { alg: 'HS256', typ: 'JWT' };
    expect(tokens.verify(signed(header, { ...good, exp: now() - 1 }))).toBeNull();
    expect(tokens.verify(signed(header, { ...good, exp: undefined }))).toBeNull();
    expect(tokens.verify(signed(header, { ...good, exp: String(now() + 600) }))).toBeNull();
    expect(tokens.verify(signed(header, { ...good, nbf: now() + 60 }))).toBeNull();
    expect(tokens.verify(signed(header, { ...good, iss: 'elsewhere' }))).toBeNull();
    expect(tokens.verify(signed(header, { ...good, iss: undefined }))).toBeNull();
    expect(tokens.verify(signed(header, { ...good, sub: '0' }))).toBeNull();
    expect(tokens.verify(signed(header, { ...good, sub: '4.2' }))).toBeNull();
    expect(tokens.verify(signed(header, { ...good, sub: '042' }))).toBeNull();
    expect(tokens.verify(signed(header, { ...good, sub: '99999999999999999' }))).toBeNull();
    expect(tokens.verify(signed(header, { ...good, sub: 42 }))).toBeNull();
    expect(tokens.verify(signed(header, { ...good, ver: '3' }))).toBeNull();
    expect(tokens.verify(signed(header, { ...good, ver: 1.5 }))).toBeNull();
    expect(tokens.verify(signed(header, { ...good, ver: undefined }))).toBeNull();
    expect(tokens.verify(signed(header, [good]))).toBeNull();
    expect(tokens.verify(`${b64(header)}.bm90IGpzb24.${'A'.repeat(43)}`)).toBeNull();
  });

  it('refuses a token once it expires, also after it was accepted before', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z'), toFake: ['Date'] });
    const token = tokens.issue({ userId: 42, version: 3 });
    expect(tokens.verify(token)).toEqual({ userId: 42, version: 3 });
    vi.setSystemTime(new Date('2026-11-23T10:14:59Z'));
    expect(tokens.verify(token)).toEqual({ userId: 42, version: 3 });
    vi.setSystemTime(new Date('2026-11-23T10:15:01Z'));
    expect(tokens.verify(token)).toBeNull();
  });
});
