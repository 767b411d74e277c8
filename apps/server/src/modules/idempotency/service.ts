/**
 * `Idempotency-Key` for the requests that must never happen twice: placing an order and paying
 * it (issue 20 row 8, decision 173). The first request with a key runs and its answer is
 * stored in the database; a retry with the same key, by the same user, on the same route and
 * with the same request answers that stored answer and runs nothing, in whichever process it
 * arrives. Without a key a request runs as always.
 */
import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Db } from '../../db/client.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { IdempotencyRepo, type KeyId } from './repo.ts';

/** Printable ASCII without spaces, as clients send UUIDs and similar tokens. */
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
/** How long a retry waits for the first request with its key to finish before it answers 409. */
const WAIT_MS = 15_000;
const POLL_MS = 100;

/** Stores the answer inside the caller's transaction, so it commits with what the request wrote. */
export type StoreAnswer = (tx: DbOrTx, body: unknown) => Promise<void>;

export interface Answer<T> {
  status: number;
  body: T;
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

/** JSON with object keys sorted, so the same request hashes alike however its keys were ordered. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export class IdempotencyService {
  private readonly db: Db;

  constructor(ctx: AppContext) {
    this.db = ctx.database.db;
  }

  /**
   * Runs `execute` once per (user, route, key). `execute` may call the given `store` inside
   * its own transaction; when it does not, the answer is stored right after it returns. A
   * failed first request frees the key (it wrote nothing), so its retry runs again.
   */
  async run<T>(options: {
    userId: number;
    key: string | string[] | undefined;
    route: string;
    request: unknown;
    status: number;
    execute: (store: StoreAnswer) => Promise<T>;
  }): Promise<Answer<T>> {
    const { key, status } = options;
    if (key === undefined)
      return { status, body: await options.execute(async () => undefined), replayed: false };
    if (typeof key !== 'string' || !KEY_FORMAT.test(key)) {
      throw badRequest('The Idempotency-Key header must be 1 to 255 visible ASCII characters.');
    }
    const id: KeyId = { userId: options.userId, route: options.route, key };
    const hash = createHash('sha256')
      .update(`${options.route}\n${canonical(options.request)}`)
      .digest('hex');
    if (Math.random() < 0.05) await new IdempotencyRepo(this.db).purgeExpired(500);

    const until = Date.now() + WAIT_MS;
    for (;;) {
      if (await new IdempotencyRepo(this.db).claim(id, hash)) return this.first(id, status, options.execute);
      const stored = await new IdempotencyRepo(this.db).find(id);
      if (stored) {
        if (stored.requestHash !== hash) {
          throw conflict(
            'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
          );
        }
        if (stored.status !== null) {
          return { status: stored.status, body: JSON.parse(stored.body ?? 'null') as T, replayed: true };
        }
        if (Date.now() >= until) {
          throw new AppError(
            'CONFLICT',
            'A request with this Idempotency-Key is still being processed. Please try again in a moment.',
            undefined,
            { 'retry-after': '1' },
          );
        }
      }
      // The first request is still running (or just freed its key): look again shortly.
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  private async first<T>(
    id: KeyId,
    status: number,
    execute: (store: StoreAnswer) => Promise<T>,
  ): Promise<Answer<T>> {
    let stored = false;
    let body: T;
    try {
      body = await execute(async (tx, answer) => {
        await new IdempotencyRepo(tx).complete(id, status, JSON.stringify(answer));
        stored = true;
      });
    } catch (error) {
      await new IdempotencyRepo(this.db).release(id).catch(() => undefined);
      throw error;
    }
    if (!stored) await new IdempotencyRepo(this.db).complete(id, status, JSON.stringify(body));
    return { status, body, replayed: false };
  }
}
