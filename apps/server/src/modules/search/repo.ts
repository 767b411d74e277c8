/**
 * The only place in the search module that knows the ORM (docs/decisions/128, 130).
 *
 * Matching reads the word tables that the database keeps current by trigger
 * (search_product_terms, search_store_terms, search_seller_terms: one row per word, best field
 * and object, folded by mg_search_fold) through index-only scans: a word's exact and prefix
 * matches are one range of the (term, field, id) key, its parts-of-words and typos are lists
 * of vocabulary words. Every word of a query must match (a join on the id); the rank of an
 * object is the sum over the words of the best way each matched, so wide rows are read only
 * for the page that is shown (or when a filter or price sort needs them).
 */
import { and, asc, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { ProductFilters, SearchSort } from '@marktgasse/shared';
import { productPublicOrOwn, publicSeller, sellerPublicOrOwn } from '../../db/visibility.ts';
import type { Db } from '../../db/client.ts';
import { countOfAll, idPage, rawRows, type IdPage } from '../../db/sql.ts';
import {
  categories,
  products,
  profileCategories,
  profiles,
  searchProductTerms,
  searchSellerTerms,
  searchStoreTerms,
  searchVocabulary,
  stocks,
  storeCategories,
  stores,
  users,
} from '../../db/schema.ts';

/**
 * How one word of a query may match, every list already folded: `word` itself and the
 * words it begins (a range up to `upper`), `parts` (vocabulary words that contain it, as a
 * compound does: "kase" in "hartkase"), `typos` (vocabulary words within its typo budget).
 */
export interface WordMatch {
  word: string;
  parts: string[];
  /** Words one typo away, then two away: empty unless the service reads this word with its typos. */
  typos: string[][];
}

/**
 * The rank of one word in one object (lower is better): exact and prefix matches first,
 * field by field (exact before prefix within a field), then parts of words, then typos.
 * Fields, best first (the triggers of migration 0007_search write them) — products: name,
 * brand, subcategory, category, description, seller name; stores: name, city, seller name,
 * address, description; sellers: name, industry, headquarter, description.
 */
export const RANK = { part: 100, typo: 200 } as const;
// Within typos: 200 + 20 per extra typo + 2 per field, so one typo in the description still beats two in the name.

/**
 * A seller's name on a product or store matches only as a whole word: half a name names no
 * one ("velo" is not the shop "velowerk"), while the seller search itself takes prefixes.
 */
const WHOLE_WORD_FIELD = { products: 5, stores: 2 } as const;

/** The smallest string above every word that starts with `word` (words are a–z and 0–9). */
export function upperBound(word: string): string {
  return word.slice(0, -1) + String.fromCharCode(word.charCodeAt(word.length - 1) + 1);
}

/** A list of words as one text parameter: words never contain a space. */
const wordList = (words: string[]) => sql`string_to_array(${words.join(' ')}, ' ')`;
/** A list of ids as one parameter. */
const idArray = (ids: number[]) => sql`string_to_array(${ids.join(',')}, ',')::int[]`;

type TermTable = typeof searchProductTerms | typeof searchStoreTerms | typeof searchSellerTerms;
type TermId =
  typeof searchProductTerms.productId | typeof searchStoreTerms.storeId | typeof searchSellerTerms.sellerId;

/**
 * `select id, score` of the objects that match every word: the best rank of each (object,
 * word), then one grouping that keeps the objects with all words. No join between the words:
 * the planner cannot size a word's matches (a prefix is a range of a skewed column), and a
 * nested loop over two common words was quadratic (137 ms for "alpkase saanenland").
 */
function matchSql(table: TermTable, id: TermId, words: WordMatch[], wholeWordField: number | null): SQL {
  const partial = wholeWordField === null ? sql`` : sql` and ${table.field} <> ${wholeWordField}`;
  const branches = words.flatMap((w, i) => {
    const prefixOnly =
      wholeWordField === null
        ? sql``
        : sql` and (${table.field} <> ${wholeWordField} or ${table.term} = ${w.word})`;
    const word: SQL[] = [
      sql`select ${id} as id, ${i}::int as w, ${table.field} * 2 + (${table.term} <> ${w.word})::int as c from ${table}
          where ${table.term} >= ${w.word} and ${table.term} < ${upperBound(w.word)}${prefixOnly}`,
    ];
    if (w.parts.length)
      word.push(sql`select ${id}, ${i}, ${RANK.part} + ${table.field} * 2 from ${table}
          where ${table.term} = any(${wordList(w.parts)})${partial}`);
    // One typo before two, then by field.
    w.typos.forEach((terms, distance) => {
      if (terms.length)
        word.push(sql`select ${id}, ${i}, ${RANK.typo + distance * 20} + ${table.field} * 2 from ${table}
          where ${table.term} = any(${wordList(terms)})${partial}`);
    });
    return word;
  });
  const all = sql.join(branches, sql` union all `);
  if (words.length === 1) return sql`select id, min(c) as score from (${all}) x group by id`;
  const best = sql`select id, w, min(c) as c from (${all}) x group by id, w`;
  return sql`select id, sum(c) as score from (${best}) y group by id having count(*) = ${words.length}`;
}

/** What a product list is limited to, besides the filters a shopper sets. */
export interface ProductScope {
  sellerId?: number | undefined;
  categoryIds?: number[] | undefined;
  subcategoryIds?: number[] | undefined;
  /** Products with a stock row in this store (with units, when `inStockOnly`). */
  storeId?: number | undefined;
  inStoreStockOnly?: boolean | undefined;
  /** Products with a stock row in a live store of `ownerId` named `name` (any case). */
  storeNamed?: { ownerId: number; name: string } | undefined;
  /** The seller asking about their own (my_…): their products count while their shop is not public. */
  viewer?: number | undefined;
}

export interface StoreScope {
  ownerId?: number | undefined;
  /** Stores of sellers of these categories (the seller's profile or the store lists one). */
  categoryIds?: number[] | undefined;
}

export interface SellerScope {
  categoryIds?: number[] | undefined;
}

/** One page of ranked ids and the number of all that matched. */
export type { IdPage } from '../../db/sql.ts';

export interface StockHit {
  stockId: number;
  number: number;
  storeId: number;
  productId: number;
}

/** Units of one product in one live store. */
export interface HeldUnits {
  storeId: number;
  productId: number;
  name: string;
  units: number;
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

/** Units of the product in a live store (optionally: of these stores only). */
function unitsInLiveStore(storeCondition?: SQL): SQL {
  return sql`exists (select 1 from ${stocks} s join ${stores} st on st.id = s.store_id and st.deleted_at is null
    where s.product_id = ${products.id} and s.number > 0${storeCondition ? sql` and ${storeCondition}` : sql``})`;
}

/**
 * The conditions of a product list on `products` (live, scope and filters): the reusable part of
 * every product list, searched or not (docs/decisions/130).
 */
export function productConditions(scope: ProductScope, filters: ProductFilters): SQL[] {
  // Public products only: hidden ones and suspended or waiting sellers' leave every list
  // (decisions 206, 290); a seller's own lists keep theirs.
  const conditions: SQL[] = [productPublicOrOwn(scope.viewer)];
  if (scope.sellerId !== undefined) conditions.push(eq(products.sellerId, scope.sellerId));
  if (scope.categoryIds !== undefined) conditions.push(inArray(products.categoryId, scope.categoryIds));
  if (scope.subcategoryIds !== undefined)
    conditions.push(inArray(products.subcategoryId, scope.subcategoryIds));
  if (scope.storeId !== undefined)
    conditions.push(sql`exists (select 1 from ${stocks} s where s.store_id = ${scope.storeId}
      and s.product_id = ${products.id}${scope.inStoreStockOnly ? sql` and s.number > 0` : sql``})`);
  if (scope.storeNamed)
    conditions.push(sql`exists (select 1 from ${stocks} s join ${stores} st on st.id = s.store_id
      where s.product_id = ${products.id} and st.owner_id = ${scope.storeNamed.ownerId}
        and st.deleted_at is null and lower(st.name) = lower(${scope.storeNamed.name}))`);
  if (filters.minPriceRappen !== undefined)
    conditions.push(sql`${products.priceRappen} >= ${filters.minPriceRappen}`);
  if (filters.maxPriceRappen !== undefined)
    conditions.push(sql`${products.priceRappen} <= ${filters.maxPriceRappen}`);
  if (filters.inStock) conditions.push(unitsInLiveStore());
  if (filters.pickupCity !== undefined)
    conditions.push(unitsInLiveStore(sql`mg_search_fold(st.city) = mg_search_fold(${filters.pickupCity})`));
  return conditions;
}

/** ORDER BY of a product list; `score` when a search ranks it. Each order has an index (migration 0005). */
export function productOrder(sort: SearchSort, score: SQL | null): SQL[] {
  switch (sort) {
    case 'price_asc':
      return [asc(products.priceRappen), asc(products.id)];
    case 'price_desc':
      return [desc(products.priceRappen), desc(products.id)];
    case 'rating':
      return [
        sql`(${products.ratingSum}::float8 / nullif(${products.numReviews}, 0)) desc nulls last`,
        sql`${products.numReviews} desc nulls last`,
        sql`${products.id} desc nulls last`,
      ];
    case 'newest':
      return [desc(products.id)];
    case 'relevance':
      return score ? [asc(score), desc(products.id)] : [desc(products.id)];
  }
}

/** Whether a product list needs the product rows (a scope, a filter, or a sort by their columns). */
function needsProductRows(scope: ProductScope, filters: ProductFilters, sort: SearchSort): boolean {
  return (
    Object.values(scope).some((v) => v !== undefined) ||
    Object.values(filters).some((v) => v !== undefined) ||
    (sort !== 'relevance' && sort !== 'newest')
  );
}

export class SearchRepo {
  constructor(private readonly db: Db) {}

  /** Vocabulary words with an id above `afterId` (see vocabulary.ts). */
  async vocabularySince(afterId: number): Promise<{ id: number; term: string }[]> {
    return this.db
      .select({ id: searchVocabulary.id, term: searchVocabulary.term })
      .from(searchVocabulary)
      .where(gt(searchVocabulary.id, afterId));
  }

  /**
   * One page of products: ranked by the words when there are any, else in the order of
   * `sort`; with the count of all that matched.
   */
  async productPage(
    words: WordMatch[],
    scope: ProductScope,
    filters: ProductFilters,
    sort: SearchSort,
    offset: number,
    limit: number,
  ): Promise<IdPage> {
    const conditions = productConditions(scope, filters);
    if (words.length === 0) {
      const [rows, count] = await Promise.all([
        this.db
          .select({ id: products.id })
          .from(products)
          .where(and(...conditions))
          .orderBy(...productOrder(sort, null))
          .limit(limit)
          .offset(offset),
        this.db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(products)
          .where(and(...conditions)),
      ]);
      return { ids: rows.map((r) => r.id), count: count[0]?.n ?? 0 };
    }
    const m = matchSql(searchProductTerms, searchProductTerms.productId, words, WHOLE_WORD_FIELD.products);
    const score = sql`m.score`;
    let rows: { id: number; total: number }[];
    if (!needsProductRows(scope, filters, sort)) {
      // Ranked by the word tables alone: index-only, whatever the number of matches.
      rows = await rawRows<{ id: number; total: number }>(
        this.db,
        sql`select m.id, count(*) over () as total from (${m}) m
            order by ${sort === 'relevance' ? sql`m.score, ` : sql``}m.id desc limit ${limit} offset ${offset}`,
      );
    } else {
      rows = await this.db
        .select({ id: products.id, total: countOfAll })
        .from(sql`(${m}) m`)
        .innerJoin(products, sql`${products.id} = m.id`)
        .where(and(...conditions))
        .orderBy(...productOrder(sort, score))
        .limit(limit)
        .offset(offset);
    }
    return idPage(rows, offset, () =>
      this.productPage(words, scope, filters, sort, 0, 1).then((p) => p.count),
    );
  }

  /** Live stores of live owners (an owner's own list: theirs whatever their state), ranked by the words, else newest first. */
  async storePage(words: WordMatch[], scope: StoreScope, offset: number, limit: number): Promise<IdPage> {
    const conditions: SQL[] = [isNull(stores.deletedAt), sellerPublicOrOwn(scope.ownerId)];
    if (scope.ownerId !== undefined) conditions.push(eq(stores.ownerId, scope.ownerId));
    if (scope.categoryIds !== undefined)
      conditions.push(sql`(exists (select 1 from ${storeCategories} sc where sc.store_id = ${stores.id}
          and sc.category_id = any(${idArray(scope.categoryIds)}))
        or exists (select 1 from ${profileCategories} pc join ${profiles} pr on pr.id = pc.profile_id
          where pr.user_id = ${stores.ownerId} and pc.category_id = any(${idArray(scope.categoryIds)})))`);
    let rows: { id: number; total: number }[];
    if (words.length === 0) {
      rows = await this.db
        .select({ id: stores.id, total: countOfAll })
        .from(stores)
        .innerJoin(users, eq(users.id, stores.ownerId))
        .where(and(...conditions))
        .orderBy(desc(stores.id))
        .limit(limit)
        .offset(offset);
    } else {
      const m = matchSql(searchStoreTerms, searchStoreTerms.storeId, words, WHOLE_WORD_FIELD.stores);
      rows = await this.db
        .select({ id: stores.id, total: countOfAll })
        .from(sql`(${m}) m`)
        .innerJoin(stores, sql`${stores.id} = m.id`)
        .innerJoin(users, eq(users.id, stores.ownerId))
        .where(and(...conditions))
        .orderBy(sql`m.score`, desc(stores.id))
        .limit(limit)
        .offset(offset);
    }
    return idPage(rows, offset, () => this.storePage(words, scope, 0, 1).then((p) => p.count));
  }

  /** Seller profiles (by user id), ranked by the words, else newest first. */
  async sellerPage(words: WordMatch[], scope: SellerScope, offset: number, limit: number): Promise<IdPage> {
    const conditions: SQL[] = [eq(profiles.status, 'STORE_OWNER'), publicSeller];
    if (scope.categoryIds !== undefined)
      conditions.push(sql`exists (select 1 from ${profileCategories} pc where pc.profile_id = ${profiles.id}
        and pc.category_id = any(${idArray(scope.categoryIds)}))`);
    let rows: { id: number; total: number }[];
    if (words.length === 0) {
      rows = await this.db
        .select({ id: profiles.userId, total: countOfAll })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(and(...conditions))
        .orderBy(desc(profiles.id))
        .limit(limit)
        .offset(offset);
    } else {
      const m = matchSql(searchSellerTerms, searchSellerTerms.sellerId, words, null);
      rows = await this.db
        .select({ id: profiles.userId, total: countOfAll })
        .from(sql`(${m}) m`)
        .innerJoin(profiles, sql`${profiles.userId} = m.id`)
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(and(...conditions))
        .orderBy(sql`m.score`, desc(profiles.id))
        .limit(limit)
        .offset(offset);
    }
    return idPage(rows, offset, () => this.sellerPage(words, scope, 0, 1).then((p) => p.count));
  }

  /** Seller profiles with their names, in the order given. */
  async sellers(userIds: number[]): Promise<{ profile: typeof profiles.$inferSelect; username: string }[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .select({ profile: profiles, username: users.username })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(inArray(profiles.userId, userIds));
    const byId = new Map(rows.map((r) => [r.profile.userId, r]));
    return userIds.flatMap((id) => byId.get(id) ?? []);
  }

  /** The stock rows of one store for these products, in the order given. */
  async stockHits(storeId: number, productIds: number[]): Promise<StockHit[]> {
    if (productIds.length === 0) return [];
    const rows = await this.db
      .select({
        stockId: stocks.id,
        number: stocks.number,
        storeId: stocks.storeId,
        productId: stocks.productId,
      })
      .from(stocks)
      .where(and(eq(stocks.storeId, storeId), inArray(stocks.productId, productIds)));
    const byProduct = new Map(rows.map((r) => [r.productId, r]));
    return productIds.flatMap((id) => byProduct.get(id) ?? []);
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
        // The shop name when the seller set one (decision 176).
        ownerName: sql<string>`coalesce(nullif(${profiles.displayName}, ''), ${users.username})`,
        ownerImage: profiles.image,
        categoryIds: sql<number[] | string>`array(
          select sc.category_id from ${storeCategories} sc join ${categories} c on c.id = sc.category_id
          where sc.store_id = ${stores.id} order by c.position, c.id)`,
      })
      .from(stores)
      .innerJoin(users, eq(users.id, stores.ownerId))
      .leftJoin(profiles, eq(profiles.userId, stores.ownerId))
      .where(and(inArray(stores.id, ids), isNull(stores.deletedAt), publicSeller));
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

  /** The units in stock of these products in live stores of live sellers (rows with units only). */
  async heldUnits(productIds: number[]): Promise<HeldUnits[]> {
    if (productIds.length === 0) return [];
    return this.db
      .select({
        storeId: stocks.storeId,
        productId: stocks.productId,
        name: products.name,
        units: stocks.number,
      })
      .from(stocks)
      .innerJoin(stores, eq(stores.id, stocks.storeId))
      .innerJoin(users, eq(users.id, stores.ownerId))
      .innerJoin(products, eq(products.id, stocks.productId))
      .where(
        and(
          inArray(stocks.productId, productIds),
          gt(stocks.number, 0),
          isNull(stores.deletedAt),
          isNull(users.deletedAt),
          isNull(products.deletedAt),
        ),
      );
  }

  /** Whether a user (a seller's id) exists and is not deleted. */
  async liveUser(id: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .limit(1);
    return rows.length > 0;
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
