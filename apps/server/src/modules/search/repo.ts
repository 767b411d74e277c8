/**
 * The only place in the search module that knows the ORM. Every search answers ids (ranked);
 * the owning modules render them. Matching runs on the lower-case, accent-free `search_text`
 * columns with pg_trgm: a substring match, or word similarity ≥ 0.4 (one typo in a longer
 * word), or — for short words, where trigrams say little — the word with one letter added,
 * changed or left out. Substring matches rank first. Products search in two steps (substring,
 * then fuzzy only when needed) so a common word never costs a similarity per row.
 */
import { and, desc, eq, exists, gt, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { categories, products, profiles, stocks, storeCategories, stores, users } from '../../db/schema.ts';

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

export interface MapStoreRow {
  id: number;
  ownerId: number;
  name: string;
  address: string;
  city: string;
  latitude: string;
  longitude: string;
  ownerName: string;
  ownerImage: string | null;
  categoryIds: number[];
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

  /**
   * Products in two steps, so a common word never computes a similarity per matching row:
   * first substring matches through the trigram index (word starts first, then newest), and
   * only when they do not fill the page, fuzzy matches (`<%` with the threshold, or one typo
   * for short words) ranked by word similarity. Deleting an account soft-deletes its
   * products, so `deleted_at is null` also leaves out removed sellers.
   */
  async productIds(q: string, limit: number, filter: ProductFilter = {}): Promise<number[]> {
    const base = (db: Tx | Db): SQL[] => {
      const conditions: SQL[] = [isNull(products.deletedAt)];
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
      return conditions;
    };
    if (!q) {
      const rows = await this.db
        .select({ id: products.id })
        .from(products)
        .where(and(...base(this.db)))
        .orderBy(desc(products.id))
        .limit(limit);
      return rows.map((r) => r.id);
    }
    const text = products.searchText;
    const escaped = [...q].map(escapeLike).join('');
    const like = `%${escaped}%`;
    const substring = await this.db
      .select({ id: products.id })
      .from(products)
      .where(and(...base(this.db), sql`${text} like ${like}`))
      .orderBy(
        sql`(case when ${text} like ${`${escaped}%`} or ${text} like ${`% ${escaped}%`} then 0 else 1 end)`,
        desc(products.id),
      )
      .limit(limit);
    const found = substring.map((r) => r.id);
    if (found.length >= limit) return found;
    const fuzzy = await this.withThreshold(q, async (db) => {
      const alternatives: SQL[] = [sql`${q} <% ${text}`];
      const typo = typoRegex(q);
      if (typo) alternatives.push(sql`${text} ~ ${typo}`);
      return db
        .select({ id: products.id })
        .from(products)
        .where(and(...base(db), sql`(${sql.join(alternatives, sql` or `)})`, sql`not (${text} like ${like})`))
        .orderBy(sql`word_similarity(${q}, ${text}) desc`, desc(products.id))
        .limit(limit - found.length);
    });
    return [...found, ...fuzzy.map((r) => r.id)];
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

  /**
   * Live stores by id for the map, in the order given: the marker fields, the owner and the
   * category ids, in one query (see SearchService.mapStores).
   */
  async mapStores(ids: number[]): Promise<MapStoreRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({
        id: stores.id,
        ownerId: stores.ownerId,
        name: stores.name,
        address: stores.address,
        city: stores.city,
        latitude: stores.latitude,
        longitude: stores.longitude,
        ownerName: users.username,
        ownerImage: profiles.image,
        categoryIds: sql<number[] | string>`array(
          select sc.category_id from ${storeCategories} sc join ${categories} c on c.id = sc.category_id
          where sc.store_id = ${stores.id} order by c.position, c.id)`,
      })
      .from(stores)
      .innerJoin(users, eq(users.id, stores.ownerId))
      .leftJoin(profiles, eq(profiles.userId, stores.ownerId))
      .where(and(inArray(stores.id, ids), isNull(stores.deletedAt), isNull(users.deletedAt)));
    const byId = new Map(
      rows.map((r) => [
        r.id,
        {
          ...r,
          latitude: String(r.latitude),
          longitude: String(r.longitude),
          categoryIds: intArray(r.categoryIds),
        },
      ]),
    );
    return ids.map((id) => byId.get(id)).filter((r): r is MapStoreRow => r !== undefined);
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

/** An int[] column: an array from node-postgres and PGlite, or its text form `{1,2}`. */
function intArray(value: number[] | string): number[] {
  if (Array.isArray(value)) return value.map(Number);
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map(Number) : [];
}
