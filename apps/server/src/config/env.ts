/**
 * Configuration is read once, at boot, from the environment. A bad value stops the start
 * with a message that names the variable.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseStructuredAddress } from '@marktgasse/shared';
import { isQRIBAN, isValidIBAN, electronicFormatIBAN } from 'ibantools';

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional());

/** scrypt's N = 2^14 = 16384 for password hashes: the least a running shop uses (decision 300). */
export const PRODUCTION_PASSWORD_HASH_COST = 14;

const milliseconds = (max: number) => z.coerce.number().int().min(1).max(max);

/**
 * How the process starts, serves and stops (decisions 136-139). Slow or idle clients are cut
 * off: the request (headers and body) must arrive within HTTP_REQUEST_TIMEOUT_MS, its
 * headers within HTTP_HEADERS_TIMEOUT_MS, and a keep-alive socket idles for at most
 * HTTP_KEEP_ALIVE_TIMEOUT_MS between requests.
 */
const processSettings = {
  /** Demo data on the first start: on by default, off by default with NODE_ENV=production. */
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  HTTP_REQUEST_TIMEOUT_MS: milliseconds(3_600_000).default(30_000),
  HTTP_HEADERS_TIMEOUT_MS: milliseconds(3_600_000).default(10_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: milliseconds(3_600_000).default(5_000),
  /** How long a stop waits for requests in flight before the process exits anyway. */
  SHUTDOWN_GRACE_MS: milliseconds(600_000).default(15_000),
  /** No query answered for this long: the database counts as stalled, 503 (decision 161). */
  DATABASE_STALL_MS: milliseconds(3_600_000).default(10_000),
  /** Stalled (or the main thread blocked) this long: the process exits for a restart. */
  DATABASE_STALL_EXIT_MS: milliseconds(3_600_000).default(60_000),
  /** Free space in DATA_DIR (embedded database) below which the log warns, once a minute. */
  DISK_FREE_WARN_MB: z.coerce.number().int().min(0).max(10_000_000).default(1024),
  /** Free space in DATA_DIR below which the embedded database refuses writes (503); 0 = never. */
  DISK_FREE_MIN_MB: z.coerce.number().int().min(0).max(10_000_000).default(64),
};

/**
 * Swiss payment methods (issue 27; decisions 230-232). TWINT through Datatrans when its
 * merchant id and password are set; invoice with a QR-bill paid to the platform's QR-IBAN.
 * PLATFORM_NAME and PLATFORM_ADDRESS are shared with the ledger (same names, same format:
 * "Street 12, 8001 City" with an optional ", CH" country code).
 */
const paymentSettings = {
  PLATFORM_NAME: z.string().trim().min(1).max(70).default('Marktgasse AG'),
  PLATFORM_ADDRESS: z
    .string()
    .trim()
    .max(200)
    .default('Marktgasse 1, 3011 Bern')
    .refine((v) => parseStructuredAddress(v) !== null, {
      message: 'must read "Street 12, 8001 City" (optionally ", CH")',
    }),
  PLATFORM_QR_IBAN: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? (electronicFormatIBAN(v) ?? v) : undefined))
    .refine((v) => v === undefined || (isValidIBAN(v) && isQRIBAN(v)), {
      message: 'must be a valid QR-IBAN (CH or LI, bank id 30000-31999)',
    }),
  /** How long an invoice order holds its stock while the bank transfer comes in. */
  INVOICE_HOLD_DAYS: z.coerce.number().int().min(1).max(60).default(10),
  /**
   * The last days of that hold after the bill's due date (decision 251): one reminder goes out
   * when the due date passes, and the order expires (stock released) when the hold ends.
   */
  INVOICE_GRACE_DAYS: z.coerce.number().int().min(1).max(30).default(3),
  INVOICE_REQUIRE_CONFIRMED_EMAIL: z.enum(['true', 'false']).default('true'),
  /** Paid orders a customer needs before invoice is offered (0: from the first order). */
  INVOICE_MIN_PAID_ORDERS: z.coerce.number().int().min(0).max(1000).default(1),
  /** The largest order total payable by invoice, in CHF ("1000" or "999.95"). */
  INVOICE_MAX_CHF: z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'must be an amount in CHF such as 1000 or 999.95')
    .default('1000'),
  /** A folder the bank (or an EBICS client) drops camt.054/053 files into; read every 5 minutes. */
  BANK_STATEMENTS_DIR: z.string().trim().min(1).optional(),
  DATATRANS_MERCHANT_ID: z.string().trim().optional(),
  DATATRANS_PASSWORD: z.string().optional(),
  /** The webhook sign key from Datatrans' web admin, hex. */
  DATATRANS_HMAC_KEY: z
    .string()
    .trim()
    .regex(/^([0-9a-fA-F]{2})+$/, 'must be the hex sign key from the Datatrans web admin')
    .optional(),
  DATATRANS_API_URL: optionalUrl.default('https://api.sandbox.datatrans.com'),
  DATATRANS_PAY_URL: optionalUrl.default('https://pay.sandbox.datatrans.com'),
};

/** The platform's money (decision 225, 226): commission, holding period, payouts, VAT identity. */
const moneySettings = {
  /** Platform default commission in percent (two decimals at most); rules per seller or category override it. */
  COMMISSION_PERCENT: z.coerce.number().min(0).max(100).multipleOf(0.01).default(10),
  /** Whether the seller's commission rate applies to the shipping of their part too. */
  COMMISSION_ON_SHIPPING: z.enum(['true', 'false']).default('true'),
  /** Days after fulfilment before earnings become available (the customer's window to complain). */
  PAYOUT_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  /** Smallest available balance a payout run pays; smaller balances carry forward. */
  PAYOUT_MINIMUM_CHF: z.coerce.number().min(0).max(1_000_000).multipleOf(0.01).default(50),
  PLATFORM_VAT_NUMBER: z.string().trim().max(40).default(''),
  /** The account payouts leave from (pain.001 debtor account); payout files need it. */
  PLATFORM_IBAN: z
    .string()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine((v) => v === '' || isValidIBAN(v), { message: 'must be a valid IBAN' })
    .optional(),
};

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
  /** Memory for ready-made anonymous answers per process (an LRU by bytes; decision 151). */
  READ_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(64),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30)
    .default(60 * 24 * 7),
  /** A staff token lives this long after the staff member's last admin request (decision 205). */
  STAFF_TOKEN_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /**
   * New sellers wait for staff with `moderation` to approve them before anything of their shop
   * is public (issue 29, decision 290). Off by default, so registering a seller works as before.
   */
  SELLER_APPROVAL_REQUIRED: z.enum(['true', 'false']).default('false'),
  /** Encrypts staff TOTP secrets at rest (AES-256-GCM, decision 256); derived from JWT_SECRET when unset. */
  STAFF_TOTP_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty`: one readable line per request; default in development on a terminal, else `json` (decision 201). */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /** Share of fresh public answers checked against their schema: default 1 under tests, 0.01 in development, 0 in production (decision 201). */
  ANSWER_CHECK_SHARE: z.coerce.number().min(0).max(1).optional(),
  CORS_ORIGINS: z.string().default(''),
  REDIS_URL: optionalUrl,
  /** How long a request's caller (user row, role, token version) is remembered; 0 = never. */
  CALLER_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /** How long a capture in flight keeps its order from expiring (decision 156). */
  ORDER_CAPTURE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  ORDER_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 7)
    .default(30),
  /** Anti-hoarding (docs/decisions/170): unpaid orders one customer may hold at once. */
  ORDER_MAX_UNPAID: z.coerce.number().int().min(1).max(1000).default(3),
  /** Units of one product one customer may hold in unpaid orders together. */
  ORDER_MAX_UNITS_PER_PRODUCT: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Orders one customer may place per hour (counted per attempt, also when refused). */
  RATE_LIMIT_ORDERS_PER_USER: z.coerce.number().int().min(1).default(20),
  /** How often a customer may extend an unpaid order's hold, each time by ORDER_HOLD_MINUTES (decision 174). */
  ORDER_HOLD_MAX_EXTENSIONS: z.coerce.number().int().min(0).max(10).default(1),
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
  /** The federal geoportal's location search (building addresses), e.g. https://api3.geo.admin.ch/rest/services/api/SearchServer; off when absent (docs/decisions/220). */
  GEOADMIN_SEARCH_URL: optionalUrl,
  MAP_STYLE_URL: optionalUrl,
  /** Sign-in guesses for one account from one address, per 15 minutes (docs/decisions/144). */
  RATE_LIMIT_LOGIN_PER_ACCOUNT_ADDRESS: z.coerce.number().int().min(1).default(10),
  /** Sign-in guesses for one account from all addresses together, per minute. */
  RATE_LIMIT_LOGIN_PER_ACCOUNT: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_REGISTRATION_PER_IP: z.coerce.number().int().min(1).default(20),
  /** scrypt's N = 2^PASSWORD_HASH_COST for new password hashes; below 14 only under NODE_ENV=test (decision 300). */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(PRODUCTION_PASSWORD_HASH_COST),
  ...processSettings,
  ...paymentSettings,
  ...moneySettings,
  // Deployment: where the process sits and what it serves.
  /** Client addresses from X-Forwarded-For: only behind a proxy that sets it (docs/security.md). */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** Workers of `npm run start:prod` (cluster.ts); one per core when absent. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  /** The built web app to serve; apps/web/dist when absent. */
  WEB_DIST_DIR: z.string().trim().min(1).optional(),
  /**
   * Product pages rendered and stored ahead of their first visit (decision 316): `all`, `off`
   * or languages (`de,fr`). By default all with NODE_ENV=production, else off.
   */
  PAGES_WRITE_AHEAD: z
    .string()
    .trim()
    .regex(/^(all|off|(de|fr|it|en)(,(de|fr|it|en))*)$/, 'all, off, or languages such as de,fr')
    .optional(),
  /**
   * Addresses per sitemap file (each page once per language; the protocol allows 50,000). A file
   * of 500 is written in about 5 ms at 100,000 products, 2,000 took 20 (decision 339).
   */
  SITEMAP_URLS_PER_FILE: z.coerce.number().int().min(4).max(50_000).default(500),
  /** Image uploads (profile, store, product) of one user per hour. */
  RATE_LIMIT_UPLOADS_PER_USER: z.coerce.number().int().min(1).default(30),
  /** How long after registration a profile may be created without a token (spec §4). */
  PROFILE_CLAIM_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60 * 60)
    .default(120),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<
  Env,
  'JWT_SECRET' | 'SEED_DEMO' | 'LOG_FORMAT' | 'ANSWER_CHECK_SHARE' | 'PAGES_WRITE_AHEAD'
> {
  PAGES_WRITE_AHEAD: string;
  JWT_SECRET: string;
  SEED_DEMO: 'true' | 'false';
  LOG_FORMAT: 'pretty' | 'json';
  ANSWER_CHECK_SHARE: number;
  dataDir: string;
}

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema
    .refine((env) => env.HTTP_HEADERS_TIMEOUT_MS <= env.HTTP_REQUEST_TIMEOUT_MS, {
      path: ['HTTP_HEADERS_TIMEOUT_MS'],
      message: 'must not be longer than HTTP_REQUEST_TIMEOUT_MS',
    })
    .refine((env) => env.DATABASE_STALL_MS < env.DATABASE_STALL_EXIT_MS, {
      path: ['DATABASE_STALL_EXIT_MS'],
      message: 'must be longer than DATABASE_STALL_MS',
    })
    // Cheap hashes only make the tests faster; a running shop never hashes below N=16384.
    .refine((env) => env.NODE_ENV === 'test' || env.PASSWORD_HASH_COST >= PRODUCTION_PASSWORD_HASH_COST, {
      path: ['PASSWORD_HASH_COST'],
      message: 'must be at least 14 (N=16384) outside NODE_ENV=test',
    })
    .refine((env) => env.INVOICE_GRACE_DAYS < env.INVOICE_HOLD_DAYS, {
      path: ['INVOICE_GRACE_DAYS'],
      message: 'must be shorter than INVOICE_HOLD_DAYS (the bill is due before the hold ends)',
    })
    // TWINT through Datatrans needs all three: its webhooks are believed only when signed.
    .refine((env) => !env.DATATRANS_MERCHANT_ID || (env.DATATRANS_PASSWORD && env.DATATRANS_HMAC_KEY), {
      path: ['DATATRANS_MERCHANT_ID'],
      message: 'needs DATATRANS_PASSWORD and DATATRANS_HMAC_KEY as well',
    })
    .safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return result.data;
}

/** The secret that signs tokens: from JWT_SECRET, or generated once and kept in DATA_DIR. */
function resolveJwtSecret(env: Env, dataDir: string): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  // Every production process must sign with the same deliberate key, never a file's.
  if (env.NODE_ENV === 'production')
    throw new ConfigError(
      'Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production (at least 32 characters, ' +
        'the same in every process; for example the output of `openssl rand -base64 48`)',
    );
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
  const SEED_DEMO = env.SEED_DEMO ?? (env.NODE_ENV === 'production' ? 'false' : 'true');
  return {
    ...env,
    dataDir,
    SEED_DEMO,
    PAGES_WRITE_AHEAD: env.PAGES_WRITE_AHEAD ?? (env.NODE_ENV === 'production' ? 'all' : 'off'),
    ...developmentDefaults(env),
    JWT_SECRET: resolveJwtSecret(env, dataDir),
  };
}

/**
 * What differs between development, tests and production when not set (decision 201): readable
 * logs only for a person at a terminal, and answer checks in tests (a 1 % sample while developing)
 * but never on production's hot path.
 */
function developmentDefaults(env: Env): Pick<Config, 'LOG_FORMAT' | 'ANSWER_CHECK_SHARE'> {
  const share = { test: 1, development: 0.01, production: 0 }[env.NODE_ENV];
  return {
    LOG_FORMAT:
      env.LOG_FORMAT ?? (env.NODE_ENV === 'development' && process.stdout.isTTY ? 'pretty' : 'json'),
    ANSWER_CHECK_SHARE: env.ANSWER_CHECK_SHARE ?? share,
  };
}
