/**
 * Configuration is read once, at boot, from the environment. A bad value stops the start
 * with a message that names the variable.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: 'must be a postgres:// URL',
  }),
  DATABASE_READ_URL: optionalUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30)
    .default(60 * 24 * 7),
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().default(''),
  REDIS_URL: optionalUrl,
  /** How long a request's caller (user row, role, token version) is remembered; 0 = never. */
  CALLER_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  ORDER_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 7)
    .default(30),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_API_URL: optionalUrl.default('https://api-m.sandbox.paypal.com'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Marktgasse <noreply@marktgasse.ch>'),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  GEOCODER_URL: optionalUrl,
  GEOCODER_TOKEN: z.string().optional(),
  MAP_STYLE_URL: optionalUrl,
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  /** Only for `npm run bench`: adds the ceiling route and stock helpers. */
  BENCH_CEILING: z.enum(['true', 'false']).default('false'),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_REGISTRATION_PER_IP: z.coerce.number().int().min(1).default(20),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'JWT_SECRET'> {
  JWT_SECRET: string;
  dataDir: string;
}

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return result.data;
}

/** The secret that signs tokens: from JWT_SECRET, or generated once and kept in DATA_DIR. */
function resolveJwtSecret(env: Env, dataDir: string): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const env = parseEnv(source);
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return { ...env, dataDir, JWT_SECRET: resolveJwtSecret(env, dataDir) };
}

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
    ...overrides,
    DATA_DIR: dataDir,
  });
}
