/** The only place in the catalogue module that knows the ORM. */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { productPublicOrOwn, publicProduct, publicSeller, sellerHiddenOf } from '../../db/visibility.ts';
import { preparedPerDb, rawRows } from '../../db/sql.ts';
import {
  categories,
  orderItems,
  orders,
  products,
  profiles,
  reviews,
  stocks,
  stores,
  subcategories,
  users,
} from '../../db/schema.ts';

export type ProductRow = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
/** The fields a seller's edit may change. */
export type ProductEdit = Partial<
  Pick<
    ProductRow,
    'brand' | 'name' | 'priceRappen' | 'description' | 'image' | 'categoryId' | 'subcategoryId' | 'vatRate'
  >
>;

export interface ProductJoined {
  product: ProductRow;
  username: string;
  sellerImage: string | null;
  /** The seller's shop name ('' or null when none). */
  sellerDisplayName: string | null;
  categoryName: string;
  subcategoryName: string;
}

export interface StockJoined {
  id: number;
  productId: number;
  number: number;
  storeId: number;
  storeName: string;
  city: string;
}

export interface ReviewJoined {
  id: number;
  productId: number;
  userId: number;
  username: string;
  rating: number;
  comment: string;
  verified: boolean;
  createdAt: Date;
}

export interface LatestReviewJoined extends ReviewJoined {
  productBrand: string;
  productName: string;
  productImage: string | null;
}

/** Names are resolved to ids first (from the cached category tree), so lists use the partial indexes. */
export interface ListFilter {
  categoryIds?: number[] | undefined;
  subcategoryIds?: number[] | undefined;
  sellerId?: number | undefined;
}

/** A product with its seller, category names and stock rows in live stores, from one query. */
export interface ProductFull extends ProductJoined {
  stocks: StockJoined[];
}

/** Stock rows in live stores as one JSON array per product (a correlated subquery). */
function stocksJson() {
  return sql<StockJoined[] | string>`coalesce((
    select json_agg(json_build_object('id', s.id, 'productId', s.product_id, 'number', s.number,
                                      'storeId', st.id, 'storeName', st.name, 'city', st.city) order by st.id)
    from ${stocks} s join ${stores} st on st.id = s.store_id
    where s.product_id = ${products.id} and st.deleted_at is null), '[]'::json)`;
}

/** A product's seller, category names and stocks beside the product's own columns. */
const fullColumns = () => ({
  product: products,
  username: users.username,
  sellerImage: profiles.image,
  sellerDisplayName: profiles.displayName,
  categoryName: categories.name,
  subcategoryName: subcategories.name,
  stocks: stocksJson(),
});

/** Products with seller, category names and stocks: the caller adds which (and that they are live). */
function fullJoin(db: Db) {
  return db
    .select(fullColumns())
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(profiles, eq(profiles.userId, products.sellerId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId));
}

/** A review as the product page's query gives it: its time as epoch milliseconds. */
type ReviewJson = Omit<ReviewJoined, 'createdAt'> & { createdAtMs: number };

/**
 * A product's reviews with their authors' names, newest first (as `reviewsOfProductQuery`), as
 * one JSON array (a correlated subquery).
 */
function reviewsJson() {
  return sql<ReviewJson[] | string>`coalesce((
    select json_agg(json_build_object('id', r.id, 'productId', r.product_id, 'userId', r.user_id,
                                      'username', u.username, 'rating', r.rating, 'comment', r.comment,
                                      'verified', r.verified,
                                      'createdAtMs', floor(extract(epoch from r.created_at) * 1000)::bigint)
                    order by r.created_at desc, r.id desc)
    from ${reviews} r left join ${users} u on u.id = r.user_id
    where r.product_id = ${products.id}), '[]'::json)`;
}

/** A live product with its reviews, in one round trip (the server-rendered product page). */
const productPageQuery = preparedPerDb((db) =>
  db
    .select({ ...fullColumns(), reviews: reviewsJson() })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(profiles, eq(profiles.userId, products.sellerId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .where(and(eq(products.id, sql.placeholder('id')), publicProduct))
    .prepare('catalogue_product_page'),
);

/** Live products matching `where` with seller, category names and stocks, newest first. */
function fullSelect(db: Db, where: SQL) {
  return fullJoin(db).where(and(where, publicProduct)).orderBy(desc(products.id));
}

type FullRow = Awaited<ReturnType<typeof fullSelect>>[number];

/** node-postgres parses json; keep working if a driver hands the text over. */
function withStocks(rows: FullRow[]): ProductFull[] {
  return rows.map((r) => ({
    ...r,
    stocks: typeof r.stocks === 'string' ? (JSON.parse(r.stocks) as StockJoined[]) : r.stocks,
  }));
}

/**
 * Two prepared statements, each with a plan PostgreSQL keeps (decision 194). It plans a
 * prepared statement five times for the values given, then keeps a generic plan if that costs
 * no more than those did. A generic plan assumes an id array holds 10 ids: for one id it looked
 * ten times dearer than a fresh plan, so every product page was planned again (1.2-2 ms of the
 * database's CPU, ten times the query's own run). One id gets its own statement; an id list
 * (list pages) is joined as a relation (`unnest`), whose generic plan is the per-id index
 * look-ups (with `= any(…)` it was merge joins over every seller).
 */
const productByIdQuery = preparedPerDb((db) =>
  fullSelect(db, eq(products.id, sql.placeholder('id'))).prepare('catalogue_product_by_id'),
);
const wantedIds = sql`unnest(${sql.placeholder('ids')}::int[]) as wanted(id)`;
const productsByIdsQuery = preparedPerDb((db) =>
  fullJoin(db)
    .innerJoin(wantedIds, sql`wanted.id = ${products.id}`)
    .where(publicProduct)
    .orderBy(desc(products.id))
    .prepare('catalogue_products_by_ids'),
);

/** One page of a seller's live product ids, newest first (on products_seller_idx). */
const sellerPageIdsQuery = preparedPerDb((db) =>
  db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.sellerId, sql.placeholder('sellerId')), publicProduct))
    .orderBy(desc(products.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('catalogue_seller_page_ids'),
);

/** A review with its author's name. */
function reviewColumns() {
  return {
    id: reviews.id,
    productId: reviews.productId,
    userId: reviews.userId,
    username: users.username,
    rating: reviews.rating,
    comment: reviews.comment,
    verified: reviews.verified,
    createdAt: reviews.createdAt,
  };
}

/** The product row left-joined to its reviews, newest first: every product page asks. */
const reviewsOfProductQuery = preparedPerDb((db) =>
  db
    .select({ ...reviewColumns(), productId: products.id })
    .from(products)
    .leftJoin(reviews, eq(reviews.productId, products.id))
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(products.id, sql.placeholder('productId')), publicProduct))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .prepare('catalogue_reviews_of_product'),
);

/** A new product is as public as its seller's shop (suspended or awaiting approval: not; decision 290). */
const withShopState = (values: typeof products.$inferInsert) => ({
  ...values,
  sellerSuspended: sellerHiddenOf(values.sellerId),
});

/** Joins names in one text: a control character no name keeps (replaced where one did). */
const NAME_SEPARATOR = '\x1f';
/** The parts of a `string_agg` text; none for no rows. */
const listOf = (text: string | null | undefined, separator = ','): string[] =>
  text ? text.split(separator) : [];

/**
 * Built on the database handle, or on the transaction a service opened (`new CatalogueRepo(tx)`):
 * the repo opens none itself (decision 303).
 */
export class CatalogueRepo {
  constructor(
    private readonly db: DbOrTx,
    /** Catalogue reads may go to a read replica. */
    private readonly readDb: Db = db,
  ) {}

  async categoryTree(): Promise<{ id: number; name: string; subcategory: { id: number; name: string }[] }[]> {
    const [cats, subs] = await Promise.all([
      this.readDb
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .orderBy(asc(categories.position), asc(categories.id)),
      this.readDb
        .select({ id: subcategories.id, name: subcategories.name, categoryId: subcategories.categoryId })
        .from(subcategories)
        .orderBy(asc(subcategories.position), asc(subcategories.id)),
    ]);
    return cats.map((c) => ({
      id: c.id,
      name: c.name,
      subcategory: subs.filter((s) => s.categoryId === c.id).map(({ id, name }) => ({ id, name })),
    }));
  }

  /** The subcategory when it exists and belongs to the category; also tells which part is missing. */
  async categoryPair(
    categoryId: number,
    subcategoryId: number,
  ): Promise<{ category: boolean; subcategory: { categoryId: number } | null }> {
    const [cat, sub] = await Promise.all([
      this.db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)),
      this.db
        .select({ categoryId: subcategories.categoryId })
        .from(subcategories)
        .where(eq(subcategories.id, subcategoryId)),
    ]);
    return { category: cat.length > 0, subcategory: sub[0] ?? null };
  }

  /**
   * Live products. Deleting an account soft-deletes its products (accounts repo), so
   * `deleted_at is null` also excludes removed sellers without a join. With the partial
   * indexes on (id), (category_id, id) and (subcategory_id, id) where deleted_at is null,
   * a page at any offset is an index-only scan: no product row is read until the page's own.
   */
  private liveWhere(filter: ListFilter): SQL {
    // Hidden products and suspended sellers' ones are left out like deleted ones (decision 206).
    const conditions: SQL[] = [publicProduct];
    const oneOrMany = (column: typeof products.categoryId | typeof products.subcategoryId, ids: number[]) =>
      ids.length === 1 ? eq(column, ids[0]!) : inArray(column, ids);
    if (filter.categoryIds !== undefined) conditions.push(oneOrMany(products.categoryId, filter.categoryIds));
    if (filter.subcategoryIds !== undefined)
      conditions.push(oneOrMany(products.subcategoryId, filter.subcategoryIds));
    if (filter.sellerId !== undefined) conditions.push(eq(products.sellerId, filter.sellerId));
    return and(...conditions)!;
  }

  private pageQuery(filter: ListFilter, offset: number, limit: number | null) {
    let query = this.readDb
      .select({ id: products.id })
      .from(products)
      .where(this.liveWhere(filter))
      .orderBy(desc(products.id))
      .$dynamic();
    if (limit !== null) query = query.limit(limit);
    if (offset > 0) query = query.offset(offset);
    return query;
  }

  /**
   * Every live id matching `filter`, newest first, in one row (100,000 ids: one index-only scan,
   * 400 KB in memory). As one text, not an array: node-postgres parses an array on the event loop
   * in one go: the sitemaps' three lists of 100,000 held it about 430 ms as arrays, 50-110 ms as
   * texts (decision 339).
   */
  async liveIds(filter: ListFilter): Promise<Int32Array> {
    const [row] = await rawRows<{ ids: string | null }>(
      this.readDb,
      sql`select string_agg(id::text, ',' order by id desc) as ids from ${products} where ${this.liveWhere(filter)}`,
    );
    return Int32Array.from(listOf(row?.ids), Number);
  }

  /** Live ids ascending, with their creation time (epoch seconds) and brand and name (as `liveIds`). */
  async liveIdsWithNames(): Promise<{ ids: Int32Array; created: Float64Array; names: string[] }> {
    const [row] = await rawRows<{ ids: string | null; created: string | null; names: string | null }>(
      this.readDb,
      sql`select string_agg(id::text, ',' order by id) as ids,
                 string_agg(extract(epoch from created_at)::float8::text, ',' order by id) as created,
                 string_agg(replace(brand || ' ' || name, ${NAME_SEPARATOR}, ' '), ${NAME_SEPARATOR} order by id) as names
            from ${products} where ${this.liveWhere({})}`,
    );
    return {
      ids: Int32Array.from(listOf(row?.ids), Number),
      created: Float64Array.from(listOf(row?.created), Number),
      names: listOf(row?.names, NAME_SEPARATOR),
    };
  }

  async count(filter: ListFilter): Promise<number> {
    const rows = await this.readDb
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(this.liveWhere(filter));
    return Number(rows[0]?.n ?? 0);
  }

  /** Full rows (seller, categories, stocks) for live products matching `where`, newest first: one query. */
  private async full(where: SQL): Promise<ProductFull[]> {
    return withStocks(await fullSelect(this.readDb, where));
  }

  /** One page of full products in one round trip: the page's ids come from an index-only subquery. */
  async page(filter: ListFilter, offset: number, limit: number | null): Promise<ProductFull[]> {
    return this.full(inArray(products.id, this.pageQuery(filter, offset, limit)));
  }

  /**
   * One page of a seller's products: its ids, then their rows, each a prepared statement
   * (as one unnamed statement with the page as a subquery, planning it took 3 ms a call).
   */
  async sellerPage(sellerId: number, offset: number, limit: number): Promise<ProductFull[]> {
    const rows = await sellerPageIdsQuery(this.readDb).execute({ sellerId, offset, limit });
    return this.productsByIds(rows.map((r) => r.id));
  }

  /** Product pages and list pages ask this for every request: a prepared statement for one id or for a list. */
  async productsByIds(ids: number[]): Promise<ProductFull[]> {
    if (ids.length === 0) return [];
    if (ids.length === 1) return withStocks(await productByIdQuery(this.readDb).execute({ id: ids[0] }));
    return withStocks(await productsByIdsQuery(this.readDb).execute({ ids }));
  }

  /**
   * Products as a seller sees them: the public ones and their own live ones while their shop is
   * not public (awaiting approval or suspended; decision 290). Read from the primary, so a seller
   * sees their write at once; not prepared (only sellers ask, never a public page).
   */
  async productsSeenBy(ids: number[], sellerId: number): Promise<ProductFull[]> {
    if (ids.length === 0) return [];
    return withStocks(
      await fullJoin(this.db)
        .where(and(inArray(products.id, ids), productPublicOrOwn(sellerId)))
        .orderBy(desc(products.id)),
    );
  }

  /** One page of a seller's own live products (not hidden), newest first, public or not, and how many. */
  async ownPage(sellerId: number, offset: number, limit: number): Promise<{ ids: number[]; count: number }> {
    const own = and(eq(products.sellerId, sellerId), isNull(products.deletedAt), isNull(products.hiddenAt));
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ id: products.id })
        .from(products)
        .where(own)
        .orderBy(desc(products.id))
        .limit(limit)
        .offset(offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(own),
    ]);
    return { ids: rows.map((r) => r.id), count: Number(total?.n ?? 0) };
  }

  /** A product row regardless of deletion (for ownership checks). */
  async findProduct(id: number): Promise<ProductRow | undefined> {
    const rows = await this.db.select().from(products).where(eq(products.id, id)).limit(1);
    return rows[0];
  }

  async liveSellerExists(id: number): Promise<boolean> {
    const rows = await this.readDb
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), publicSeller))
      .limit(1);
    return rows.length > 0;
  }

  async insertProduct(values: NewProduct): Promise<number> {
    const [row] = await this.db.insert(products).values(withShopState(values)).returning({ id: products.id });
    return row!.id;
  }

  /** Which of `storeIds` are live stores of this seller. */
  async ownLiveStoreIds(sellerId: number, storeIds: number[]): Promise<Set<number>> {
    if (storeIds.length === 0) return new Set();
    const own = await this.db
      .select({ id: stores.id })
      .from(stores)
      .where(and(inArray(stores.id, storeIds), eq(stores.ownerId, sellerId), isNull(stores.deletedAt)));
    return new Set(own.map((r) => r.id));
  }

  /** A new product's first stock rows. */
  async insertStocks(productId: number, rows: { store: number; number: number }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.insert(stocks).values(rows.map((s) => ({ storeId: s.store, productId, number: s.number })));
  }

  /**
   * Locks a live product's row until the caller's transaction ends and answers the image it has
   * now; undefined when the product is gone.
   */
  async lockLiveProduct(id: number): Promise<{ image: string | null } | undefined> {
    const [row] = await this.db
      .select({ image: products.image })
      .from(products)
      .where(and(eq(products.id, id), isNull(products.deletedAt)))
      .for('update');
    return row;
  }

  async setProduct(id: number, values: ProductEdit): Promise<void> {
    if (Object.keys(values).length > 0) await this.db.update(products).set(values).where(eq(products.id, id));
  }

  /** Whether an order line of the product still shows this image (order_items.image is a copy of the key). */
  async imageInOrders(productId: number, image: string): Promise<boolean> {
    const rows = await this.db
      .select({ one: sql<number>`1` })
      .from(orderItems)
      .where(and(eq(orderItems.productId, productId), eq(orderItems.image, image)))
      .limit(1);
    return rows.length > 0;
  }

  async softDelete(id: number): Promise<void> {
    await this.db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(and(eq(products.id, id), isNull(products.deletedAt)));
  }

  /**
   * The reviews of a live product, newest first, or null when there is no such product: one
   * round trip (the product row left-joined to its reviews).
   */
  /** A live product and its reviews (one query), or null. */
  async productPage(id: number): Promise<{ product: ProductFull; reviews: ReviewJoined[] } | null> {
    const [row] = await productPageQuery(this.readDb).execute({ id });
    if (!row) return null;
    const { reviews: found, ...full } = row;
    const list = typeof found === 'string' ? (JSON.parse(found) as ReviewJson[]) : found;
    return {
      product: withStocks([full])[0]!,
      reviews: list.map(({ createdAtMs, ...review }) => ({ ...review, createdAt: new Date(createdAtMs) })),
    };
  }

  async reviewsOfLiveProduct(productId: number): Promise<ReviewJoined[] | null> {
    const rows = await reviewsOfProductQuery(this.readDb).execute({ productId });
    if (rows.length === 0) return null;
    return rows.flatMap((r) =>
      r.id === null
        ? []
        : [
            {
              id: r.id,
              productId: r.productId,
              userId: r.userId!,
              username: r.username!,
              rating: r.rating!,
              comment: r.comment!,
              verified: r.verified!,
              createdAt: r.createdAt!,
            },
          ],
    );
  }

  async latestReviews(limit: number): Promise<LatestReviewJoined[]> {
    // The newest reviews first (ids grow with time: a backward primary-key scan), then their
    // products: a review of a deleted product is skipped without scanning every review.
    const newest = await this.readDb
      .select({ id: reviews.id })
      .from(reviews)
      .orderBy(desc(reviews.id))
      .limit(limit * 10);
    if (newest.length === 0) return [];
    return this.readDb
      .select({
        ...reviewColumns(),
        productBrand: products.brand,
        productName: products.name,
        productImage: products.image,
      })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(
        and(
          inArray(
            reviews.id,
            newest.map((r) => r.id),
          ),
          publicProduct,
        ),
      )
      .orderBy(desc(reviews.id))
      .limit(limit);
  }

  /** Whether this customer has a paid order with a line of the product (a verified review). */
  async paidFor(productId: number, customerId: number): Promise<boolean> {
    const rows = await this.db
      .select({ one: sql<number>`1` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(eq(orderItems.productId, productId), eq(orders.customerId, customerId), eq(orders.isPaid, true)),
      )
      .limit(1);
    return rows.length > 0;
  }

  /** The review's id, or null when this customer reviewed the product already (the unique key decides). */
  async insertReview(values: {
    productId: number;
    userId: number;
    rating: number;
    comment: string;
    verified: boolean;
  }): Promise<number | null> {
    const inserted = await this.db
      .insert(reviews)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: reviews.id });
    return inserted[0]?.id ?? null;
  }

  /** Counts a new review's rating on its product. */
  async addRating(productId: number, rating: number): Promise<void> {
    await this.db
      .update(products)
      .set({
        numReviews: sql`${products.numReviews} + 1`,
        ratingSum: sql`${products.ratingSum} + ${rating}`,
      })
      .where(eq(products.id, productId));
  }

  async findReview(id: number): Promise<ReviewJoined | undefined> {
    const rows = await this.db
      .select(reviewColumns())
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(eq(reviews.id, id));
    return rows[0];
  }
}
