/**
 * Catalogue rules: categories, products (create, read, list, soft delete) and reviews.
 * Every write invalidates the read cache; anonymous lists may be served from it.
 */
import {
  productCreateSchema,
  productStocksInputSchema,
  productUpdateSchema,
  rappenToDecimal,
  reviewCreateSchema,
  totalStock,
  type Category,
  type LatestReview,
  type Paged,
  type PagedProducts,
  type Product,
  type Review,
} from '@marktgasse/shared';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, forbidden, notFound, tooMany, unauthorized } from '../../lib/errors.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import { parseWith } from '../../lib/validation.ts';
import { pageOf } from '../../lib/list-answer.ts';
import type { Caller } from '../../plugins/auth.ts';
import { REVIEWS_PER_HOUR } from '../../lib/rate-limiter.ts';
import { discardImage, mediaThumbUrl, mediaUrl, processImage, thumbKey } from '../media/pipeline.ts';
import {
  CatalogueRepo,
  type ListFilter,
  type NewProduct,
  type ProductEdit,
  type ProductFull,
  type ReviewJoined,
} from './repo.ts';

export const LATEST_PRODUCTS = 8;
export const LATEST_REVIEWS = 6;

/** rating = average of the reviews, two decimals; 0 without reviews. */
export function ratingOf(ratingSum: number, numReviews: number): number {
  return numReviews > 0 ? Math.round((ratingSum / numReviews) * 100) / 100 : 0;
}

function toProduct(ctx: AppContext, row: ProductFull): Product {
  const p = row.product;
  const stocks = row.stocks.map((s) => ({
    id: s.id,
    number: s.number,
    store: s.storeId,
    storeName: s.storeName,
    city: s.city,
  }));
  return {
    id: p.id,
    brand: p.brand,
    name: p.name,
    price: rappenToDecimal(p.priceRappen),
    description: p.description,
    image: mediaUrl(ctx.media, p.image, 'product'),
    thumbnail: mediaThumbUrl(ctx.media, p.image, 'product'),
    category: p.categoryId,
    categoryName: row.categoryName,
    subcategory: p.subcategoryId,
    subcategoryName: row.subcategoryName,
    vatRate: p.vatRate,
    seller: p.sellerId,
    sellerDetails: {
      id: p.sellerId,
      // The shop name when the seller set one, else the username (decision 176).
      name: row.sellerDisplayName || row.username,
      image: mediaUrl(ctx.media, row.sellerImage, 'profile'),
    },
    seller_id: p.sellerId,
    username: row.username,
    rating: ratingOf(p.ratingSum, p.numReviews),
    numReviews: p.numReviews,
    // The online line's availability (the shared rule the cart uses, orders/availability.ts).
    countInStock: totalStock(stocks),
    stocks,
    createdAt: p.createdAt.toISOString(),
  };
}

/**
 * Full product DTOs for `ids`, in the order of `ids`, without deleted ones: one query
 * whatever the number of ids (products with seller, categories and stocks in live stores).
 */
export async function loadProducts(ctx: AppContext, ids: number[], sellerId?: number): Promise<Product[]> {
  if (ids.length === 0) return [];
  const repo = new CatalogueRepo(ctx.database.db, ctx.database.readDb);
  const unique = [...new Set(ids)];
  // A seller also sees their own products while their shop is not public (decision 290).
  const rows =
    sellerId === undefined ? await repo.productsByIds(unique) : await repo.productsSeenBy(unique, sellerId);
  const byId = new Map(rows.map((r) => [r.product.id, r]));
  const out: Product[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row) out.push(toProduct(ctx, row));
  }
  return out;
}

function toReview(r: ReviewJoined): Review {
  return {
    id: r.id,
    name: r.username,
    user: r.userId,
    rating: r.rating,
    comment: r.comment,
    createdAt: r.createdAt.toISOString(),
    verified: r.verified,
  };
}

export interface SitemapEntries {
  ids: Int32Array;
  created: Float64Array;
  names: string[];
  /** Which load of the list this is: files written from it are kept under it. */
  version: number;
}

/** Loads of the sitemaps' list in this process (`SitemapEntries.version`). */
let sitemapLoads = 0;

export interface ListQuery {
  offset: number;
  limit: number;
  category?: string | undefined;
  subcategory?: string | undefined;
}

export class CatalogueService {
  readonly repo: CatalogueRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new CatalogueRepo(ctx.database.db, ctx.database.readDb);
  }

  categories(): Promise<Category[]> {
    return this.ctx.cache.getOrLoad('catalogue:categories', () => this.repo.categoryTree());
  }

  /**
   * One page, newest first (routes cache the rendered answer). `next` is the offset of the
   * next page (send it back as `offset` with the same filters) or null (decision 118).
   */
  async list(query: ListQuery): Promise<PagedProducts> {
    const categoryName = query.category || undefined;
    const subcategoryName = query.subcategory || undefined;
    // Names become ids through the cached tree, so the page query runs on the partial indexes.
    const tree = await this.categories();
    const filter: ListFilter = {};
    if (categoryName !== undefined)
      filter.categoryIds = tree.filter((c) => c.name === categoryName).map((c) => c.id);
    if (subcategoryName !== undefined)
      filter.subcategoryIds = tree.flatMap((c) =>
        c.subcategory.filter((s) => s.name === subcategoryName).map((s) => s.id),
      );
    if (filter.categoryIds?.length === 0 || filter.subcategoryIds?.length === 0)
      return { results: [], next: null, count: 0 };
    // Every live id of this filter, newest first, shared by all its pages until the next
    // catalogue write: a page at any offset is a slice of it, then one query for its 12 rows.
    // (An offset in SQL walks the index up to it: 29 ms at offset 77,000; decision 152.)
    const ids = await this.ctx.cache.getOrLoad(
      `catalogue:ids:${categoryName ?? ''}\u0000${subcategoryName ?? ''}`,
      () => this.repo.liveIds(filter),
    );
    const pageIds = Array.from(ids.subarray(query.offset, query.offset + query.limit));
    const rows = pageIds.length > 0 ? await this.repo.productsByIds(pageIds) : [];
    return pageOf(
      rows.map((r) => toProduct(this.ctx, r)),
      ids.length,
      query,
    );
  }

  /** The newest products; shared by the JSON answer and every rendered home page until the next catalogue write. */
  latestProducts(): Promise<Product[]> {
    return this.ctx.cache.getOrLoad('catalogue:latest-products', async () =>
      (await this.repo.page({}, 0, LATEST_PRODUCTS)).map((r) => toProduct(this.ctx, r)),
    );
  }

  latestReviews(): Promise<LatestReview[]> {
    return this.ctx.cache.getOrLoad('catalogue:latest-reviews', async () =>
      (await this.repo.latestReviews(LATEST_REVIEWS)).map((r) => ({
        ...toReview(r),
        product_id: r.productId,
        image: mediaUrl(this.ctx.media, r.productImage, 'product'),
        thumbnail: mediaThumbUrl(this.ctx.media, r.productImage, 'product'),
        product_brand: r.productBrand,
        product_name: r.productName,
      })),
    );
  }

  /** How many live products a seller has; shared by every page until the next catalogue write. */
  sellerCount(userId: number): Promise<number> {
    return this.ctx.cache.getOrLoad(`catalogue:seller-count:${userId}`, () =>
      this.repo.count({ sellerId: userId }),
    );
  }

  /**
   * One page of a seller's live products, newest first. The existence check runs only when the
   * seller has none (a removed seller's products are soft-deleted with the account): 404.
   */
  async sellerPage(userId: number, offset: number, limit: number): Promise<Paged<Product>> {
    const [count, rows] = await Promise.all([
      this.sellerCount(userId),
      this.repo.sellerPage(userId, offset, limit),
    ]);
    if (count === 0 && !(await this.repo.liveSellerExists(userId)))
      throw notFound(`User ${userId} does not exist.`);
    return pageOf(
      rows.map((r) => toProduct(this.ctx, r)),
      count,
      { offset, limit },
    );
  }

  /** One page of the caller's own live products, public or not yet (decision 290), newest first. */
  async ownPage(sellerId: number, offset: number, limit: number): Promise<Paged<Product>> {
    const page = await this.repo.ownPage(sellerId, offset, limit);
    return pageOf(await loadProducts(this.ctx, page.ids, sellerId), page.count, { offset, limit });
  }

  /** Whether a product existed and was deleted (its page answers 410 Gone instead of 404). */
  async wasDeleted(id: number): Promise<boolean> {
    return Boolean((await this.repo.findProduct(id))?.deletedAt);
  }

  /**
   * Every live product's id, creation time (epoch seconds) and "brand name", ascending by id,
   * for the sitemaps: the lists' filter of what is live. One query over the whole catalogue
   * (0.3 s at 100,000 products), so after a catalogue write the list held is answered while it
   * loads again (decision 339): a sitemap lags a write by that load, and no request waits for it.
   */
  sitemapEntries(): Promise<SitemapEntries> {
    return this.ctx.cache.getLatest('catalogue:sitemap', async () => ({
      ...(await this.repo.liveIdsWithNames()),
      version: ++sitemapLoads,
    }));
  }

  /** One live product; with `sellerId`, as that seller sees it (their own too while their shop is not public). */
  async get(id: number, sellerId?: number): Promise<Product> {
    const [product] = await loadProducts(this.ctx, [id], sellerId);
    if (!product) throw notFound(`Product ${id} does not exist.`);
    return product;
  }

  async create(caller: Caller, fields: Record<string, unknown>, file: UploadedFile | null): Promise<Product> {
    if (caller.role !== 'STORE_OWNER') throw forbidden('Only seller accounts can create products.');
    // `seller` may be sent, but a product always belongs to its creator.
    const input = parseWith(productCreateSchema, {
      brand: fields.brand,
      name: fields.name,
      price: fields.price,
      description: fields.description,
      category: fields.category,
      subcategory: fields.subcategory,
      vatRate: fields.vatRate,
    });
    const stockRows =
      parseWith(z.object({ initialStocks: productStocksInputSchema }), {
        initialStocks: fields.initialStocks,
      }).initialStocks ?? [];
    await this.checkCategoryPair(input.category, input.subcategory);
    // Validation passed: only now may an image reach the storage.
    const image = file ? (await processImage(file.buffer, this.ctx.media, 'products')).key : null;
    let id: number;
    try {
      const values = {
        sellerId: caller.id,
        brand: input.brand,
        name: input.name,
        priceRappen: input.price,
        description: input.description,
        image,
        categoryId: input.category,
        subcategoryId: input.subcategory,
        vatRate: input.vatRate,
      };
      if (stockRows.length === 0) id = await this.repo.insertProduct(values);
      else {
        const inserted = await this.insertWithStocks(values, stockRows);
        if ('foreignStore' in inserted) {
          const message = `Store ${inserted.foreignStore} does not exist.`;
          throw badRequest(message, [{ field: 'initialStocks', message }]);
        }
        id = inserted.id;
      }
    } catch (error) {
      if (image) await Promise.all([this.ctx.media.delete(image), this.ctx.media.delete(thumbKey(image))]);
      throw error;
    }
    this.ctx.cache.invalidate();
    return this.get(id, caller.id);
  }

  /**
   * A product with stock rows in the caller's live stores, in one transaction: a store that
   * is not the seller's (or is deleted) leaves nothing behind and answers its id.
   */
  private insertWithStocks(
    values: NewProduct,
    stockRows: { store: number; number: number }[],
  ): Promise<{ id: number } | { foreignStore: number }> {
    return this.ctx.database.db.transaction(async (tx) => {
      const repo = new CatalogueRepo(tx);
      const own = await repo.ownLiveStoreIds(
        values.sellerId,
        stockRows.map((s) => s.store),
      );
      const foreign = stockRows.find((s) => !own.has(s.store));
      if (foreign) return { foreignStore: foreign.store };
      const id = await repo.insertProduct(values);
      await repo.insertStocks(id, stockRows);
      return { id };
    });
  }

  /** 400 naming the field when the category or subcategory is unknown or they do not belong together. */
  private async checkCategoryPair(category: number, subcategory: number): Promise<void> {
    const pair = await this.repo.categoryPair(category, subcategory);
    if (!pair.category) {
      const message = `Category ${category} does not exist.`;
      throw badRequest(message, [{ field: 'category', message }]);
    }
    if (!pair.subcategory) {
      const message = `Subcategory ${subcategory} does not exist.`;
      throw badRequest(message, [{ field: 'subcategory', message }]);
    }
    if (pair.subcategory.categoryId !== category) {
      const message = `Subcategory ${subcategory} does not belong to category ${category}.`;
      throw badRequest(message, [{ field: 'subcategory', message }]);
    }
  }

  /**
   * The caller's own live product, or 404 exactly as for a missing one (someone else's
   * product is not revealed). Checked before an edit's body is read.
   */
  async ownProduct(caller: Caller, id: number): Promise<void> {
    const product = await this.repo.findProduct(id);
    if (!product || product.deletedAt || product.sellerId !== caller.id)
      throw notFound(`Product ${id} does not exist.`);
  }

  /**
   * Edits an own product: any of brand, name, price, description, category, subcategory,
   * image, each validated as at creation. Orders keep their copies (name, price, image); a
   * replaced image is discarded unless an order line still shows it (decision 147).
   */
  async update(
    caller: Caller,
    id: number,
    fields: Record<string, unknown>,
    file: UploadedFile | null,
  ): Promise<Product> {
    const product = await this.repo.findProduct(id);
    if (!product || product.deletedAt || product.sellerId !== caller.id)
      throw notFound(`Product ${id} does not exist.`);
    const input = parseWith(productUpdateSchema, {
      brand: fields.brand,
      name: fields.name,
      price: fields.price,
      description: fields.description,
      category: fields.category,
      subcategory: fields.subcategory,
      vatRate: fields.vatRate,
    });
    if (input.category !== undefined || input.subcategory !== undefined)
      await this.checkCategoryPair(
        input.category ?? product.categoryId,
        input.subcategory ?? product.subcategoryId,
      );
    const image = file ? (await processImage(file.buffer, this.ctx.media, 'products')).key : undefined;
    let result: { previousImage: string | null } | undefined;
    try {
      result = await this.applyEdit(id, {
        ...(input.brand !== undefined && { brand: input.brand }),
        ...(input.name !== undefined && { name: input.name }),
        ...(input.price !== undefined && { priceRappen: input.price }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.category !== undefined && { categoryId: input.category }),
        ...(input.subcategory !== undefined && { subcategoryId: input.subcategory }),
        ...(input.vatRate !== undefined && { vatRate: input.vatRate }),
        ...(image !== undefined && { image }),
      });
    } catch (error) {
      if (image) await discardImage(this.ctx.media, image);
      throw error;
    }
    if (!result) {
      // Deleted while the upload was processed.
      if (image) await discardImage(this.ctx.media, image);
      throw notFound(`Product ${id} does not exist.`);
    }
    this.ctx.cache.invalidate();
    const old = result.previousImage;
    if (image && old && old !== image && !(await this.repo.imageInOrders(id, old)))
      await discardImage(this.ctx.media, old);
    return this.get(id, caller.id);
  }

  /**
   * Applies an edit to a live product under a row lock and answers the image it had before,
   * so two parallel edits that both replace the picture each discard the one they replaced.
   * Undefined when the product is gone.
   */
  private applyEdit(id: number, values: ProductEdit): Promise<{ previousImage: string | null } | undefined> {
    return this.ctx.database.db.transaction(async (tx) => {
      const repo = new CatalogueRepo(tx);
      const before = await repo.lockLiveProduct(id);
      if (!before) return undefined;
      await repo.setProduct(id, values);
      return { previousImage: before.image };
    });
  }

  async delete(caller: Caller, id: number): Promise<void> {
    const product = await this.repo.findProduct(id);
    // Someone else's product answers exactly like a missing one.
    if (!product || product.deletedAt || product.sellerId !== caller.id)
      throw notFound(`Product ${id} does not exist.`);
    // Soft delete: order lines keep pointing at the row; the catalogue no longer shows it.
    await this.repo.softDelete(id);
    this.ctx.cache.invalidate();
  }

  /** A live product with its reviews from one query (the server-rendered product page), or null. */
  async productWithReviews(id: number): Promise<{ product: Product; reviews: Review[] } | null> {
    const found = await this.repo.productPage(id);
    return found && { product: toProduct(this.ctx, found.product), reviews: found.reviews.map(toReview) };
  }

  async reviews(productId: number): Promise<Review[]> {
    const rows = await this.repo.reviewsOfLiveProduct(productId);
    if (!rows) throw notFound(`Product ${productId} does not exist.`);
    return rows.map(toReview);
  }

  async addReview(caller: Caller | null, productId: number, body: unknown): Promise<Review> {
    if (!caller) throw unauthorized('Please login to write a review');
    if (caller.role !== 'CUSTOMER') throw forbidden('Only users with a customer profile can write a review');
    const input = parseWith(reviewCreateSchema, body ?? {});
    const product = await this.repo.findProduct(productId);
    if (!product || product.deletedAt) throw notFound(`Product ${productId} does not exist.`);
    // Counted before the write (parallel reviews cannot pass the limit); a refused write gives it back.
    const limitKey = String(caller.id);
    const taken = await this.ctx.limits.take('reviewsUser', limitKey);
    if (!taken.ok)
      throw tooMany(
        `You have written ${REVIEWS_PER_HOUR} reviews in the last hour. Please wait before writing another.`,
        taken.retryAfterSeconds,
      );
    const id = await this.writeReview({
      productId,
      userId: caller.id,
      rating: input.rating,
      comment: input.comment,
    });
    if (id === null) {
      await this.ctx.limits.giveBack('reviewsUser', limitKey);
      throw conflict('Product already reviewed');
    }
    this.ctx.cache.invalidate();
    const review = await this.repo.findReview(id);
    return toReview(review!);
  }

  /**
   * Adds a review and its rating to the product in one transaction; null when this customer
   * reviewed the product already (the unique key decides, also under concurrency).
   */
  private writeReview(input: {
    productId: number;
    userId: number;
    rating: number;
    comment: string;
  }): Promise<number | null> {
    return this.ctx.database.db.transaction(async (tx) => {
      const repo = new CatalogueRepo(tx);
      const verified = await repo.paidFor(input.productId, input.userId);
      const id = await repo.insertReview({ ...input, verified });
      if (id !== null) await repo.addRating(input.productId, input.rating);
      return id;
    });
  }
}
