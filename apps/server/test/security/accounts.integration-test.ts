/**
 * Issue 14 rows 10–14 and issue 15 row 7, tried again as an attacker would: look-alike
 * usernames, common passwords, registration probing for customers' e-mail addresses, other
 * people's accounts, tokenless profile creation for someone else, and caches keeping answers
 * meant for one caller.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { usernameKey } from '@marktgasse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../build.ts';
import { registerUser, uniqueName } from '../fixtures.ts';
import { outbox, profiles, users } from '../../src/db/schema.ts';
import { rawRows } from '../../src/db/sql.ts';
import { MIGRATIONS_DIR } from '../../src/db/migrate.ts';

let t: TestApp;
beforeAll(async () => {
  t = await build({ PROFILE_CLAIM_WINDOW_SECONDS: '60' });
});
afterAll(async () => {
  await t?.close();
});

const register = (payload: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/users/registration/', payload, remoteAddress });
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/login/', payload: { username, password } });
const fullWidth = (s: string) =>
  [...s].map((c) => (c >= '!' && c <= '~' ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c)).join('');

describe('row 13: look-alike usernames', () => {
  it.each([
    ['demo-s\u0435ller', 'A username may not mix letters of different scripts, such as Latin and Cyrillic.'],
    [
      'p\u0430ypal-support',
      'A username may not mix letters of different scripts, such as Latin and Cyrillic.',
    ],
    ['admin\u202Egpj', 'A username may not contain text-direction control characters.'],
    ['\u2067admin', 'A username may not contain text-direction control characters.'],
    ['ad\u200Bmin', 'A username may not contain invisible characters such as zero-width spaces.'],
    ['ad\u2060min', 'A username may not contain invisible characters such as zero-width spaces.'],
  ])('refuses %j with 400 naming the rule, and creates nothing', async (username, detail) => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const res = await register({
      username,
      email: `${uniqueName('x')}@example.ch`,
      password: 'long enough pass',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(detail);
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('treats full-width letters, capitals and the Turkish İ as the same name (409), and signs them in to it', async () => {
    const owner = await registerUser(t.app, { username: uniqueName('kiwi') });
    for (const spelling of [
      fullWidth(owner.username),
      owner.username.toUpperCase(),
      owner.username.replace('i', 'İ'),
    ]) {
      const res = await register({
        username: spelling,
        email: `${uniqueName('copy')}@example.ch`,
        password: 'long enough pass',
      });
      expect(res.statusCode, spelling).toBe(409);
      const signIn = await login(spelling, owner.password);
      expect(signIn.statusCode, spelling).toBe(200);
      expect(signIn.json().id).toBe(owner.id);
    }
  });

  it('stores a full-width name in its plain form (NFKC) and keeps names of one script', async () => {
    const plain = uniqueName('zora');
    const res = await register({
      username: fullWidth(plain),
      email: `${plain}@example.ch`,
      password: 'long enough pass',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().username).toBe(plain);
    for (const name of ['Zoë-Müller', 'Σοφία', 'Дмитрий', '山田太郎', 'やまだ太郎']) {
      const ok = await register({
        username: `${name}${Date.now() % 1000}`,
        email: `${uniqueName('s')}@example.ch`,
        password: 'long enough pass',
      });
      expect(ok.statusCode, name).toBe(201);
    }
  });

  it('the migration folds existing names exactly as the application does', async () => {
    // The backfill expression of migration 0006, evaluated by this database engine.
    const migration = readFileSync(path.join(MIGRATIONS_DIR, '0006_usernames_normalised.sql'), 'utf8');
    const expression = /SET "username_key" = (.+);--> statement-breakpoint/.exec(migration)![1]!;
    for (const name of ['Kiwi', 'ＫＩＷＩ', 'KİWI', 'Straße', 'ΟΔΟΣ', 'Zoë', 'ﬁne', ' Trimmed ']) {
      const [row] = await rawRows<{ key: string }>(
        t.database.db,
        sql`select ${sql.raw(expression)} as key from (select ${name}::text as username) as u`,
      );
      expect(row!.key, name).toBe(usernameKey(name));
    }
  });
});

describe('row 11: passwords', () => {
  it.each([
    [
      'password',
      'This password is one of the most common passwords. Please choose one that is harder to guess.',
    ],
    [
      '12345678',
      'This password is one of the most common passwords. Please choose one that is harder to guess.',
    ],
    [
      'Password1',
      'This password is one of the most common passwords. Please choose one that is harder to guess.',
    ],
    [
      'iloveyou',
      'This password is one of the most common passwords. Please choose one that is harder to guess.',
    ],
  ])('refuses %j with 400 saying why', async (password, detail) => {
    const username = uniqueName('pw');
    const res = await register({ username, email: `${username}@example.ch`, password });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(detail);
    expect(res.json().errors).toEqual([{ field: 'password', message: detail }]);
    expect((await login(username, password)).statusCode).toBe(401);
  });

  it('refuses the username or the e-mail address as password, in any case', async () => {
    const username = uniqueName('Selbst');
    const email = `${username.toLowerCase()}@example.ch`;
    for (const password of [username.toUpperCase(), email.toUpperCase()]) {
      const res = await register({ username, email, password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().detail).toBe('The password may not be your username or e-mail address.');
    }
    expect((await register({ username, email, password: 'a different long one' })).statusCode).toBe(201);
  });
});

describe('row 12: registration with a taken e-mail address', () => {
  it('answers exactly like a new address and tells the address owner by e-mail instead', async () => {
    const owner = await registerUser(t.app);
    const fresh = uniqueName('fresh');
    const probe = uniqueName('probe');
    const a = await register({ username: fresh, email: `${fresh}@example.ch`, password: 'long enough pass' });
    const b = await register({
      username: probe,
      email: owner.email.toUpperCase(),
      password: 'long enough pass',
    });
    expect(b.statusCode).toBe(a.statusCode);
    expect(Object.keys(b.json()).sort()).toEqual(Object.keys(a.json()).sort());
    expect(b.json().username).toBe(probe);
    // The new account is real: it signs in; the owner's account is untouched.
    expect((await login(probe, 'long enough pass')).statusCode).toBe(200);
    expect((await login(owner.username, owner.password)).json().id).toBe(owner.id);
    // Each new account is sent its confirmation link (decision 253); the owner also gets the notice.
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.recipient, owner.email));
    const notices = mails.filter((m) => /new account was registered/.test(m.subject));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body).toContain(probe);
    const freshMails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, `${fresh}@example.ch`));
    expect(freshMails.map((m) => m.subject)).toEqual(['Marktgasse: please confirm your e-mail address']);
    expect(mails.filter((m) => m.subject === freshMails[0]!.subject)).toHaveLength(2);
  });
});

describe('row 14: deleting another user', () => {
  it('answers 404 exactly like a missing user, never 403', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const other = await t.app.inject({ method: 'DELETE', url: `/api/users/${b.id}/`, headers: a.auth });
    const missing = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${b.id + 100000}/`,
      headers: a.auth,
    });
    expect(other.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(other.json().detail.replace(String(b.id), 'N')).toBe(
      missing.json().detail.replace(String(b.id + 100000), 'N'),
    );
    expect((await login(b.username, b.password)).statusCode).toBe(200);
  });
});

describe('issue 15 row 7: POST /api/profiles/new/ without a token', () => {
  const claim = (user: number | undefined, status: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/profiles/new/',
      payload: { ...(user === undefined ? {} : { user }), status },
      remoteAddress,
    });
  const fresh = async (remoteAddress = '127.0.0.1') => {
    const username = uniqueName('spec');
    const res = await register(
      { username, email: `${username}@example.ch`, password: 'long enough pass' },
      remoteAddress,
    );
    expect(res.statusCode).toBe(201);
    return { id: res.json().id as number, username };
  };
  const refused = (res: { statusCode: number; json(): { detail: string } }) => {
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe(
      'Log in to create a profile: without a token, a profile can only be created right after registering.',
    );
  };

  it('works in the spec’s order: register, create the profile without a token, log in', async () => {
    const user = await fresh('198.51.100.7');
    const res = await claim(user.id, 'STORE_OWNER', '198.51.100.7');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: user.id, user: user.id, status: 'STORE_OWNER' });
    const signIn = await login(user.username, 'long enough pass');
    expect(signIn.json().status).toBe('STORE_OWNER');
  });

  it('refuses someone else’s new account (another address) and leaves it without a profile', async () => {
    const user = await fresh('198.51.100.8');
    refused(await claim(user.id, 'CUSTOMER', '203.0.113.9'));
    expect(await t.database.db.select().from(profiles).where(eq(profiles.id, user.id))).toHaveLength(0);
  });

  it('refuses a second claim (the profile exists), also in parallel: exactly one wins', async () => {
    const user = await fresh();
    const both = await Promise.all([claim(user.id, 'CUSTOMER'), claim(user.id, 'STORE_OWNER')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 401]);
    const winner = both.find((r) => r.statusCode === 201)!.json().status;
    refused(await claim(user.id, winner === 'CUSTOMER' ? 'STORE_OWNER' : 'CUSTOMER'));
    expect((await t.app.inject({ url: `/api/profiles/${user.id}/` })).json().status).toBe(winner);
  });

  it('refuses after the window, for staff, for a deleted account, without a user id and for an unknown one', async () => {
    const late = await fresh();
    await t.database.db
      .update(users)
      .set({ dateJoined: sql`now() - interval '61 seconds'` })
      .where(eq(users.id, late.id));
    refused(await claim(late.id, 'CUSTOMER'));
    const staff = await fresh();
    await t.database.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.id));
    refused(await claim(staff.id, 'CUSTOMER'));
    const gone = await registerUser(t.app, { status: null });
    await t.app.inject({ method: 'DELETE', url: `/api/users/${gone.id}/`, headers: gone.auth });
    refused(await claim(gone.id, 'CUSTOMER'));
    refused(await claim(undefined, 'CUSTOMER'));
    refused(await claim(999_999, 'CUSTOMER'));
    // An account that chose its role at registration never had a claim.
    const withRole = await registerUser(t.app, { status: 'CUSTOMER' });
    refused(await claim(withRole.id, 'STORE_OWNER'));
  });

  it('with a token works as before: the own profile once, never someone else’s', async () => {
    const a = await registerUser(t.app, { status: null });
    const b = await registerUser(t.app, { status: null });
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/profiles/new/',
      headers: a.auth,
      payload: { user: b.id, status: 'STORE_OWNER' },
    });
    expect(other.statusCode).toBe(403);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/profiles/new/',
      headers: a.auth,
      payload: { user: a.id, status: 'STORE_OWNER' },
    });
    expect(own.statusCode).toBe(201);
    // The claim is spent once the profile exists, whoever made it.
    refused(await claim(a.id, 'CUSTOMER'));
  });
});

describe('row 10: Cache-Control', () => {
  it('answers login and registration with no-store, also when they fail', async () => {
    const username = uniqueName('cc');
    const reg = await register({ username, email: `${username}@example.ch`, password: 'long enough pass' });
    const ok = await login(username, 'long enough pass');
    const wrong = await login(username, 'not the password');
    for (const res of [reg, ok, wrong]) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers every request with credentials with no-store; anonymous catalogue answers stay publicly cacheable', async () => {
    const customer = await registerUser(t.app, { status: 'CUSTOMER' });
    const seller = await registerUser(t.app, { status: 'STORE_OWNER' });
    for (const [url, who] of [
      ['/api/users/me/', customer],
      ['/api/orders/myorders/', customer],
      ['/api/seller-orders/myorders/', seller],
      ['/api/stores/mystores/', seller],
      ['/api/products/myproducts/', seller],
      [`/api/profiles/${customer.id}/`, customer],
      ['/api/products/?offset=0&limit=12', customer],
    ] as const) {
      const res = await t.app.inject({ url, headers: who.auth });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toMatch(/no-store/);
    }
    const revoked = await t.app.inject({
      url: '/api/users/me/',
      headers: { authorization: 'Bearer nonsense' },
    });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.headers['cache-control']).toBe('no-store');
    const anonymous = await t.app.inject({ url: '/api/products/?offset=0&limit=12' });
    expect(anonymous.headers['cache-control']).toBe('public, no-cache');
  });
});

describe('row 3: GET /api/profiles/', () => {
  it('lists the sellers the sellers page shows, never customers', async () => {
    const customer = await registerUser(t.app, { status: 'CUSTOMER' });
    const seller = await registerUser(t.app, { status: 'STORE_OWNER' });
    const res = await t.app.inject({ url: '/api/profiles/' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; username: string; status: string }[];
    expect(list.map((p) => p.id)).toContain(seller.id);
    expect(list.map((p) => p.id)).not.toContain(customer.id);
    expect(res.body).not.toContain(customer.username);
    expect(new Set(list.map((p) => p.status))).toEqual(new Set(['STORE_OWNER']));
  });
});
