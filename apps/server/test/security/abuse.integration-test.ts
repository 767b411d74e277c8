/**
 * ASVS V6.3 / V2.4, API4: brute force on login per account and per address (in memory and in
 * Redis), registration per address, review spam, and bounded page sizes.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../build.ts';
import { registerUser, uniqueName } from '../fixtures.ts';
import { insertProduct } from '../order-builders.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const opened: TestApp[] = [];
async function open(overrides: Record<string, string> = {}): Promise<TestApp> {
  const t = await build(overrides);
  opened.push(t);
  return t;
}
afterAll(async () => {
  for (const t of opened) await t.close();
});

/** A random address per run, so that Redis counters of earlier runs never interfere. */
const randomIp = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]! % 250).join('.')}`;

/** Registers from a random address, so that the registration limit of earlier runs (Redis) never applies. */
async function registerFrom(
  t: TestApp,
  username = uniqueName('brute'),
): Promise<{ id: number; username: string; password: string }> {
  const password = 'long enough pass';
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/registration/',
    payload: { username, email: `${username}@example.org`, password, status: 'CUSTOMER' },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id, username, password };
}

async function login(t: TestApp, username: string, password: string, remoteAddress = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/users/login/',
    payload: { username, password },
    remoteAddress,
  });
}

/** The same name as it may be typed: Turkish capital İ, capitals, full-width letters. */
function respellings(username: string): string[] {
  const fullWidth = [...username]
    .map((c) => (c >= '!' && c <= '~' ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c))
    .join('');
  return [username.replace('i', 'İ'), username.toUpperCase(), fullWidth];
}

for (const backend of ['memory', 'redis'] as const) {
  const redis: Record<string, string> = backend === 'redis' ? { REDIS_URL } : {};

  describe(`sign-in limits (${backend})`, () => {
    // Default limits: 10 guesses per account and address (15 min), 20 per account (1 min).
    let shared: Promise<TestApp> | undefined;
    const app = () => (shared ??= open(redis));

    it('counts each guess before checking it: of 60 parallel wrong guesses from one address at most 10 are checked', async () => {
      const t = await app();
      const user = await registerFrom(t);
      const ip = randomIp();
      const burst = await Promise.all(
        Array.from({ length: 60 }, (_, i) => login(t, user.username, `wrong password ${i}`, ip)),
      );
      const statuses = burst.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
      expect(statuses.filter((s) => s === 401).length + statuses.filter((s) => s === 429).length).toBe(60);
      const refused = burst.find((r) => r.statusCode === 429)!;
      expect(refused.json().detail).toBe(
        'Too many failed logins for this account. Please wait before trying again.',
      );
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      // The right password from that address waits too.
      expect((await login(t, user.username, user.password, ip)).statusCode).toBe(429);
    }, 240_000);

    it('lets the right password in nowhere in a parallel burst of 120 once the limit is used (sent as guess 91)', async () => {
      const t = await app();
      const user = await registerFrom(t);
      const ip = randomIp();
      const burst = await Promise.all(
        Array.from({ length: 120 }, (_, i) =>
          login(t, user.username, i === 90 ? user.password : `wrong password ${i}`, ip),
        ),
      );
      expect(burst[90]!.statusCode).toBe(429);
      expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(0);
      expect(burst.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(10);
    }, 240_000);

    it('keys the counter on the account found: İ, capitals and full-width spellings share one counter', async () => {
      const t = await app();
      const user = await registerFrom(t, uniqueName('kiwi'));
      const ip = randomIp();
      const statuses: number[] = [];
      for (const spelling of [user.username, ...respellings(user.username)]) {
        // Every spelling finds the account (the right password signs in) …
        expect((await login(t, spelling, user.password, randomIp())).statusCode, spelling).toBe(200);
        // … and its wrong guesses count on the account's one counter.
        for (let i = 0; i < 5; i++)
          statuses.push((await login(t, spelling, `wrong ${i} pass`, ip)).statusCode);
      }
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.slice(10)).toEqual(Array(10).fill(429));
      for (const spelling of respellings(user.username))
        expect((await login(t, spelling, user.password, ip)).statusCode, spelling).toBe(429);
    }, 240_000);

    it('does not lock the owner out: after an attacker’s failures from one address the owner signs in from another', async () => {
      const t = await app();
      const user = await registerFrom(t);
      const attacker = randomIp();
      for (let i = 0; i < 25; i++) await login(t, user.username, `wrong password ${i}`, attacker);
      expect((await login(t, user.username, 'one more guess', attacker)).statusCode).toBe(429);
      expect((await login(t, user.username, user.password, randomIp())).statusCode).toBe(200);
    }, 240_000);

    it('slows down guesses from many addresses for one account for a minute at most, never with a 15-minute wall', async () => {
      const t = await app();
      const user = await registerFrom(t);
      // Three addresses, ten guesses each: the account's 20 a minute are used up.
      const results = [];
      for (const ip of [randomIp(), randomIp(), randomIp()])
        for (let i = 0; i < 10; i++) results.push(await login(t, user.username, `wrong password ${i}`, ip));
      expect(results.filter((r) => r.statusCode === 401)).toHaveLength(20);
      const owner = await login(t, user.username, user.password, randomIp());
      expect(owner.statusCode).toBe(429);
      expect(owner.json().detail).toBe(
        'Too many sign-in attempts for this account right now. Please wait a moment and try again.',
      );
      const wait = Number(owner.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
    }, 240_000);

    if (backend === 'redis') {
      it('shares one counter between two servers on one Redis', async () => {
        const [one, two] = [await app(), await open(redis)];
        const username = uniqueName('shared');
        // The same account name on both servers (each has its own database; Redis is shared).
        const user = await registerFrom(one, username);
        await registerFrom(two, username);
        const ip = randomIp();
        const burst = await Promise.all(
          Array.from({ length: 40 }, (_, i) => login(i % 2 ? one : two, username, `wrong password ${i}`, ip)),
        );
        expect(burst.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(10);
        expect((await login(one, username, user.password, ip)).statusCode).toBe(429);
        expect((await login(two, username, user.password, ip)).statusCode).toBe(429);
      }, 240_000);
    }
  });

  describe(`address limits (${backend})`, () => {
    // 5 failed logins and 3 registrations per address.
    let shared: Promise<TestApp> | undefined;
    const app = () =>
      (shared ??= open({ RATE_LIMIT_LOGIN_PER_IP: '5', RATE_LIMIT_REGISTRATION_PER_IP: '3', ...redis }));

    it('limits failed logins per address (RATE_LIMIT_LOGIN_PER_IP) across accounts; other addresses go on', async () => {
      const t = await app();
      const ip = randomIp();
      for (let i = 0; i < 5; i++) {
        const res = await login(t, uniqueName('nobody'), 'whatever password', ip);
        expect(res.statusCode).toBe(401);
      }
      const sixth = await login(t, uniqueName('nobody'), 'whatever password', ip);
      expect(sixth.statusCode).toBe(429);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
      const elsewhere = await login(t, uniqueName('nobody'), 'whatever password', randomIp());
      expect(elsewhere.statusCode).toBe(401);
    }, 240_000);

    it('limits registrations per address (RATE_LIMIT_REGISTRATION_PER_IP), parallel ones included', async () => {
      const t = await app();
      const ip = randomIp();
      const register = () => {
        const username = uniqueName('spam');
        return t.app.inject({
          method: 'POST',
          url: '/api/users/registration/',
          payload: { username, email: `${username}@example.org`, password: 'long enough pass' },
          remoteAddress: ip,
        });
      };
      const burst = await Promise.all(Array.from({ length: 8 }, register));
      expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(3);
      const refused = burst.find((r) => r.statusCode === 429)!;
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }, 240_000);
  });
}

describe('bounded lists and review spam', () => {
  let shared: Promise<TestApp> | undefined;
  const app = () => (shared ??= open());
  it('refuses page sizes above 100 with 400 on every paged list', async () => {
    const t = await app();
    for (const url of [
      '/api/products/?limit=101',
      '/api/products/?limit=100000',
      '/api/products/?limit=-1',
      '/api/stocks/?limit=101',
      '/api/search/?type=products&limit=101',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    expect((await t.app.inject({ url: '/api/products/?limit=100' })).statusCode).toBe(200);
  });

  it('stops a customer after 10 reviews in an hour with 429', async () => {
    const t = await app();
    const seller = await registerUser(t.app, { status: 'STORE_OWNER' });
    const customer = await registerUser(t.app, { status: 'CUSTOMER' });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const product = await insertProduct(t.database.db, seller.id);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/products/${product.id}/reviews/`,
        headers: customer.auth,
        payload: { rating: 5, comment: 'Super' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
  }, 240_000);
});
