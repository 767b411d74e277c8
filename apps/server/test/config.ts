/** The configuration every test builds its app with. */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { loadConfig, type Config, type Env } from '../src/config/env.ts';

/** A configuration for tests: nothing read from the environment except what is passed. */
export function testConfig(overrides: Partial<Record<keyof Env, string>> = {}): Config {
  const dataDir =
    overrides.DATA_DIR ??
    path.join(process.env.TMPDIR ?? '/tmp', `mg-test-${process.pid}-${randomBytes(4).toString('hex')}`);
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    SEED_DEMO: 'false',
    RATE_LIMIT_REGISTRATION_PER_IP: '100000',
    RATE_LIMIT_LOGIN_PER_IP: '100000',
    // N=1024 instead of 16384 (sign-ups and sign-ins by the hundred), allowed only under NODE_ENV=test.
    ...((overrides.NODE_ENV ?? 'test') === 'test' ? { PASSWORD_HASH_COST: '10' } : {}),
    // Many tests place many unpaid orders per customer; the anti-hoarding tests set their own.
    ORDER_MAX_UNPAID: '1000',
    ORDER_MAX_UNITS_PER_PRODUCT: '100000',
    RATE_LIMIT_ORDERS_PER_USER: '100000',
    ...overrides,
    DATA_DIR: dataDir,
  });
}
