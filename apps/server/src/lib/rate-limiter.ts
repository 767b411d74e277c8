/**
 * Every rate limit of the app, built on rate-limiter-flexible: atomic counters in memory by
 * default, in Redis (one Lua script per count) when REDIS_URL is set, so that all server
 * processes share them. When Redis fails, each process falls back to its own memory counters
 * (the library's insurance limiter) instead of failing the request.
 *
 * Callers count first (`take`, atomically) and only then do the costly or guarded work; a
 * refused `take` answers how long to wait. docs/decisions/144.
 */
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Config } from '../config/env.ts';

export interface LimitRule {
  /** Points allowed per window. */
  points: number;
  windowSeconds: number;
}

/** The named limits; keys inside a limit are chosen by the caller (account, address, user id). */
export const LIMIT_NAMES = [
  /** Sign-in guesses for one account from one address: tight (the attacker's own budget). */
  'loginAccountAddress',
  /** Sign-in guesses for one account from all addresses: looser, short window (never a long wall). */
  'loginAccount',
  /** Sign-in guesses from one address over all accounts (credential stuffing). */
  'loginAddress',
  'registrationAddress',
  'reviewsUser',
  'uploadsUser',
  /** Order placements of one customer (anti-hoarding, docs/decisions/170). */
  'ordersUser',
  /** Reports of one user about products, reviews and sellers (issue 29). */
  'reportsUser',
  /** Confirmation e-mails one account asks for again (decision 253). */
  'confirmationUser',
  /** Password-reset requests naming one account or e-mail address, whether or not it exists (decision 254). */
  'passwordResetAccount',
  /** Password-reset requests from one network address over all accounts. */
  'passwordResetAddress',
] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

export type LimitRules = Record<LimitName, LimitRule>;

/** Bounds review spam: at most this many reviews per customer and hour. */
export const REVIEWS_PER_HOUR = 10;

/** Bounds report spam: at most this many reports per user and hour. */
export const REPORTS_PER_HOUR = 20;

/** Bounds mail to one inbox (decisions 253, 254): confirmations and resets per account and hour. */
export const ACCOUNT_MAILS_PER_HOUR = 3;
/** Password-reset requests per network address and hour. */
export const PASSWORD_RESETS_PER_ADDRESS_HOUR = 20;

export type TakeResult = { ok: true } | { ok: false; retryAfterSeconds: number };

export function limitRules(config: Config): LimitRules {
  return {
    loginAccountAddress: { points: config.RATE_LIMIT_LOGIN_PER_ACCOUNT_ADDRESS, windowSeconds: 15 * 60 },
    loginAccount: { points: config.RATE_LIMIT_LOGIN_PER_ACCOUNT, windowSeconds: 60 },
    loginAddress: { points: config.RATE_LIMIT_LOGIN_PER_IP, windowSeconds: 15 * 60 },
    registrationAddress: { points: config.RATE_LIMIT_REGISTRATION_PER_IP, windowSeconds: 60 * 60 },
    reviewsUser: { points: REVIEWS_PER_HOUR, windowSeconds: 60 * 60 },
    uploadsUser: { points: config.RATE_LIMIT_UPLOADS_PER_USER, windowSeconds: 60 * 60 },
    ordersUser: { points: config.RATE_LIMIT_ORDERS_PER_USER, windowSeconds: 60 * 60 },
    reportsUser: { points: REPORTS_PER_HOUR, windowSeconds: 60 * 60 },
    confirmationUser: { points: ACCOUNT_MAILS_PER_HOUR, windowSeconds: 60 * 60 },
    passwordResetAccount: { points: ACCOUNT_MAILS_PER_HOUR, windowSeconds: 60 * 60 },
    passwordResetAddress: { points: PASSWORD_RESETS_PER_ADDRESS_HOUR, windowSeconds: 60 * 60 },
  };
}

export class Limits {
  private readonly limiters: Record<LimitName, RateLimiterAbstract>;
  private readonly redis: Redis | null;

  constructor(
    readonly rules: LimitRules,
    redisUrl?: string,
    prefix = 'mg:rl',
  ) {
    this.redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true }) : null;
    // Failures are reported through the limiter (which then counts in memory).
    this.redis?.on('error', () => undefined);
    const entries = LIMIT_NAMES.map((name): [LimitName, RateLimiterAbstract] => {
      const rule = rules[name];
      const options = { points: rule.points, duration: rule.windowSeconds, keyPrefix: `${prefix}:${name}` };
      const limiter = this.redis
        ? new RateLimiterRedis({
            ...options,
            storeClient: this.redis,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
      return [name, limiter];
    });
    this.limiters = Object.fromEntries(entries) as Record<LimitName, RateLimiterAbstract>;
  }

  /** Counts one point for `key` (atomically); refused once the window's points are used up. */
  async take(name: LimitName, key: string): Promise<TakeResult> {
    try {
      await this.limiters[name].consume(key);
      return { ok: true };
    } catch (error) {
      if (error instanceof RateLimiterRes)
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
      throw error;
    }
  }

  /** Gives back one point (the counted action turned out not to count, e.g. a successful sign-in). */
  async giveBack(name: LimitName, key: string): Promise<void> {
    await this.limiters[name].reward(key, 1);
  }

  /** Forgets `key` in one limit (e.g. the failed guesses of an address after its right password). */
  async forget(name: LimitName, key: string): Promise<void> {
    await this.limiters[name].delete(key);
  }

  async close(): Promise<void> {
    await this.redis?.quit().catch(() => undefined);
  }
}

export function createLimits(config: Config): Limits {
  return new Limits(limitRules(config), config.REDIS_URL);
}
