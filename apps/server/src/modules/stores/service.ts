/** Rules for stores and stock rows: who may create, change and delete them, and their answer shapes. */
import {
  rappenToDecimal,
  storeCreateSchema,
  storeUpdateSchema,
  stockCreateSchema,
  toSearchText,
  stockUpdateSchema,
  type Paged,
  type Stock,
  type Store,
  type StoreSummary,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import { parseWith } from '../../lib/validation.ts';
import { pageOf } from '../../lib/list-answer.ts';
import type { Caller } from '../../plugins/auth.ts';
import { discardImage, mediaThumbUrl, mediaUrl, processImage } from '../media/pipeline.ts';
import {
  StoresRepo,
  type NewStore,
  type StockJoined,
  type StockUnits,
  type StoreEdit,
  type StoreJoined,
} from './repo.ts';

/** Anonymous GET /api/stocks/ answers at most this many rows per page. */
export const PUBLIC_STOCK_PAGE = 100;

export class StoresService {
  readonly repo: StoresRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new StoresRepo(ctx.database.db, ctx.database.readDb);
  }

  toStock(row: StockJoined): Stock {
    return {
      id: row.id,
      number: row.number,
      store: row.storeId,
      storeName: row.storeName,
      product: {
        id: row.product.id,
        brand: row.product.brand,
        name: row.product.name,
        price: rappenToDecimal(row.product.priceRappen),
        category: row.product.categoryId,
        image: mediaUrl(this.ctx.media, row.product.image, 'product'),
      },
    };
  }

  /** Every store answer carries every field of the Store shape, stocks and owner included. */
  async render(rows: StoreJoined[]): Promise<Store[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.store.id);
    const [summaries, stockRows] = await Promise.all([
      this.summaries(rows),
      this.repo.stocksWhere({ storeIds: ids }),
    ]);
    // Grouped once, so a seller with many stores and stock rows costs one pass, not one per store.
    const stocksOf = groupBy(stockRows, (s) => s.storeId);
    return summaries.map((summary) => ({
      ...summary,
      stocks: (stocksOf.get(summary.id) ?? []).map((s) => this.toStock(s)),
    }));
  }

  /** Stores without their stock rows (a seller's page, decision 311). */
  private async summaries(rows: StoreJoined[]): Promise<StoreSummary[]> {
    if (rows.length === 0) return [];
    const catsOf = groupBy(await this.repo.categoriesOf(rows.map((r) => r.store.id)), (l) => l.storeId);
    return rows.map(({ store, ownerName, ownerImage }) =>
      toStoreSummary(
        this.ctx,
        { store, ownerName, ownerImage },
        (catsOf.get(store.id) ?? []).map(({ id, name }) => ({ id, name })),
      ),
    );
  }

  /** Live stores by id, in the order given (search ranks them). */
  async storesByIds(ids: number[], viewer?: number): Promise<Store[]> {
    return this.render(await this.repo.storesWhere({ ids, ...(viewer !== undefined && { viewer }) }));
  }

  /** One live store; `viewer` also sees their own while their shop is not public (decision 290). */
  async get(id: number, viewer?: number): Promise<Store> {
    const row = await this.repo.findStore(id, viewer);
    if (!row) throw notFound(`Store ${id} does not exist.`);
    const [store] = await this.render([row]);
    return store!;
  }

  async ofOwner(ownerId: number): Promise<Store[]> {
    return this.render(await this.repo.storesWhere({ ownerId }));
  }

  /**
   * A seller's live stores without their stock rows (decision 311), from the read cache: the
   * seller's rendered page and its JSON answer share one load.
   */
  summariesOfOwner(ownerId: number): Promise<StoreSummary[]> {
    return this.ctx.cache.getOrLoad(`stores:summaries:${ownerId}`, async () =>
      this.summaries(await this.repo.storesWhere({ ownerId })),
    );
  }

  /** The caller's own stores, public or not yet (awaiting approval, suspended). */
  async mine(ownerId: number): Promise<Store[]> {
    return this.render(await this.repo.storesWhere({ ownerId, viewer: ownerId }));
  }

  async create(caller: Caller, fields: Record<string, unknown>, file: UploadedFile | null): Promise<Store> {
    // `owner` may be sent (the original form does) but a store always belongs to its creator.
    const { owner: _ignored, ...rest } = fields;
    const input = parseWith(storeCreateSchema, rest);
    const categoryIds = [...new Set(await this.categoryIdsOf(input.category))];
    const known = await this.repo.existingCategoryIds(categoryIds);
    const unknown = categoryIds.filter((id) => !known.includes(id));
    if (unknown.length)
      throw badRequest(`Category ${unknown.join(', ')} does not exist.`, [
        { field: 'category', message: `Category ${unknown.join(', ')} does not exist.` },
      ]);
    const image = file ? (await processImage(file.buffer, this.ctx.media, 'stores')).key : null;
    const id = await this.insertStore(
      {
        ownerId: caller.id,
        name: input.name,
        address: input.address,
        country: input.country,
        city: input.city,
        latitude: input.latitude.toFixed(6),
        longitude: input.longitude.toFixed(6),
        description: input.description,
        phone: input.phone,
        image,
      },
      categoryIds,
    );
    this.ctx.cache.invalidate();
    return this.get(id, caller.id);
  }

  /**
   * Category ids for what a client sent: ids as they are, names (as the category bar spells
   * them: case, accents, "&" and spacing aside) as their category's id (decision 166).
   */
  private async categoryIdsOf(refs: (number | string)[]): Promise<number[]> {
    const names = refs.filter((r): r is string => typeof r === 'string');
    if (names.length === 0) return refs as number[];
    const byKey = new Map((await this.repo.categoryNames()).map((c) => [toSearchText(c.name), c.id]));
    return refs.map((ref) => {
      if (typeof ref === 'number') return ref;
      const id = byKey.get(toSearchText(ref));
      if (id === undefined)
        throw badRequest(`No category is called "${ref}".`, [
          { field: 'category', message: `No category is called "${ref}".` },
        ]);
      return id;
    });
  }

  /** The caller's own live store, or 404 exactly as for a missing one. Checked before an edit's body is read. */
  async ownStore(caller: Caller, id: number): Promise<void> {
    const row = await this.repo.findStore(id, caller.id);
    if (!row || row.store.ownerId !== caller.id) throw notFound(`Store ${id} does not exist.`);
  }

  /**
   * Edits an own store: any field of creation, validated alike (a new address comes with its
   * moved pin). Orders keep the store name they copied; a replaced picture is discarded at once
   * (no order shows it, decision 147). The map and store lists read the change at once.
   */
  async update(
    caller: Caller,
    id: number,
    fields: Record<string, unknown>,
    file: UploadedFile | null,
  ): Promise<Store> {
    await this.ownStore(caller, id);
    const { owner: _ignored, ...rest } = fields;
    const input = parseWith(storeUpdateSchema, rest);
    let categoryIds: number[] | undefined;
    if (input.category !== undefined) {
      categoryIds = [...new Set(await this.categoryIdsOf(input.category))];
      const known = await this.repo.existingCategoryIds(categoryIds);
      const unknown = categoryIds.filter((c) => !known.includes(c));
      if (unknown.length)
        throw badRequest(`Category ${unknown.join(', ')} does not exist.`, [
          { field: 'category', message: `Category ${unknown.join(', ')} does not exist.` },
        ]);
    }
    const image = file ? (await processImage(file.buffer, this.ctx.media, 'stores')).key : undefined;
    let result: { previousImage: string | null } | undefined;
    try {
      result = await this.applyEdit(
        id,
        {
          ...(input.name !== undefined && { name: input.name }),
          ...(input.address !== undefined && { address: input.address }),
          ...(input.country !== undefined && { country: input.country }),
          ...(input.city !== undefined && { city: input.city }),
          ...(input.latitude !== undefined && { latitude: input.latitude.toFixed(6) }),
          ...(input.longitude !== undefined && { longitude: input.longitude.toFixed(6) }),
          ...(input.description !== undefined && { description: input.description }),
          ...(input.phone !== undefined && { phone: input.phone }),
          ...(image !== undefined && { image }),
        },
        categoryIds,
      );
    } catch (error) {
      if (image) await discardImage(this.ctx.media, image);
      throw error;
    }
    if (!result) {
      if (image) await discardImage(this.ctx.media, image);
      throw notFound(`Store ${id} does not exist.`);
    }
    this.ctx.cache.invalidate();
    if (image && result.previousImage && result.previousImage !== image)
      await discardImage(this.ctx.media, result.previousImage);
    return this.get(id, caller.id);
  }

  async delete(caller: Caller, id: number): Promise<void> {
    const row = await this.repo.findStore(id, caller.id);
    // Someone else's store answers exactly like a missing one.
    if (!row || row.store.ownerId !== caller.id) throw notFound(`Store ${id} does not exist.`);
    const result = await this.softDelete(id);
    if (result === 'missing') throw notFound(`Store ${id} does not exist.`);
    if (result === 'pending')
      throw conflict(
        `Store ${id} still has in-store pick-ups that were not handed over. Mark them picked up before deleting the store.`,
      );
    this.ctx.cache.invalidate();
  }

  /** The store and its categories in one transaction. */
  private insertStore(values: NewStore, categoryIds: number[]): Promise<number> {
    return this.ctx.database.db.transaction(async (tx) => {
      const repo = new StoresRepo(tx);
      const id = await repo.insertStore(values);
      await repo.insertStoreCategories(id, categoryIds);
      return id;
    });
  }

  /**
   * Applies an edit to a live store (and replaces its categories when given) under a row lock;
   * answers the image it had before, or undefined when the store is gone.
   */
  private applyEdit(
    id: number,
    values: StoreEdit,
    categoryIds: number[] | undefined,
  ): Promise<{ previousImage: string | null } | undefined> {
    return this.ctx.database.db.transaction(async (tx) => {
      const repo = new StoresRepo(tx);
      const before = await repo.lockLiveStore(id);
      if (!before) return undefined;
      await repo.setStore(id, values);
      if (categoryIds !== undefined) {
        await repo.deleteStoreCategories(id);
        await repo.insertStoreCategories(id, categoryIds);
      }
      return { previousImage: before.image };
    });
  }

  /**
   * Soft delete unless in-store pick-ups of this store are still open (not handed over, order
   * not expired). The store row is locked so the check and the delete see the same state.
   */
  private softDelete(id: number): Promise<'deleted' | 'pending' | 'missing'> {
    return this.ctx.database.db.transaction(async (tx) => {
      const repo = new StoresRepo(tx);
      if (!(await repo.lockLiveStore(id))) return 'missing';
      if ((await repo.openPickUpsOf(id)) > 0) return 'pending';
      await repo.markStoreDeleted(id);
      return 'deleted';
    });
  }

  // --- stock rows ---

  /**
   * A seller sees all their own rows; anyone else one page (at most 100) of the newest rows,
   * so the answer stays bounded however large the catalogue grows.
   */
  async listStocks(caller: Caller | null, page: { offset: number; limit: number }): Promise<Stock[]> {
    const rows =
      caller?.role === 'STORE_OWNER'
        ? await this.repo.stocksWhere({ ownerId: caller.id })
        : await this.repo.stocksWhere({
            limit: Math.min(page.limit, PUBLIC_STOCK_PAGE),
            offset: page.offset,
            newestFirst: true,
          });
    return rows.map((r) => this.toStock(r));
  }

  /** One page of a store's stock rows, oldest first (the order the seller created them). */
  async stocksOfStore(
    storeId: number,
    offset: number,
    limit: number,
    viewer?: number,
  ): Promise<Paged<Stock>> {
    const [store, count, rows] = await Promise.all([
      this.repo.findStore(storeId, viewer),
      this.repo.countStocksOfStore(storeId),
      this.repo.stocksWhere({ storeIds: [storeId], offset, limit }),
    ]);
    if (!store) throw notFound(`Store ${storeId} does not exist.`);
    return pageOf(
      rows.map((r) => this.toStock(r)),
      count,
      { offset, limit },
    );
  }

  /** One round trip for a product with stock rows; only a product without any is looked up again (404 or []). */
  async stocksOfProduct(productId: number, viewer?: number): Promise<Stock[]> {
    let rows = await this.repo.stocksOfProduct(productId);
    if (rows.length === 0) {
      const seller = await this.repo.findProductSeller(productId);
      if (seller === null) throw notFound(`Product ${productId} does not exist.`);
      // The seller's own product while their shop is not public (decision 290).
      if (seller === viewer) rows = await this.repo.ownStocksOfProduct(productId, seller);
    }
    return rows.map((r) => this.toStock(r));
  }

  /** Creates the row, or sets the number of the existing row of that (store, product). */
  async createStock(caller: Caller, body: unknown): Promise<Stock> {
    const input = parseWith(stockCreateSchema, body);
    const store = await this.repo.findStore(input.store, caller.id);
    // Someone else's store or product answers exactly like a missing one.
    if (!store || store.store.ownerId !== caller.id) throw notFound(`Store ${input.store} does not exist.`);
    const sellerId = await this.repo.findProductSeller(input.product);
    if (sellerId === null || sellerId !== caller.id)
      throw notFound(`Product ${input.product} does not exist.`);
    const id = await this.repo.upsertStock(input.store, input.product, input.number);
    this.ctx.cache.invalidate();
    return this.getStock(id);
  }

  async updateStock(caller: Caller, id: number, body: unknown): Promise<Stock> {
    const input = parseWith(stockUpdateSchema, body);
    const row = await this.repo.findStock(id);
    if (!row || row.storeOwnerId !== caller.id || row.product.sellerId !== caller.id)
      throw notFound(`Stock ${id} does not exist.`);
    await this.repo.setStockNumber(id, input.number);
    this.ctx.cache.invalidate();
    return this.getStock(id);
  }

  private async getStock(id: number): Promise<Stock> {
    const row = await this.repo.findStock(id);
    if (!row) throw notFound(`Stock ${id} does not exist.`);
    return this.toStock(row);
  }

  // --- units held by orders (placement takes them in its own statement: repo.stockTakeSql) ---

  /**
   * Gives units an order held back to their stores, inside the caller's transaction. Like a
   * placement, it leaves the catalogue cache alone (decision 113).
   */
  /**
   * Gives held units back (an order that expired). A stock number is the units for sale now,
   * held ones not included; units held since before the seller last set the number are not
   * added back over that count (decision 172).
   */
  async returnStock(tx: DbOrTx, units: readonly StockUnits[]): Promise<void> {
    await this.repo.returnStock(tx, units);
  }
}

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** One store row as a StoreSummary: the Store shape without its stock rows. */
function toStoreSummary(
  ctx: AppContext,
  { store, ownerName, ownerImage }: Pick<StoreJoined, 'store' | 'ownerName' | 'ownerImage'>,
  categories: { id: number; name: string }[],
): StoreSummary {
  return {
    id: store.id,
    owner: store.ownerId,
    name: store.name,
    address: store.address,
    country: store.country,
    city: store.city,
    latitude: Number(store.latitude),
    longitude: Number(store.longitude),
    description: store.description,
    phone: store.phone,
    image: mediaUrl(ctx.media, store.image, 'store'),
    thumbnail: mediaThumbUrl(ctx.media, store.image, 'store'),
    category: categories.map((c) => c.id),
    categoryDetails: categories,
    owner_name: ownerName,
    owner_id: store.ownerId,
    profile_image: mediaUrl(ctx.media, ownerImage, 'profile'),
  };
}
