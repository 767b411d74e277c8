/** GET /api/search/: one entry point, the answer shape chosen by `type` (spec §7). */
import {
  toSearchText,
  type Product,
  type MapStore,
  type ProductInStore,
  type SearchAll,
  type SearchQuery,
  type SellerSummary,
  type Store,
} from '@marktgasse/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { requireSeller } from '../../plugins/auth.ts';
import { AccountsService } from '../accounts/service.ts';
import { loadProducts } from '../catalogue/service.ts';
import { mediaUrl } from '../media/pipeline.ts';
import { StoresService } from '../stores/service.ts';
import { SearchRepo } from './repo.ts';

/** Lists are bounded: 100 best (or newest, for an empty search) unless `limit` asks for fewer. */
export const DEFAULT_LIMIT = 100;
/** The map shows every store, up to this many. */
export const MAP_LIMIT = 1000;

export type SearchResult = Store[] | MapStore[] | Product[] | SellerSummary[] | ProductInStore[] | SearchAll;

export class SearchService {
  private readonly repo: SearchRepo;
  private readonly stores: StoresService;
  private readonly accounts: AccountsService;

  constructor(private readonly ctx: AppContext) {
    this.repo = new SearchRepo(ctx.database.readDb);
    this.stores = new StoresService(ctx);
    this.accounts = new AccountsService(ctx);
  }

  /** Types that anyone may run and whose answer is the same for everybody (cacheable). */
  static isPublic(type: SearchQuery['type']): boolean {
    return !type.startsWith('my_') && type !== 'products_in_my_store';
  }

  async search(query: SearchQuery, request: FastifyRequest): Promise<SearchResult> {
    const q = toSearchText(query.search_string);
    const limit = query.limit ?? DEFAULT_LIMIT;
    switch (query.type) {
      case 'stores':
        return this.storesMatching(q, limit);
      case 'map':
        return this.mapStores(q, query.limit ?? MAP_LIMIT);
      case 'products':
        return this.products(q, limit);
      case 'profiles':
        return this.profiles(q, limit);
      case 'all': {
        const [products, stores, profiles] = await Promise.all([
          this.products(q, limit),
          this.storesMatching(q, limit),
          this.profiles(q, limit),
        ]);
        return { products, stores, profiles };
      }
      case 'products_in_store': {
        const storeId = required(query.store_id, 'store_id', query.type);
        if ((await this.repo.storeOwner(storeId)) === null)
          throw notFound(`Store ${storeId} does not exist.`);
        return this.productsInStore(storeId, q, limit, true);
      }
      case 'products_by_seller': {
        const sellerId = required(query.seller_id, 'seller_id', query.type);
        return this.products(q, limit, { sellerId });
      }
      case 'my_products': {
        const caller = requireSeller(request);
        const storeName = query.store_name?.trim();
        return this.products(q, limit, {
          sellerId: caller.id,
          store: storeName ? { ownerId: caller.id, name: storeName } : undefined,
        });
      }
      case 'my_stores': {
        const caller = requireSeller(request);
        return this.stores.storesByIds(await this.repo.storeIds(q, limit, caller.id));
      }
      case 'products_in_my_store': {
        const caller = requireSeller(request);
        const storeId = required(query.store_id, 'store_id', query.type);
        const owner = await this.repo.storeOwner(storeId);
        if (owner === null) throw notFound(`Store ${storeId} does not exist.`);
        if (owner !== caller.id) throw forbidden('Only the owner of a store can search its stock this way.');
        // The seller manages rows at 0 too (their delete button is disabled there).
        return this.productsInStore(storeId, q, limit, false);
      }
    }
  }

  /**
   * The map draws markers, their popups and the list beside the map: it gets just those fields
   * (docs/decisions/112). The whole Store, with its stock, was 420 KB for 1,000 stores even
   * without stock rows (61 MB with them, docs/decisions/111).
   */
  private async mapStores(q: string, limit: number): Promise<MapStore[]> {
    const rows = await this.repo.mapStores(await this.repo.storeIds(q, limit));
    return rows.map((r) => ({
      id: r.id,
      owner: r.ownerId,
      name: r.name,
      address: r.address,
      city: r.city,
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      category: r.categoryIds,
      owner_name: r.ownerName,
      owner_id: r.ownerId,
      profile_image: mediaUrl(this.ctx.media, r.ownerImage),
    }));
  }

  private async storesMatching(q: string, limit: number): Promise<Store[]> {
    return this.stores.storesByIds(await this.repo.storeIds(q, limit));
  }

  private async products(
    q: string,
    limit: number,
    filter: Parameters<SearchRepo['productIds']>[2] = {},
  ): Promise<Product[]> {
    return loadProducts(this.ctx, await this.repo.productIds(q, limit, filter));
  }

  private async profiles(q: string, limit: number): Promise<SellerSummary[]> {
    const rows = await this.repo.sellers(q, limit);
    return rows.map((r) => this.accounts.toSellerSummary({ ...r, categories: [] }));
  }

  private async productsInStore(
    storeId: number,
    q: string,
    limit: number,
    positiveOnly: boolean,
  ): Promise<ProductInStore[]> {
    const hits = await this.repo.stockHits(storeId, q, limit, positiveOnly);
    const products = new Map(
      (
        await loadProducts(
          this.ctx,
          hits.map((h) => h.productId),
        )
      ).map((p) => [p.id, p]),
    );
    return hits.flatMap((h) => {
      const product = products.get(h.productId);
      return product ? [{ id: h.stockId, number: h.number, store: h.storeId, product }] : [];
    });
  }
}

function required(value: number | undefined, name: string, type: string): number {
  if (value === undefined)
    throw badRequest(`${name} is required for type=${type}.`, [
      { field: name, message: `${name} is required for type=${type}.` },
    ]);
  return value;
}
