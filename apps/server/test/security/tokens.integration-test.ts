/**
 * ASVS V6/V7/V9, API2: forged, expired, edited and revoked bearer tokens get 401 every time,
 * on private and on public routes alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSigner } from 'fast-jwt';
import { build, type TestApp } from '../build.ts';
import { registerUser, type TestUser } from '../fixtures.ts';
import { TEST_JWT_SECRET } from '../security-fixtures.ts';

let t: TestApp;
let user: TestUser;
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (token: string) => {
  const [h, p, s] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(h!, 'base64url').toString()),
    payload: JSON.parse(Buffer.from(p!, 'base64url').toString()),
    signature: s!,
  };
};

beforeAll(async () => {
  t = await build();
  user = await registerUser(t.app, { status: 'CUSTOMER' });
});
afterAll(async () => {
  await t.close();
});

async function expect401(token: string, url = '/api/users/me/') {
  const res = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, `${url} with ${token.slice(0, 40)}…`).toBe(401);
  expect(typeof res.json().detail).toBe('string');
  return res;
}

describe('bearer tokens', () => {
  it('accepts the genuine token (control)', async () => {
    const res = await t.app.inject({ url: '/api/users/me/', headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(user.id);
  });

  it('refuses alg "none" (unsigned), with and without a signature part', async () => {
    const { payload } = decode(user.token);
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}`;
    await expect401(`${unsigned}.`);
    await expect401(unsigned);
    await expect401(`${b64({ alg: 'NONE', typ: 'JWT' })}.${b64(payload)}.`);
  });

  it('refuses a token signed with another secret, and one with another HMAC algorithm', async () => {
    const { payload } = decode(user.token);
    const other = createSigner({ key: 'another-secret-another-secret-another-1', algorithm: 'HS256' })(
      payload,
    );
    await expect401(other);
    const hs512 = createSigner({ key: TEST_JWT_SECRET, algorithm: 'HS512' })(payload);
    await expect401(hs512);
  });

  it('refuses an expired token signed with the right secret', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = createSigner({
      key: TEST_JWT_SECRET,
      iss: 'marktgasse',
      clockTimestamp: (now - 7200) * 1000,
      expiresIn: 7140_000,
    })({
      sub: String(user.id),
      ver: 0,
    });
    expect(decode(expired).payload.exp).toBe(now - 60);
    await expect401(expired);
  });

  it('refuses a token whose user id, version or role was edited (signature no longer matches)', async () => {
    const { header, payload, signature } = decode(user.token);
    const edits = [
      { ...payload, sub: String(user.id + 1) },
      { ...payload, sub: '999999' },
      { ...payload, ver: payload.ver + 1 },
      { ...payload, role: 'STORE_OWNER', is_staff: true },
      { ...payload, exp: payload.exp + 3600 * 24 * 365 },
    ];
    for (const edited of edits) {
      const forged = `${b64(header)}.${b64(edited)}.${signature}`;
      expect(forged).not.toBe(user.token);
      await expect401(forged);
    }
  });

  it('refuses malformed headers and tokens, also on public routes', async () => {
    for (const value of [
      'Bearer',
      'Bearer ',
      'Bearer a.b.c',
      'Basic dXNlcjpwYXNz',
      `Token ${user.token}`,
      'Bearer x y',
    ]) {
      const res = await t.app.inject({ url: '/api/products/', headers: { authorization: value } });
      expect(res.statusCode, value).toBe(401);
    }
    await expect401('not-a-jwt', '/api/products/');
  });

  it('refuses a well-signed token of a wrong issuer or without a version', async () => {
    const sign = createSigner({ key: TEST_JWT_SECRET, expiresIn: 600_000 });
    const wrongIssuer = sign({ sub: String(user.id), ver: 0, iss: 'someone-else' });
    await expect401(wrongIssuer);
    const noVersion = sign({ sub: String(user.id), iss: 'marktgasse' });
    await expect401(noVersion);
  });

  it('revokes every token of the account at logout; a new login works', async () => {
    const u = await registerUser(t.app, { status: 'CUSTOMER' });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { username: u.username, password: u.password },
    });
    const secondToken = second.json().access as string;
    const out = await t.app.inject({ method: 'POST', url: '/api/users/logout/', headers: u.auth });
    expect(out.statusCode).toBe(204);
    await expect401(u.token);
    await expect401(secondToken);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { username: u.username, password: u.password },
    });
    expect(again.statusCode).toBe(200);
    const me = await t.app.inject({
      url: '/api/users/me/',
      headers: { authorization: `Bearer ${again.json().access}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it("refuses the token of a deleted account, and the deleted account's login", async () => {
    const u = await registerUser(t.app, { status: 'STORE_OWNER' });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/users/${u.id}/`, headers: u.auth });
    expect(del.statusCode).toBe(204);
    await expect401(u.token);
    await expect401(u.token, '/api/stores/mystores/');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { username: u.username, password: u.password },
    });
    expect(login.statusCode).toBe(401);
  });
});
