/**
 * ASVS V6.3 / V2.4, API4: brute force on login per account and per address (in memory and in
 * Redis), registration per address, review spam, and bounded page sizes.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
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
async function registerFrom(t: TestApp): Promise<{ id: number; username: string; password: string }> {
  const username = uniqueName('brute');
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

for (const backend of ['memory', 'redis'] as const) {
  describe(`login brute force (${backend})`, () => {
    // One app per backend: 5 failed logins per address, 3 registrations per address.
    let shared: Promise<TestApp> | undefined;
    const app = () =>
      (shared ??= open({
        RATE_LIMIT_LOGIN_PER_IP: '5',
        RATE_LIMIT_REGISTRATION_PER_IP: '3',
        ...(backend === 'redis' ? { REDIS_URL } : {}),
      }));

    it('answers the 11th failed login for one account within 15 minutes with 429 and Retry-After, even from other addresses and with the right password', async () => {
      const t = await app();
      const user = await registerFrom(t);
      for (let i = 0; i < 10; i++) {
        const res = await login(t, user.username, `wrong password ${i}`, randomIp());
        expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
      }
      const eleventh = await login(t, user.username, 'wrong password x', randomIp());
      expect(eleventh.statusCode).toBe(429);
      const retry = Number(eleventh.headers['retry-after']);
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(15 * 60);
      expect(eleventh.json().detail).toMatch(/Too many failed logins/);
      const right = await login(t, user.username, user.password, randomIp());
      expect(right.statusCode).toBe(429);
      // The lock is per account, case-insensitively: another account still logs in.
      const upper = await login(t, user.username.toUpperCase(), user.password, randomIp());
      expect(upper.statusCode).toBe(429);
      const other = await registerFrom(t);
      expect((await login(t, other.username, other.password, randomIp())).statusCode).toBe(200);
      if (backend === 'redis') {
        const redis = new Redis(REDIS_URL);
        try {
          const count = await redis.get(`mg:rl:login:acct:${user.username.toLowerCase()}`);
          expect(Number(count)).toBe(10);
          expect(await redis.ttl(`mg:rl:login:acct:${user.username.toLowerCase()}`)).toBeGreaterThan(800);
        } finally {
          redis.disconnect();
        }
      }
    }, 240_000);

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

    it('limits registrations per address (RATE_LIMIT_REGISTRATION_PER_IP)', async () => {
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
      for (let i = 0; i < 3; i++) expect((await register()).statusCode).toBe(201);
      const fourth = await register();
      expect(fourth.statusCode).toBe(429);
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
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
