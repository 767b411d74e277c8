/**
 * Demo data asked for in production (SEED_DEMO=true with NODE_ENV=production): every account
 * gets its own generated password, shown once; the published demo password opens nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../test/build.ts';
import { DEMO_PASSWORD, seedDemoIfEmpty, type DemoLogins } from './seed.ts';

let t: TestApp;
let seeded: DemoLogins | null;

beforeAll(async () => {
  t = await build({ NODE_ENV: 'production' });
  seeded = await seedDemoIfEmpty(t.database, t.config);
});
afterAll(async () => {
  await t.close();
});

async function login(username: string, password: string) {
  return (await t.app.inject({ method: 'POST', url: '/api/users/login/', payload: { username, password } }))
    .statusCode;
}

describe('demo data in production', () => {
  it('gives each account its own generated password, and none the published one', async () => {
    expect(seeded?.passwords).toBe('generated');
    const logins = seeded!.logins;
    expect(logins.length).toBeGreaterThanOrEqual(20);
    expect(logins.map((l) => l.username)).toEqual(expect.arrayContaining(['demo-customer', 'demo-seller']));
    expect(new Set(logins.map((l) => l.password)).size).toBe(logins.length);
    for (const { username, password } of logins) {
      expect(password).not.toBe(DEMO_PASSWORD);
      expect(password.length).toBeGreaterThanOrEqual(20);
      expect(await login(username, DEMO_PASSWORD), username).toBe(401);
    }
    for (const { username, password } of logins.slice(0, 3))
      expect(await login(username, password), username).toBe(200);
  });

  it('shows the passwords only on the start that loaded them', async () => {
    expect(await seedDemoIfEmpty(t.database, t.config)).toBeNull();
  });
});
