/**
 * The only place in the search module that knows the ORM. Every search answers ids (ranked);
 * the owning modules render them. Matching runs on the lower-case, accent-free `search_text`
 * columns with pg_trgm: a substring match, or word similarity ≥ 0.4 (one typo in a longer
 * word), or — for short words, where trigrams say little — the word with one letter added,
 * changed or left out. Substring matches rank first.
 */
import { and, desc, eq, exists, gt, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { products, profiles, stocks, stores, users } from '../../db/schema.ts';

export const WORD_SIMILARITY_THRESHOLD = 0.4;
/** Up to this length a word also matches with one letter added, changed or left out. */
const FUZZY_MAX_LENGTH = 6;

const escapeLike = (c: string) => (c === '%' || c === '_' || c === '\\' ? `\\${c}` : c);
const escapeRegex = (c: string) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** One letter of a word (never a space, so a typo never bridges two words). */
const ANY_LETTER = '[^ ]';

/**
 * A regular expression for one typo in a short single word (the query is already
 * normalised): a letter missing, mistyped, too many, or two neighbours swapped. Null when
 * the word is too short or long for it, or has spaces.
 */
export function typoRegex(q: string): string | null {
  if (q.length < 3 || q.length > FUZZY_MAX_LENGTH || /\s/.test(q)) return null;
  const chars = [...q].map(escapeRegex);
  const n = chars.length;
  const out = new Set<string>();
  // a letter missing from the query: "kse" → "k.se"
  for (let i = 1; i < n; i++) out.add([...chars.slice(0, i), ANY_LETTER, ...chars.slice(i)].join(''));
  // a letter mistyped, inside the word
  for (let i = 1; i < n - 1; i++) out.add([...chars.slice(0, i), ANY_LETTER, ...chars.slice(i + 1)].join(''));
  // a letter too many (what is left keeps at least 4 letters)
  if (n >= 5) for (let i = 0; i < n; i++) out.add([...chars.slice(0, i), ...chars.slice(i + 1)].join(''));
  // two neighbours swapped
  for (let i = 0; i < n - 1; i++) {
    const swapped = [...chars];
    [swapped[i], swapped[i + 1]] = [swapped[i + 1]!, swapped[i]!];
    out.add(swapped.join(''));
  }
  out.delete(chars.join(''));
  return out.size ? `(${[...out].join('|')})` : null;
}

interface Matcher {
  where: SQL;
  /** ORDER BY terms: substring matches first, then by similarity. */
  rank: SQL[];
}

function matcher(column: SQLWrapper, q: string): Matcher {
  const like = `%${[...q].map(escapeLike).join('')}%`;
  const alternatives: SQL[] = [sql`${column} like ${like}`, sql`${q} <% ${column}`];
  const typo = typoRegex(q);
  if (typo) alternatives.push(sql`${column} ~ ${typo}`);
  return {
    where: sql`(${sql.join(alternatives, sql` or `)})`,
    rank: [
      sql`(case when ${column} like ${like} then 0 else 1 end)`,
      sql`word_similarity(${q}, ${column}) desc`,
    ],
  };
}

/** The same normalisation as toSearchText, in SQL, for columns that have no search_text. */
function normalisedSql(expr: SQL): SQL {
  return sql`replace(translate(lower(${expr}), 'àáâãäåāçćčèéêëēėęìíîïīñńòóôõöøōùúûüūýÿžźżšś', 'aaaaaaaccceeeeeeeiiiiinnooooooouuuuuyyzzzss'), 'ß', 'ss')`;
}

export interface ProductFilter {
  sellerId?: number | undefined;
  /** Only products with a stock row in a live store of `ownerId` named `storeName` (any case). */
  store?: { ownerId: number; name: string } | undefined;
}

export interface StockHit {
  stockId: number;
  number: number;
  storeId: number;
  productId: number;
}

export class SearchRepo {
  constructor(private readonly db: Db) {}

  /** Runs a search with the similarity threshold set for this transaction only. */
  private withThreshold<T>(q: string, run: (tx: Tx | Db) => Promise<T>): Promise<T> {
    if (!q) return run(this.db);
    return this.db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`,
      );
      return run(tx);
    });
  }

  async productIds(q: string, limit: number, filter: ProductFilter = {}): Promise<number[]> {
    return this.withThreshold(q, async (db) => {
      const conditions: SQL[] = [isNull(products.deletedAt), isNull(users.deletedAt)];
      if (filter.sellerId !== undefined) conditions.push(eq(products.sellerId, filter.sellerId));
      if (filter.store) {
        conditions.push(
          exists(
            db
              .select({ one: sql`1` })
              .from(stocks)
              .innerJoin(stores, eq(stores.id, stocks.storeId))
              .where(
                and(
                  eq(stocks.productId, products.id),
                  eq(stores.ownerId, filter.store.ownerId),
                  isNull(stores.deletedAt),
                  sql`lower(${stores.name}) = lower(${filter.store.name})`,
                ),
              ),
          ),
        );
      }
      const m = q ? matcher(products.searchText, q) : null;
      if (m) conditions.push(m.where);
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .innerJoin(users, eq(users.id, products.sellerId))
        .where(and(...conditions))
        .orderBy(...(m?.rank ?? []), desc(products.id))
        .limit(limit);
      return rows.map((r) => r.id);
    });
  }

  async storeIds(q: string, limit: number, ownerId?: number): Promise<number[]> {
    return this.withThreshold(q, async (db) => {
      const conditions: SQL[] = [isNull(stores.deletedAt), isNull(users.deletedAt)];
      if (ownerId !== undefined) conditions.push(eq(stores.ownerId, ownerId));
      const m = q ? matcher(stores.searchText, q) : null;
      if (m) conditions.push(m.where);
      const rows = await db
        .select({ id: stores.id })
        .from(stores)
        .innerJoin(users, eq(users.id, stores.ownerId))
        .where(and(...conditions))
        .orderBy(...(m?.rank ?? []), desc(stores.id))
        .limit(limit);
      return rows.map((r) => r.id);
    });
  }

  /** Stock rows of one store whose product matches; `positiveOnly` keeps rows with number > 0. */
  async stockHits(storeId: number, q: string, limit: number, positiveOnly: boolean): Promise<StockHit[]> {
    return this.withThreshold(q, async (db) => {
      const conditions: SQL[] = [eq(stocks.storeId, storeId), isNull(products.deletedAt)];
      if (positiveOnly) conditions.push(gt(stocks.number, 0));
      const m = q ? matcher(products.searchText, q) : null;
      if (m) conditions.push(m.where);
      return db
        .select({
          stockId: stocks.id,
          number: stocks.number,
          storeId: stocks.storeId,
          productId: stocks.productId,
        })
        .from(stocks)
        .innerJoin(products, eq(products.id, stocks.productId))
        .where(and(...conditions))
        .orderBy(...(m?.rank ?? []), desc(products.id))
        .limit(limit);
    });
  }

  /** Seller profiles matching on username, industry and description. */
  async sellers(
    q: string,
    limit: number,
  ): Promise<{ profile: typeof profiles.$inferSelect; username: string }[]> {
    return this.withThreshold(q, async (db) => {
      const conditions: SQL[] = [eq(profiles.status, 'STORE_OWNER'), isNull(users.deletedAt)];
      const text = normalisedSql(
        sql`${users.username} || ' ' || ${profiles.industry} || ' ' || ${profiles.description}`,
      );
      const m = q ? matcher(text, q) : null;
      if (m) conditions.push(m.where);
      return db
        .select({ profile: profiles, username: users.username })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(and(...conditions))
        .orderBy(...(m?.rank ?? []), desc(profiles.id))
        .limit(limit);
    });
  }

  /** The owner of a live store, or null. */
  async storeOwner(storeId: number): Promise<number | null> {
    const rows = await this.db
      .select({ ownerId: stores.ownerId })
      .from(stores)
      .where(and(eq(stores.id, storeId), isNull(stores.deletedAt)))
      .limit(1);
    return rows[0]?.ownerId ?? null;
  }
}
