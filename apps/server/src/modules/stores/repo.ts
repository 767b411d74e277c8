/** The only place in the stores module that knows the ORM: stores, their categories and stock rows. */
import { and, asc, desc, eq, inArray, isNull, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { productPublicOrOwn, publicProduct, sellerPublicOrOwn } from '../../db/visibility.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { preparedPerDb, rawRows } from '../../db/sql.ts';
import {
  categories,
  orderItems,
  orders,
  products,
  profiles,
  stocks,
  storeCategories,
  stores,
  users,
} from '../../db/schema.ts';

export type StoreRow = typeof stores.$inferSelect;

export interface StoreJoined {
  store: StoreRow;
  ownerName: string;
  ownerImage: string | null;
}

export interface StockJoined {
  id: number;
  number: number;
  storeId: number;
  storeName: string;
  storeOwnerId: number;
  product: {
    id: number;
    brand: string;
    name: string;
    priceRappen: number;
    categoryId: number;
    image: string | null;
    sellerId: number;
  };
}

/** Units of one product in one store, taken by an order or given back. */
export interface StockUnits {
  storeId: number;
  productId: number;
  quantity: number;
  /**
   * When the order that held these units took them. Given, the units go back only to a row
   * the seller has not counted (set) since then (decision 172).
   */
  heldSince?: Date;
}

export interface NewStore {
  ownerId: number;
  name: string;
  address: string;
  country: string;
  city: string;
  latitude: string;
  longitude: string;
  description: string;
  phone: string;
  image: string | null;
}

/** The fields a seller's edit may change. */
export type StoreEdit = Partial<Omit<NewStore, 'ownerId'>>;

const liveStore = isNull(stores.deletedAt);
const liveProduct = isNull(products.deletedAt);

/** A stock row with its store's name and owner and the product's summary. */
function stockSelect(db: DbOrTx) {
  return db
    .select({
      id: stocks.id,
      number: stocks.number,
      storeId: stocks.storeId,
      storeName: stores.name,
      storeOwnerId: stores.ownerId,
      product: {
        id: products.id,
        brand: products.brand,
        name: products.name,
        priceRappen: products.priceRappen,
        categoryId: products.categoryId,
        image: products.image,
        sellerId: products.sellerId,
      },
    })
    .from(stocks)
    .innerJoin(stores, eq(stores.id, stocks.storeId))
    .innerJoin(products, eq(products.id, stocks.productId));
}

const stocksOfProductQuery = preparedPerDb((db) =>
  stockSelect(db)
    .where(and(eq(stocks.productId, sql.placeholder('productId')), liveStore, publicProduct))
    .orderBy(asc(stocks.id))
    .prepare('stores_stocks_of_product'),
);

/**
 * Built on the database handle, or on the transaction a service opened (`new StoresRepo(tx)`):
 * the repo opens none itself (decision 303).
 */
export class StoresRepo {
  constructor(
    private readonly db: DbOrTx,
    private readonly readDb: Db = db,
  ) {}

  async existingCategoryIds(ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: categories.id })
      .from(categories)
      .where(inArray(categories.id, ids));
    return rows.map((r) => r.id);
  }

  /** Every category's id and name (a few dozen rows), to resolve names sent for a new store. */
  async categoryNames(): Promise<{ id: number; name: string }[]> {
    return this.db.select({ id: categories.id, name: categories.name }).from(categories);
  }

  async insertStore(values: NewStore): Promise<number> {
    const [row] = await this.db.insert(stores).values(values).returning({ id: stores.id });
    return row!.id;
  }

  async insertStoreCategories(storeId: number, categoryIds: number[]): Promise<void> {
    if (categoryIds.length)
      await this.db
        .insert(storeCategories)
        .values(categoryIds.map((categoryId) => ({ storeId, categoryId })));
  }

  async deleteStoreCategories(storeId: number): Promise<void> {
    await this.db.delete(storeCategories).where(eq(storeCategories.storeId, storeId));
  }

  /**
   * Locks a live store's row until the caller's transaction ends and answers the image it has
   * now; undefined when the store is gone.
   */
  async lockLiveStore(id: number): Promise<{ image: string | null } | undefined> {
    const [row] = await this.db
      .select({ image: stores.image })
      .from(stores)
      .where(and(eq(stores.id, id), liveStore))
      .for('update');
    return row;
  }

  async setStore(id: number, values: StoreEdit): Promise<void> {
    if (Object.keys(values).length > 0) await this.db.update(stores).set(values).where(eq(stores.id, id));
  }

  /**
   * Live stores (not deleted, owner neither deleted, suspended nor awaiting approval), in the
   * order of `ids` when given; `viewer` also sees their own whatever their shop's state.
   */
  async storesWhere(
    options: {
      ids?: number[];
      ownerId?: number;
      limit?: number;
      newestFirst?: boolean;
      viewer?: number;
    } = {},
  ): Promise<StoreJoined[]> {
    // A suspended or waiting seller's stores leave every list, the map and their pages (decisions 206, 290).
    const conditions: SQL[] = [liveStore, sellerPublicOrOwn(options.viewer)];
    if (options.ids) {
      if (options.ids.length === 0) return [];
      conditions.push(inArray(stores.id, options.ids));
    }
    if (options.ownerId !== undefined) conditions.push(eq(stores.ownerId, options.ownerId));
    let query = this.readDb
      .select({
        store: stores,
        // The shop name when the seller set one (decision 176).
        ownerName: sql<string>`coalesce(nullif(${profiles.displayName}, ''), ${users.username})`,
        ownerImage: profiles.image,
      })
      .from(stores)
      .innerJoin(users, eq(users.id, stores.ownerId))
      .leftJoin(profiles, eq(profiles.userId, stores.ownerId))
      .where(and(...conditions))
      .orderBy(options.newestFirst ? desc(stores.id) : asc(stores.id))
      .$dynamic();
    if (options.limit) query = query.limit(options.limit);
    const rows = await query;
    if (options.ids) {
      const byId = new Map(rows.map((r) => [r.store.id, r]));
      return options.ids.map((id) => byId.get(id)).filter((r): r is StoreJoined => r !== undefined);
    }
    return rows;
  }

  async findStore(id: number, viewer?: number): Promise<StoreJoined | null> {
    const rows = await this.storesWhere({ ids: [id], ...(viewer !== undefined && { viewer }) });
    return rows[0] ?? null;
  }

  async categoriesOf(storeIds: number[]): Promise<{ storeId: number; id: number; name: string }[]> {
    if (storeIds.length === 0) return [];
    return this.readDb
      .select({ storeId: storeCategories.storeId, id: categories.id, name: categories.name })
      .from(storeCategories)
      .innerJoin(categories, eq(categories.id, storeCategories.categoryId))
      .where(inArray(storeCategories.storeId, storeIds))
      .orderBy(asc(categories.position), asc(categories.id));
  }

  private stockSelect(db: DbOrTx = this.readDb) {
    return stockSelect(db);
  }

  /** The stock rows of a seller's own product as the seller sees them, public or not (decision 290). */
  async ownStocksOfProduct(productId: number, sellerId: number): Promise<StockJoined[]> {
    return stockSelect(this.db)
      .where(and(eq(stocks.productId, productId), liveStore, productPublicOrOwn(sellerId)))
      .orderBy(asc(stocks.id));
  }

  /** The stock rows of one product (every product page asks): a prepared statement. */
  async stocksOfProduct(productId: number): Promise<StockJoined[]> {
    return stocksOfProductQuery(this.readDb).execute({ productId });
  }

  /** Stock rows of live stores and live products. */
  async stocksWhere(
    options: {
      storeIds?: number[];
      ownerId?: number;
      limit?: number;
      offset?: number;
      newestFirst?: boolean;
    } = {},
  ): Promise<StockJoined[]> {
    const conditions: SQL[] = [liveStore, liveProduct];
    if (options.storeIds) {
      if (options.storeIds.length === 0) return [];
      conditions.push(inArray(stocks.storeId, options.storeIds));
    }
    if (options.ownerId !== undefined) conditions.push(eq(stores.ownerId, options.ownerId));
    let query = this.stockSelect()
      .where(and(...conditions))
      .orderBy(options.newestFirst ? desc(stocks.id) : asc(stocks.id))
      .$dynamic();
    if (options.limit) query = query.limit(options.limit);
    if (options.offset) query = query.offset(options.offset);
    return query;
  }

  /** How many stock rows of live products a store has. */
  async countStocksOfStore(storeId: number): Promise<number> {
    const rows = await this.readDb
      .select({ n: sql<number>`count(*)::int` })
      .from(stocks)
      .innerJoin(products, eq(products.id, stocks.productId))
      .where(and(eq(stocks.storeId, storeId), liveProduct));
    return Number(rows[0]?.n ?? 0);
  }

  async findStock(id: number): Promise<StockJoined | null> {
    const rows = await this.stockSelect(this.db)
      .where(and(eq(stocks.id, id), liveStore, liveProduct))
      .limit(1);
    return rows[0] ?? null;
  }

  /** A live product's owner, or null. */
  async findProductSeller(productId: number): Promise<number | null> {
    const rows = await this.db
      .select({ sellerId: products.sellerId })
      .from(products)
      .where(and(eq(products.id, productId), liveProduct))
      .limit(1);
    return rows[0]?.sellerId ?? null;
  }

  /** One row per (store, product): a second create sets the number of the existing row. */
  async upsertStock(storeId: number, productId: number, number: number): Promise<number> {
    const [row] = await this.db
      .insert(stocks)
      .values({ storeId, productId, number, countedAt: sql`now()` })
      .onConflictDoUpdate({
        target: [stocks.storeId, stocks.productId],
        set: { number, updatedAt: new Date(), countedAt: sql`now()` },
      })
      .returning({ id: stocks.id });
    return row!.id;
  }

  async setStockNumber(id: number, number: number): Promise<void> {
    await this.db
      .update(stocks)
      .set({ number, updatedAt: new Date(), countedAt: sql`now()` })
      .where(eq(stocks.id, id));
  }

  /** In-store pick-ups of this store that were not handed over, of orders that did not expire. */
  async openPickUpsOf(storeId: number): Promise<number> {
    const [pending] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          eq(orderItems.storeId, storeId),
          eq(orderItems.orderType, 'inStore'),
          eq(orderItems.isRetrieved, false),
          ne(orders.status, 'expired'),
        ),
      );
    return pending?.n ?? 0;
  }

  /** Order lines keep their copied store name; stock rows stay for the record. */
  async markStoreDeleted(id: number): Promise<void> {
    await this.db.update(stores).set({ deletedAt: new Date() }).where(eq(stores.id, id));
  }

  /**
   * Gives units back to their stores, inside the caller's transaction. The rows are locked
   * first, in stock-id order (the order checkouts take them in, so the two never deadlock);
   * the second statement then reads them as they are after any count the seller committed
   * meanwhile. Units held since before the seller last set the row's number are not added
   * back: that count already says what is for sale (decision 172). A row that no longer
   * exists is created again (stock rows are never deleted: a safety net).
   */
  async returnStock(tx: DbOrTx, units: readonly StockUnits[]): Promise<void> {
    if (units.length === 0) return;
    const list = JSON.stringify(
      units.map((u) => ({ ...u, heldSince: u.heldSince ? u.heldSince.toISOString() : null })),
    );
    const given = sql`json_to_recordset(${list}::json)
      as u("storeId" int, "productId" int, quantity int, "heldSince" timestamptz)`;
    await rawRows(
      tx,
      sql`
      select s.id from stocks s
      join (select distinct u."storeId", u."productId" from ${given}) w
        on w."storeId" = s.store_id and w."productId" = s.product_id
      order by s.id for update of s`,
    );
    await rawRows(
      tx,
      sql`
      with
        back as (
          select u."storeId" as store_id, u."productId" as product_id, sum(u.quantity)::int as quantity
          from ${given}
          left join stocks s on s.store_id = u."storeId" and s.product_id = u."productId"
          where u."heldSince" is null or s.counted_at is null or s.counted_at < u."heldSince"
          group by 1, 2),
        returned as (
          update stocks set number = stocks.number + back.quantity, updated_at = now()
          from back where stocks.store_id = back.store_id and stocks.product_id = back.product_id)
      insert into stocks (store_id, product_id, number)
      select back.store_id, back.product_id, back.quantity from back
      where not exists (select 1 from stocks s where s.store_id = back.store_id and s.product_id = back.product_id)
      on conflict (store_id, product_id)
        do update set number = stocks.number + excluded.number, updated_at = now()`,
    );
  }
}

// ---------------------------------------------------------------- stock held by orders

/**
 * The stock take of a checkout, as a fragment the orders module's one-statement write embeds
 * (decision 120): the units must be taken in the same statement that writes the order, so the
 * two commit or fail together. `takes` is a JSON list of `{stockId, quantity}` in stock-id
 * order. Takes the units from every row that still holds them in a live store (never below
 * zero; a concurrent take of the same row is waited for and re-checked) and yields one row per
 * row taken: fewer rows than takes means the embedding statement must undo itself.
 */
export function stockTakeSql(takes: Placeholder | SQL): SQL {
  return sql`
    update stocks set number = stocks.number - t.quantity, updated_at = now()
    from json_to_recordset(${takes}::json) as t("stockId" int, quantity int), stores
    where stocks.id = t."stockId" and stocks.number >= t.quantity
      and stores.id = stocks.store_id and stores.deleted_at is null
    returning stocks.id`;
}
