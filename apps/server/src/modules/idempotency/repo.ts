/** The only place that knows the idempotency_keys table (decision 173). */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rawRows } from '../../db/sql.ts';
import { idempotencyKeys } from '../../db/schema.ts';

export interface KeyId {
  userId: number;
  route: string;
  key: string;
}

export interface StoredKey {
  requestHash: string;
  /** null while the first request runs. */
  status: number | null;
  body: string | null;
}

/** A stored answer is kept this long; a key is then free again. */
const KEEP = sql`interval '24 hours'`;
/** A first request that has not finished after this long died with its process: a retry takes over. */
const ABANDONED = sql`interval '2 minutes'`;

/** Idempotency keys and their stored answers. Built on the database or on the caller's transaction: `new IdempotencyRepo(tx)`. */
export class IdempotencyRepo {
  constructor(readonly db: DbOrTx) {}

  /**
   * Claims the key for a first request: true when this call owns it now (new, expired, or
   * abandoned by a process that died mid-request with the same request). One statement, so two
   * processes never both own a key.
   */
  async claim(id: KeyId, requestHash: string): Promise<boolean> {
    const rows = await rawRows(
      this.db,
      sql`
      insert into ${idempotencyKeys} (user_id, route, key, request_hash)
      values (${id.userId}, ${id.route}, ${id.key}, ${requestHash})
      on conflict (user_id, route, key) do update
        set request_hash = excluded.request_hash, status = null, body = null, created_at = now(), started_at = now()
        where idempotency_keys.created_at < now() - ${KEEP}
           or (idempotency_keys.status is null
               and idempotency_keys.started_at < now() - ${ABANDONED}
               and idempotency_keys.request_hash = excluded.request_hash)
      returning 1 as claimed`,
    );
    return rows.length === 1;
  }

  async find(id: KeyId): Promise<StoredKey | null> {
    const [row] = await this.db
      .select({
        requestHash: idempotencyKeys.requestHash,
        status: idempotencyKeys.status,
        body: idempotencyKeys.body,
      })
      .from(idempotencyKeys)
      .where(whereId(id));
    return row ?? null;
  }

  /** Stores the first request's answer (in the caller's transaction when it has one). */
  async complete(id: KeyId, status: number, body: string): Promise<void> {
    await this.db
      .update(idempotencyKeys)
      .set({ status, body })
      .where(and(whereId(id), isNull(idempotencyKeys.status)));
  }

  /** Frees a key whose first request failed: a retry runs again (nothing was placed or paid). */
  async release(id: KeyId): Promise<void> {
    await this.db.delete(idempotencyKeys).where(and(whereId(id), isNull(idempotencyKeys.status)));
  }

  /** Deletes up to `limit` keys older than the keeping time; answers how many. */
  async purgeExpired(limit: number): Promise<number> {
    const rows = await rawRows(
      this.db,
      sql`
      delete from ${idempotencyKeys} where (user_id, route, key) in (
        select user_id, route, key from ${idempotencyKeys}
        where created_at < now() - ${KEEP} order by created_at limit ${limit})
      returning 1`,
    );
    return rows.length;
  }
}

function whereId(id: KeyId) {
  return and(
    eq(idempotencyKeys.userId, id.userId),
    eq(idempotencyKeys.route, id.route),
    eq(idempotencyKeys.key, id.key),
  );
}
