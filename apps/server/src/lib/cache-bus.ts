/**
 * Tells the other server processes that the catalogue or a user changed, so their caches
 * forget at once instead of within their lifetime. With REDIS_URL every process publishes its
 * catalogue writes and user changes (logout, new profile, deletion) on two channels and
 * forgets on the others' messages; the cached data itself stays in each process's memory.
 * Without Redis (a single process) nothing needs telling. If Redis is away, messages are
 * dropped: the cache lifetimes still bound how long another process uses the old data.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

const CATALOGUE = 'mg:catalogue-changed';
/** Messages are "<sender> <user id>". */
const CALLER = 'mg:caller-changed';
/** A start does not wait longer than this for Redis (it subscribes whenever Redis answers). */
const STARTUP_WAIT_MS = 2_000;

export class RedisCacheBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  /** Ignores this process's own messages (it has already forgotten). */
  private readonly id = randomUUID();
  private readonly ready: Promise<unknown>;

  constructor(
    url: string,
    handlers: { catalogueChanged: () => void; callerChanged: (userId: number) => void },
  ) {
    const options = { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false };
    this.publisher = new Redis(url, options);
    // The subscription waits for Redis however long it takes (and is renewed on reconnects).
    this.subscriber = new Redis(url, { ...options, enableOfflineQueue: true, maxRetriesPerRequest: null });
    for (const client of [this.publisher, this.subscriber])
      client.on('error', () => {
        /* a lost message only means the cache lifetime applies */
      });
    this.subscriber.on('message', (channel: string, message: string) => {
      const [sender, key] = message.split(' ');
      if (sender === this.id) return;
      if (channel === CATALOGUE) handlers.catalogueChanged();
      else if (channel === CALLER && /^\d{1,15}$/.test(key ?? '')) handlers.callerChanged(Number(key));
    });
    this.ready = Promise.race([
      this.subscriber.subscribe(CATALOGUE, CALLER).catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, STARTUP_WAIT_MS).unref()),
    ]);
  }

  /** Resolves once this process listens, or after STARTUP_WAIT_MS. */
  listening(): Promise<unknown> {
    return this.ready;
  }

  catalogueChanged(): void {
    this.publisher.publish(CATALOGUE, this.id).catch(() => undefined);
  }

  callerChanged(userId: number): void {
    this.publisher.publish(CALLER, `${this.id} ${userId}`).catch(() => undefined);
  }

  async close(): Promise<void> {
    await Promise.all([this.publisher, this.subscriber].map((c) => c.quit().catch(() => undefined)));
  }
}
