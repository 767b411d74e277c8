/**
 * Catalogue rules: categories, products (create, read, list, soft delete) and reviews.
 * Every write invalidates the read cache; anonymous lists may be served from it.
 */
import {
  productCreateSchema,
  rappenToDecimal,
  reviewCreateSchema,
  type Category,
  type LatestReview,
  type PagedProducts,
  type Product,
  type Review,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, forbidden, notFound, tooMany, unauthorized } from '../../lib/errors.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import { parseWith } from '../../lib/validation.ts';
import type { Caller } from '../../plugins/auth.ts';
import { REVIEWS_PER_HOUR } from '../../lib/rate-limiter.ts';
import { mediaThumbUrl, mediaUrl, processImage, thumbKey } from '../media/pipeline.ts';
import { CatalogueRepo, type ListFilter, type ProductFull, type ReviewJoined } from './repo.ts';

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
    seller: p.sellerId,
    sellerDetails: {
      id: p.sellerId,
      name: row.username,
      image: mediaUrl(ctx.media, row.sellerImage, 'profile'),
    },
    seller_id: p.sellerId,
    username: row.username,
    rating: ratingOf(p.ratingSum, p.numReviews),
    numReviews: p.numReviews,
    countInStock: stocks.reduce((sum, s) => sum + s.number, 0),
    stocks,
    createdAt: p.createdAt.toISOString(),
  };
}

/**
 * Full product DTOs for `ids`, in the order of `ids`, without deleted ones: one query
 * whatever the number of ids (products with seller, categories and stocks in live stores).
 */
export async function loadProducts(ctx: AppContext, ids: number[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const repo = new CatalogueRepo(ctx.database.db, ctx.database.readDb);
  const rows = await repo.productsByIds([...new Set(ids)]);
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
   * One page, newest first (routes cache the rendered answer). `next` repeats the request's
   * path and filters with the next offset: absolute when PUBLIC_URL is set, otherwise path
   * and query only.
   */
  async list(query: ListQuery, path: string): Promise<PagedProducts> {
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
    // The count is shared by every page of the same filter until the next catalogue write.
    const [count, rows] = await Promise.all([
      this.ctx.cache.getOrLoad(`catalogue:count:${categoryName ?? ''}\u0000${subcategoryName ?? ''}`, () =>
        this.repo.count(filter),
      ),
      this.repo.page(filter, query.offset, query.limit),
    ]);
    let next: string | null = null;
    if (query.offset + query.limit < count) {
      const params = new URLSearchParams();
      params.set('offset', String(query.offset + query.limit));
      params.set('limit', String(query.limit));
      if (categoryName) params.set('category', categoryName);
      if (subcategoryName) params.set('subcategory', subcategoryName);
      const relative = `${path}?${params.toString()}`;
      next = this.ctx.config.PUBLIC_URL ? new URL(relative, this.ctx.config.PUBLIC_URL).toString() : relative;
    }
    return { results: rows.map((r) => toProduct(this.ctx, r)), next, count };
  }

  async latestProducts(): Promise<Product[]> {
    return (await this.repo.page({}, 0, LATEST_PRODUCTS)).map((r) => toProduct(this.ctx, r));
  }

  async latestReviews(): Promise<LatestReview[]> {
    return (await this.repo.latestReviews(LATEST_REVIEWS)).map((r) => ({
      ...toReview(r),
      product_id: r.productId,
      image: mediaUrl(this.ctx.media, r.productImage, 'product'),
      thumbnail: mediaThumbUrl(this.ctx.media, r.productImage, 'product'),
      product_brand: r.productBrand,
      product_name: r.productName,
    }));
  }

  async bySeller(sellerId: number): Promise<Product[]> {
    return (await this.repo.page({ sellerId }, 0, null)).map((r) => toProduct(this.ctx, r));
  }

  async ofUser(userId: number): Promise<Product[]> {
    if (!(await this.repo.liveSellerExists(userId))) throw notFound(`User ${userId} does not exist.`);
    return this.bySeller(userId);
  }

  async get(id: number): Promise<Product> {
    const [product] = await loadProducts(this.ctx, [id]);
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
    });
    const pair = await this.repo.categoryPair(input.category, input.subcategory);
    if (!pair.category) {
      const message = `Category ${input.category} does not exist.`;
      throw badRequest(message, [{ field: 'category', message }]);
    }
    if (!pair.subcategory) {
      const message = `Subcategory ${input.subcategory} does not exist.`;
      throw badRequest(message, [{ field: 'subcategory', message }]);
    }
    if (pair.subcategory.categoryId !== input.category) {
      const message = `Subcategory ${input.subcategory} does not belong to category ${input.category}.`;
      throw badRequest(message, [{ field: 'subcategory', message }]);
    }
    // Validation passed: only now may an image reach the storage.
    const image = file ? (await processImage(file.buffer, this.ctx.media, 'products')).key : null;
    let id: number;
    try {
      id = await this.repo.insertProduct({
        sellerId: caller.id,
        brand: input.brand,
        name: input.name,
        priceRappen: input.price,
        description: input.description,
        image,
        categoryId: input.category,
        subcategoryId: input.subcategory,
      });
    } catch (error) {
      if (image) await Promise.all([this.ctx.media.delete(image), this.ctx.media.delete(thumbKey(image))]);
      throw error;
    }
    this.ctx.cache.invalidate();
    return this.get(id);
  }

  async delete(caller: Caller, id: number): Promise<void> {
    const product = await this.repo.findProduct(id);
    if (!product || product.deletedAt) throw notFound(`Product ${id} does not exist.`);
    if (product.sellerId !== caller.id) throw forbidden('You can only delete your own products.');
    // Soft delete: order lines keep pointing at the row; the catalogue no longer shows it.
    await this.repo.softDelete(id);
    this.ctx.cache.invalidate();
  }

  async reviews(productId: number): Promise<Review[]> {
    const product = await this.repo.findProduct(productId);
    if (!product || product.deletedAt) throw notFound(`Product ${productId} does not exist.`);
    return (await this.repo.reviewsOf(productId)).map(toReview);
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
    const id = await this.repo.addReview({
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
}
