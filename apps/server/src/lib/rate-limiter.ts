/**
 * Fixed-window counters for brute-force limits: in memory by default, in Redis when
 * REDIS_URL is set so that every server process shares them.
 */
import { Redis } from 'ioredis';

export interface LimitResult {
  count: number;
  /** Seconds until the window ends. */
  resetSeconds: number;
}

export interface RateLimiter {
  /** Adds one hit to `key` within a window of `windowSeconds` and answers the count so far. */
  hit(key: string, windowSeconds: number): Promise<LimitResult>;
  /** The count so far, without adding a hit. */
  peek(key: string): Promise<LimitResult>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  async hit(key: string, windowSeconds: number): Promise<LimitResult> {
    const now = Date.now();
    let entry = this.windows.get(key);
    if (!entry || entry.endsAt <= now) {
      entry = { count: 0, endsAt: now + windowSeconds * 1000 };
      this.windows.set(key, entry);
      if (this.windows.size > 100_000) this.sweep(now);
    }
    entry.count += 1;
    return { count: entry.count, resetSeconds: Math.ceil((entry.endsAt - now) / 1000) };
  }

  async peek(key: string): Promise<LimitResult> {
    const now = Date.now();
    const entry = this.windows.get(key);
    if (!entry || entry.endsAt <= now) return { count: 0, resetSeconds: 0 };
    return { count: entry.count, resetSeconds: Math.ceil((entry.endsAt - now) / 1000) };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {}

  private sweep(now: number): void {
    for (const [key, entry] of this.windows) if (entry.endsAt <= now) this.windows.delete(key);
  }
}

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'mg:rl:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false, enableOfflineQueue: true });
    this.redis.on('error', () => {
      /* reported through failed commands */
    });
  }

  async hit(key: string, windowSeconds: number): Promise<LimitResult> {
    const k = this.prefix + key;
    const results = await this.redis.multi().incr(k).expire(k, windowSeconds, 'NX').ttl(k).exec();
    const count = Number(results?.[0]?.[1] ?? 1);
    const ttl = Number(results?.[2]?.[1] ?? windowSeconds);
    return { count, resetSeconds: ttl > 0 ? ttl : windowSeconds };
  }

  async peek(key: string): Promise<LimitResult> {
    const k = this.prefix + key;
    const [count, ttl] = await Promise.all([this.redis.get(k), this.redis.ttl(k)]);
    return { count: Number(count ?? 0), resetSeconds: ttl > 0 ? ttl : 0 };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
