import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from './env.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'mg-env-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const secret = 'a-production-secret-of-at-least-32-chars';

describe('production start settings', () => {
  it('refuses a production start without JWT_SECRET, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir })).toThrow(/JWT_SECRET: required/);
  });

  it('loads demo data by default only outside production', () => {
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, DATA_DIR: dir }).SEED_DEMO).toBe('false');
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir }).SEED_DEMO).toBe('true');
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, DATA_DIR: dir, SEED_DEMO: 'true' }).SEED_DEMO,
    ).toBe('true');
  });
});

describe('development, test and production defaults', () => {
  const base = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: dir };
  it('checks every public answer under tests, a sample in development and none in production', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).ANSWER_CHECK_SHARE).toBe(1);
    expect(loadConfig({ ...base }).ANSWER_CHECK_SHARE).toBe(0.01);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).ANSWER_CHECK_SHARE).toBe(0);
    expect(
      loadConfig({ ...base, NODE_ENV: 'production', ANSWER_CHECK_SHARE: '0.5' }).ANSWER_CHECK_SHARE,
    ).toBe(0.5);
    expect(() => loadConfig({ ...base, ANSWER_CHECK_SHARE: '2' })).toThrow(/ANSWER_CHECK_SHARE/);
  });

  it('logs JSON in production and under tests, and as asked', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).LOG_FORMAT).toBe('json');
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).LOG_FORMAT).toBe('json');
    expect(loadConfig({ ...base, NODE_ENV: 'production', LOG_FORMAT: 'pretty' }).LOG_FORMAT).toBe('pretty');
    expect(() => loadConfig({ ...base, LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('hashes passwords at N=16384 or more, and cheaper only under tests', () => {
    expect(parseEnv({ NODE_ENV: 'production' }).PASSWORD_HASH_COST).toBe(14);
    expect(parseEnv({ NODE_ENV: 'production', PASSWORD_HASH_COST: '16' }).PASSWORD_HASH_COST).toBe(16);
    expect(parseEnv({ NODE_ENV: 'test', PASSWORD_HASH_COST: '10' }).PASSWORD_HASH_COST).toBe(10);
    for (const NODE_ENV of ['production', 'development'])
      expect(() => parseEnv({ NODE_ENV, PASSWORD_HASH_COST: '13' })).toThrow(
        /PASSWORD_HASH_COST: must be at least 14/,
      );
    expect(() => parseEnv({ NODE_ENV: 'test', PASSWORD_HASH_COST: '9' })).toThrow(/PASSWORD_HASH_COST/);
  });
});

describe('timeouts', () => {
  it('has defaults that cut off slow clients', () => {
    const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: secret });
    expect(config.HTTP_REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(config.HTTP_HEADERS_TIMEOUT_MS).toBe(10_000);
    expect(config.HTTP_KEEP_ALIVE_TIMEOUT_MS).toBe(5_000);
  });

  it('refuses headers allowed longer than the whole request, or no timeout at all', () => {
    expect(() =>
      loadConfig({ DATA_DIR: dir, HTTP_REQUEST_TIMEOUT_MS: '5000', HTTP_HEADERS_TIMEOUT_MS: '9000' }),
    ).toThrow(/HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ DATA_DIR: dir, HTTP_REQUEST_TIMEOUT_MS: '0' })).toThrow(
      /HTTP_REQUEST_TIMEOUT_MS/,
    );
  });
});

describe('deployment settings', () => {
  it('defaults to no trusted proxy, one worker per core and the bundled web build', () => {
    const env = parseEnv({});
    expect(env.TRUST_PROXY).toBe('false');
    expect(env.WEB_CONCURRENCY).toBeUndefined();
    expect(env.WEB_DIST_DIR).toBeUndefined();
  });

  it('reads TRUST_PROXY, WEB_CONCURRENCY and WEB_DIST_DIR', () => {
    const env = parseEnv({ TRUST_PROXY: 'true', WEB_CONCURRENCY: '3', WEB_DIST_DIR: ' /srv/web ' });
    expect(env).toMatchObject({ TRUST_PROXY: 'true', WEB_CONCURRENCY: 3, WEB_DIST_DIR: '/srv/web' });
  });

  it.each([
    ['TRUST_PROXY', 'yes'],
    ['WEB_CONCURRENCY', '0'],
    ['WEB_CONCURRENCY', 'many'],
    ['WEB_DIST_DIR', '  '],
  ])('stops the start on %s=%j with a message naming the variable', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(ConfigError);
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });
});

describe('database watchdog and disk headroom', () => {
  it('has defaults, and refuses an exit limit not longer than the stall limit', () => {
    const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: secret });
    expect(config).toMatchObject({
      DATABASE_STALL_MS: 10_000,
      DATABASE_STALL_EXIT_MS: 60_000,
      DISK_FREE_WARN_MB: 1024,
      DISK_FREE_MIN_MB: 64,
    });
    expect(() =>
      loadConfig({ DATA_DIR: dir, DATABASE_STALL_MS: '5000', DATABASE_STALL_EXIT_MS: '5000' }),
    ).toThrow(/DATABASE_STALL_EXIT_MS: must be longer than DATABASE_STALL_MS/);
    expect(() => parseEnv({ DISK_FREE_MIN_MB: '-1' })).toThrow(/DISK_FREE_MIN_MB/);
  });
});
