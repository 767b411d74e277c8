import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { multipart, registerUser, uniqueName } from '../../../test/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

describe('registration', () => {
  it('creates an account and answers its id and an access token that works', async () => {
    const username = uniqueName('anna');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/registration/',
      payload: { username, email: `${username}@example.ch`, password: 'secret-pass-1' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.id).toBeGreaterThan(0);
    expect(body.access).toMatch(/^ey/);
    expect(body).not.toHaveProperty('password');
    expect(JSON.stringify(body)).not.toContain('scrypt');
    const me = await t.app.inject({
      url: '/api/users/me/',
      headers: { authorization: `Bearer ${body.access}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: body.id,
      username,
      email: `${username}@example.ch`,
      profile: null,
    });
  });

  it('refuses a username that differs only in case with 409', async () => {
    const user = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/registration/',
      payload: {
        username: user.username.toUpperCase(),
        email: 'other@example.ch',
        password: 'secret-pass-1',
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/username/);
  });

  it('accepts a taken e-mail like a new one (the answer does not reveal the account)', async () => {
    const user = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/registration/',
      payload: { username: uniqueName(), email: user.email.toUpperCase(), password: 'secret-pass-1' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().id).not.toBe(user.id);
  });

  it.each([
    [{ username: 'ab', email: 'a@b.ch', password: 'secret-pass-1' }, 'username'],
    [{ username: 'valid-name', email: 'not-an-email', password: 'secret-pass-1' }, 'email'],
    [{ username: 'valid-name2', email: 'x@y.ch', password: 'short' }, 'password'],
    [{ username: 'valid-name3', email: 'x@y.ch' }, 'password'],
  ])('answers 400 with field errors for %j', async (payload, field) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/registration/', payload });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.detail).toEqual(expect.any(String));
    expect(body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/registration/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/JSON/);
  });
});

describe('login', () => {
  it('answers the access token and the user with its profile status', async () => {
    const user = await registerUser(t.app, { status: 'STORE_OWNER' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { username: user.username, password: user.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      username: user.username,
      status: 'STORE_OWNER',
      access: expect.any(String),
    });
  });

  it('gives one generic message for a wrong password and for an unknown user', async () => {
    const user = await registerUser(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { username: user.username, password: 'not-the-password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { username: uniqueName('nobody'), password: 'whatever-pass' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().detail).toBe('Invalid username or password');
    expect(unknown.json().detail).toBe('Invalid username or password');
  });

  it('locks an account for one address after 10 failed logins from it within 15 minutes with 429 and Retry-After', async () => {
    const user = await registerUser(t.app);
    for (let i = 0; i < 10; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/login/',
        payload: { username: user.username, password: `wrong-${i}-pass` },
      });
      expect(res.statusCode).toBe(401);
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { username: user.username, password: user.password },
    });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().detail).toMatch(/Too many/);
  });

  it('logs in with the username in another case', async () => {
    const user = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { username: user.username.toUpperCase(), password: user.password },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('tokens and logout', () => {
  it('answers 401 without a token, with a malformed header and with a forged token', async () => {
    expect((await t.app.inject({ url: '/api/users/me/' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/users/me/', headers: { authorization: 'Basic abc' } })).statusCode,
    ).toBe(401);
    const user = await registerUser(t.app);
    const [h, p] = user.token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    expect(
      (await t.app.inject({ url: '/api/users/me/', headers: { authorization: `Bearer ${none}` } }))
        .statusCode,
    ).toBe(401);
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const edited = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: '1' })).toString('base64url')}.${user.token.split('.')[2]}`;
    expect(
      (await t.app.inject({ url: '/api/users/me/', headers: { authorization: `Bearer ${edited}` } }))
        .statusCode,
    ).toBe(401);
  });

  it('makes every earlier token stop working after logout', async () => {
    const user = await registerUser(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/users/logout/', headers: user.auth });
    expect(out.statusCode).toBe(204);
    const me = await t.app.inject({ url: '/api/users/me/', headers: user.auth });
    expect(me.statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { username: user.username, password: user.password },
    });
    expect(again.statusCode).toBe(200);
  });
});

describe('profiles', () => {
  it('creates the caller’s profile once', async () => {
    const user = await registerUser(t.app, { status: null });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profiles/new/',
      headers: user.auth,
      payload: { user: user.id, status: 'CUSTOMER' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: user.id, user: user.id, status: 'CUSTOMER' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/profiles/new/',
      headers: user.auth,
      payload: { user: user.id, status: 'STORE_OWNER' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a profile for another user (403), without a token from another address (401) and with a bad status (400)', async () => {
    const a = await registerUser(t.app, { status: null });
    const b = await registerUser(t.app, { status: null });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/profiles/new/',
          headers: a.auth,
          payload: { user: b.id, status: 'CUSTOMER' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/profiles/new/',
          payload: { user: a.id, status: 'CUSTOMER' },
          remoteAddress: '192.0.2.77',
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/profiles/new/',
          headers: a.auth,
          payload: { status: 'ADMIN' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('reads a profile publicly and answers 404 for an unknown one', async () => {
    const user = await registerUser(t.app);
    const res = await t.app.inject({ url: `/api/profiles/${user.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe(user.username);
    expect(res.json()).not.toHaveProperty('email');
    expect((await t.app.inject({ url: '/api/profiles/999999/' })).statusCode).toBe(404);
  });

  it('updates the own profile with multipart fields and categories', async () => {
    const user = await registerUser(t.app, { status: 'STORE_OWNER' });
    const cats = (await t.database.db.query.categories.findMany()).slice(0, 2).map((c) => c.id);
    const form = multipart({
      industry: 'Käserei',
      headquarter: 'Gruyères',
      description: 'Seit 1932',
      category: cats,
    });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/profiles/${user.id}/`,
      headers: { ...user.auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      industry: 'Käserei',
      headquarter: 'Gruyères',
      description: 'Seit 1932',
      category: cats,
    });
    expect(res.json().categoryDetails).toHaveLength(2);
    const read = await t.app.inject({ url: `/api/profiles/${user.id}/` });
    expect(read.json().industry).toBe('Käserei');
  });

  it('refuses to change someone else’s profile like a missing one (404) and unknown categories (400)', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/profiles/${b.id}/`,
      headers: a.auth,
      payload: { industry: 'hacked' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(`Profile ${b.id} does not exist.`);
    expect((await t.app.inject({ url: `/api/profiles/${b.id}/` })).json().industry).toBe('');
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/profiles/${a.id}/`,
      headers: a.auth,
      payload: { category: [987654] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('ignores fields a client may not set (status, user)', async () => {
    const a = await registerUser(t.app, { status: 'CUSTOMER' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/profiles/${a.id}/`,
      headers: a.auth,
      payload: { status: 'STORE_OWNER', user: 1, industry: 'x' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'CUSTOMER', user: a.id });
  });
});

describe('users list', () => {
  it('is for staff only', async () => {
    const a = await registerUser(t.app);
    expect((await t.app.inject({ url: '/api/users/', headers: a.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/users/' })).statusCode).toBe(401);
  });
});

describe('account deletion', () => {
  it('deletes the own account, anonymises it and makes its tokens stop working', async () => {
    const user = await registerUser(t.app);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${user.id}/`, headers: user.auth });
    expect(res.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/users/me/', headers: user.auth })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { username: user.username, password: user.password },
    });
    expect(login.statusCode).toBe(401);
    // The name is free again.
    await registerUser(t.app, { username: user.username, email: user.email });
  });

  it('answers another account exactly like an unknown one (404) and deletes neither', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const other = await t.app.inject({ method: 'DELETE', url: `/api/users/${b.id}/`, headers: a.auth });
    const missing = await t.app.inject({ method: 'DELETE', url: '/api/users/999999/', headers: a.auth });
    expect(other.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(other.json().detail).toBe(`User ${b.id} does not exist.`);
    expect(missing.json().detail).toBe('User 999999 does not exist.');
    expect((await t.app.inject({ url: '/api/users/me/', headers: b.auth })).statusCode).toBe(200);
  });
});

describe('HTTP conventions', () => {
  it('answers with and without the trailing slash', async () => {
    const user = await registerUser(t.app);
    expect((await t.app.inject({ url: '/api/users/me', headers: user.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/users/me/', headers: user.auth })).statusCode).toBe(200);
  });

  it('answers unknown paths with a JSON 404 and health with the database engine', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toEqual(expect.any(String));
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.json()).toEqual({ status: 'ok', database: t.database.engine });
  });

  it('publishes an OpenAPI document that lists the account paths', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/users/login/', '/api/profiles/{id}/']),
    );
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });
});

describe('registration limit per address', () => {
  it('answers 429 with Retry-After once an address has registered too often', async () => {
    const limited = await build({ RATE_LIMIT_REGISTRATION_PER_IP: '2' });
    try {
      await registerUser(limited.app);
      await registerUser(limited.app);
      const name = uniqueName();
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/users/registration/',
        payload: { username: name, email: `${name}@example.ch`, password: 'secret-pass-1' },
      });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe('public configuration', () => {
  it('tells the web app the remote map style only when one is configured', async () => {
    expect((await t.app.inject({ url: '/api/config/' })).json()).toEqual({
      mapStyleUrl: null,
      currency: 'CHF',
    });
    const withStyle = await build({ MAP_STYLE_URL: 'https://tiles.example.ch/style.json' });
    try {
      const res = await withStyle.app.inject({ url: '/api/config' });
      expect(res.json().mapStyleUrl).toBe('https://tiles.example.ch/style.json');
      expect(res.headers['content-security-policy']).toContain('https://tiles.example.ch');
    } finally {
      await withStyle.close();
    }
  });
});
