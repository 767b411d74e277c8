/**
 * Tells the other server processes that the catalogue changed, so their read caches forget
 * at once instead of within their lifetime. With REDIS_URL every process publishes its
 * catalogue writes on one channel and empties its own cache on the others' messages; the
 * cached answers themselves stay in each process's memory. Without Redis (a single process)
 * nothing needs telling. If Redis is away, messages are dropped: the cache lifetime still
 * bounds how long another process shows the old answer.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

const CHANNEL = 'mg:catalogue-changed';
/** A start does not wait longer than this for Redis (it subscribes whenever Redis answers). */
const STARTUP_WAIT_MS = 2_000;

export class RedisCacheBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  /** Ignores this process's own messages (it has already forgotten). */
  private readonly id = randomUUID();
  private readonly ready: Promise<unknown>;

  constructor(url: string, onOtherWrite: () => void) {
    const options = { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false };
    this.publisher = new Redis(url, options);
    // The subscription waits for Redis however long it takes (and is renewed on reconnects).
    this.subscriber = new Redis(url, { ...options, enableOfflineQueue: true, maxRetriesPerRequest: null });
    for (const client of [this.publisher, this.subscriber])
      client.on('error', () => {
        /* a lost message only means the cache lifetime applies */
      });
    this.subscriber.on('message', (_channel: string, sender: string) => {
      if (sender !== this.id) onOtherWrite();
    });
    this.ready = Promise.race([
      this.subscriber.subscribe(CHANNEL).catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, STARTUP_WAIT_MS).unref()),
    ]);
  }

  /** Resolves once this process listens, or after STARTUP_WAIT_MS. */
  listening(): Promise<unknown> {
    return this.ready;
  }

  publish(): void {
    this.publisher.publish(CHANNEL, this.id).catch(() => undefined);
  }

  async close(): Promise<void> {
    await Promise.all([this.publisher, this.subscriber].map((c) => c.quit().catch(() => undefined)));
  }
}
