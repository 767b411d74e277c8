/**
 * The data of each public page, loaded through the catalogue, accounts and stores services
 * (their filters of what is live apply), with the page's head. A missing product or seller is
 * `missing` (404), a deleted product `gone` (410).
 */
import type { FastifyRequest } from 'fastify';
import {
  homeShowsLatest,
  nextOffset,
  PAGE_SIZE,
  searchQuerySchema,
  SELLER_PRODUCTS_PAGE_SIZE,
  TEASER_ITEMS,
  type PageData,
  type PageLanguage,
  type Product,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { AccountsService } from '../accounts/service.ts';
import { CatalogueService } from '../catalogue/service.ts';
import { SearchService } from '../search/service.ts';
import { StoresService } from '../stores/service.ts';
import type { PageHead } from './head.ts';
import { homeHead, productHead, searchHead, sellerHead, sellersHead, type HomeShelf } from './heads.ts';

/** A search as its address asks it: the term, the list's sort and filters, the first offset. */
export interface SearchAsked {
  term: string;
  options: Record<string, string>;
  offset: number;
}

export type PageOutcome =
  | { status: 200; head: PageHead; page: PageData | null }
  | { status: 404 | 410; head?: undefined; page?: undefined };

const MISSING = { status: 404 } as const;

/** A service's "does not exist" as a missing page; anything else stays an error. */
async function orMissing<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

export class PagesService {
  private readonly catalogue: CatalogueService;
  private readonly accounts: AccountsService;
  private readonly stores: StoresService;
  private readonly searches: SearchService;

  constructor(
    private readonly ctx: AppContext,
    private readonly origin: string,
  ) {
    this.catalogue = new CatalogueService(ctx);
    this.accounts = new AccountsService(ctx);
    this.stores = new StoresService(ctx);
    this.searches = new SearchService(ctx);
  }

  async product(language: PageLanguage, id: number): Promise<PageOutcome> {
    // One round trip for both (decision 297); the same filters and order as the JSON answers'.
    const found = await this.catalogue.productWithReviews(id);
    if (!found) return (await this.catalogue.wasDeleted(id)) ? { status: 410 } : MISSING;
    const { product, reviews } = found;
    const page: PageData = { kind: 'product', product, reviews };
    return { status: 200, head: productHead(language, this.origin, product, reviews), page };
  }

  async home(language: PageLanguage, shelf: HomeShelf): Promise<PageOutcome> {
    const { category, subcategory, offset } = shelf;
    const categories = await this.catalogue.categories();
    const known =
      (!category || categories.some((c) => c.name === category)) &&
      (!subcategory || categories.some((c) => c.subcategory.some((s) => s.name === subcategory)));
    if (!known) return MISSING;
    // The carousel and the teasers, where the page shows them: their HTML is there from the
    // start at every width (the teasers' own CSS hides them on phones), so nothing above the
    // grid arrives later and pushes it down.
    const latest = homeShowsLatest(shelf);
    const [products, newest, reviews, sellers] = await Promise.all([
      this.catalogue.list({ offset, limit: PAGE_SIZE, category, subcategory }),
      latest ? this.catalogue.latestProducts() : undefined,
      latest ? this.catalogue.latestReviews() : undefined,
      latest ? this.accounts.latestSellers() : undefined,
    ]);
    if (offset > 0 && products.results.length === 0) return MISSING;
    const page: PageData = { kind: 'home', category, subcategory, offset, categories, products };
    // The teasers' data as far as they show it: phones, which hide them, download no more.
    if (newest && reviews && sellers)
      Object.assign(page, {
        latest: newest,
        reviews: reviews.slice(0, TEASER_ITEMS),
        sellers: sellers.slice(0, TEASER_ITEMS),
      });
    return { status: 200, head: homeHead(language, this.origin, shelf), page };
  }

  /** Search results (`type=all`, as the app's search asks), a page of PAGE_SIZE from `offset`. */
  async search(language: PageLanguage, asked: SearchAsked, request: FastifyRequest): Promise<PageOutcome> {
    const { term, options, offset } = asked;
    const query = searchQuerySchema.safeParse({
      type: 'all',
      search_string: term,
      offset: String(offset),
      limit: String(PAGE_SIZE),
      ...options,
    });
    if (!query.success) return MISSING;
    const prepared = await this.searches.prepare(query.data, request);
    const [categories, found] = await Promise.all([this.catalogue.categories(), prepared.run()]);
    if (offset > 0 && found.items.length === 0) return MISSING;
    const results = {
      results: found.items as Product[],
      count: found.count,
      next: nextOffset(found.offset, found.limit, found.count),
    };
    const page: PageData = { kind: 'search', term, options, offset, categories, results };
    return { status: 200, head: searchHead(language, term, options, offset), page };
  }

  async seller(language: PageLanguage, id: number): Promise<PageOutcome> {
    const profile = await orMissing(this.accounts.getPublicProfile(id));
    if (!profile || profile.status !== 'STORE_OWNER') return MISSING;
    const [stores, products] = await Promise.all([
      this.stores.summariesOfOwner(id),
      orMissing(this.catalogue.sellerPage(id, 0, SELLER_PRODUCTS_PAGE_SIZE)),
    ]);
    if (!products) return MISSING;
    const page: PageData = { kind: 'seller', profile, stores, products };
    return { status: 200, head: sellerHead(language, this.origin, profile, stores), page };
  }

  async sellers(language: PageLanguage): Promise<PageOutcome> {
    const [categories, sellers] = await Promise.all([this.catalogue.categories(), this.sellerSummaries()]);
    const page: PageData = { kind: 'sellers', categories, sellers };
    return { status: 200, head: sellersHead(language, this.origin), page };
  }

  /** Every seller as the sellers list shows them (also the sitemap's seller pages). */
  sellerSummaries() {
    return this.ctx.cache.getOrLoad('pages:sellers', async () =>
      (await this.accounts.sellers()).map((p) => this.accounts.toSellerSummary(p)),
    );
  }
}
