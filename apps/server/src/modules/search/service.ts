/**
 * GET /api/search/: one entry point, the answer chosen by `type` (spec §7), the same matching
 * rules for every type (docs/decisions/128): every word must match; exact and prefix matches
 * rank before parts of words, and those before typos; typos are tried only for words of 5
 * letters or more and only when the words as typed find nothing.
 */
import {
  isProductSearch,
  productFiltersOf,
  searchWords,
  SEARCH_PAGE_SIZES,
  toSearchText,
  type Category,
  type MapStore,
  type Product,
  type ProductFilters,
  type ProductInStore,
  type SearchQuery,
  type SearchSort,
  type SearchType,
  type SellerSummary,
  type Store,
} from '@marktgasse/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { pageAsked } from '../../lib/list-answer.ts';
import { requireSeller } from '../../plugins/auth.ts';
import { AccountsService } from '../accounts/service.ts';
import { CatalogueService, loadProducts } from '../catalogue/service.ts';
import { mediaUrl } from '../media/pipeline.ts';
import { StoresService } from '../stores/service.ts';
import { MAP_PRODUCT_CAP, mergeMapMatches } from './map-matches.ts';
import { SearchRepo, type IdPage, type ProductScope, type StoreScope, type WordMatch } from './repo.ts';
import { Vocabulary, type WordFacts } from './vocabulary.ts';

/**
 * Typos of words found as typed are tried only while the words as typed match fewer objects
 * than this: 1 means "nothing found", the default of Typesense's typo_tokens_threshold. Each
 * extra result it lets in was judged noise more often than help (docs/decisions/128).
 */
export const TYPO_THRESHOLD = 1;

export type SearchItem = Product | ProductInStore | Store | MapStore | SellerSummary;

/** One answer of a search: a page of items, the count of everything that matched, and how it was asked. */
export interface SearchResult {
  items: SearchItem[];
  count: number;
  offset: number;
  limit: number;
  /** Asked with offset or limit: answered as `{results, count, next}`, else as a plain list. */
  paged: boolean;
}

/** A product list as another module asks for it (the product list, a seller's or a category's products). */
export interface ProductListQuery {
  text?: string;
  scope?: ProductScope;
  filters?: ProductFilters;
  sort?: SearchSort;
  offset: number;
  limit: number;
}

/** A search's words as the vocabulary resolved them. */
interface PlannedWord {
  word: string;
  found: boolean;
  facts: WordFacts;
}

/** `key` names what the answer depends on; null when a word can match nothing (an empty answer). */
interface Plan {
  words: PlannedWord[];
  key: string | null;
}

/** A search ready to run, and the key of its answer in the read cache. */
export interface PreparedSearch {
  key: string;
  run(): Promise<SearchResult>;
}

/** Category and subcategory ids by their names as search text, made once per cached category tree. */
interface FoldedNames {
  categories: Map<string, number[]>;
  subcategories: Map<string, number[]>;
}
const FOLDED = new WeakMap<Category[], FoldedNames>();

function foldedNames(tree: Category[]): FoldedNames {
  let names = FOLDED.get(tree);
  if (names) return names;
  const add = (map: Map<string, number[]>, name: string, id: number) => {
    const key = toSearchText(name);
    map.set(key, [...(map.get(key) ?? []), id]);
  };
  names = { categories: new Map(), subcategories: new Map() };
  for (const c of tree) {
    add(names.categories, c.name, c.id);
    for (const s of c.subcategory) add(names.subcategories, s.name, s.id);
  }
  FOLDED.set(tree, names);
  return names;
}

/** What a search of any type is asked: the page, the sort, the product filters and the words. */
function frameOf(query: SearchQuery) {
  const size = SEARCH_PAGE_SIZES[query.type];
  const { paged, offset, limit } = pageAsked(query, { page: size.default, max: size.max });
  const sort = query.sort ?? 'relevance';
  const filters = isProductSearch(query.type) ? productFiltersOf(query) : {};
  return { query, paged, offset, limit, sort, filters, text: query.search_string };
}
type SearchFrame = ReturnType<typeof frameOf>;

function answerOf(frame: SearchFrame, page: IdPage, items: SearchItem[]): SearchResult {
  return { items, count: page.count, offset: frame.offset, limit: frame.limit, paged: frame.paged };
}

/** The search ready to run, named by all its answer depends on. */
function preparedOf(
  frame: SearchFrame,
  scope: object,
  plan: Plan,
  run: () => Promise<SearchResult>,
): PreparedSearch {
  const { query, sort, filters, offset, limit, paged } = frame;
  return { key: JSON.stringify([query.type, scope, plan.key, sort, filters, offset, limit, paged]), run };
}

/** One vocabulary per server (its AppContext), shared by every SearchService of it. */
const VOCABULARIES = new WeakMap<AppContext, Vocabulary>();
/** Present in the read cache while the vocabulary is current: a write or the lifetime removes it. */
const VOCABULARY_KEY = 'search:vocabulary';

export class SearchService {
  private readonly repo: SearchRepo;
  private readonly stores: StoresService;
  private readonly accounts: AccountsService;
  private readonly catalogue: CatalogueService;

  constructor(private readonly ctx: AppContext) {
    this.repo = new SearchRepo(ctx.database.readDb);
    this.stores = new StoresService(ctx);
    this.accounts = new AccountsService(ctx);
    this.catalogue = new CatalogueService(ctx);
  }

  /** Types that answer everybody alike when asked without credentials (cacheable). */
  static isPublic(type: SearchType): boolean {
    return !type.startsWith('my_');
  }

  /**
   * Checks who may ask (401, 403, 404, 400 here, before any cache) and resolves the words
   * against the vocabulary; `key` names the answer by what it depends on, so spellings that
   * resolve alike share one cached answer, and `run` computes it.
   */
  async prepare(query: SearchQuery, request: FastifyRequest): Promise<PreparedSearch> {
    const frame = frameOf(query);
    switch (query.type) {
      case 'products': {
        // The category bar and sidebar send a category's or subcategory's name (spec §2).
        const named = await this.categoryNamed(frame.text, true);
        return named ? this.productSearch(frame, named, '') : this.productSearch(frame, {});
      }
      case 'all':
        return this.productSearch(frame, {});
      case 'products_by_seller':
        return this.productSearch(frame, { sellerId: required(query.seller_id, 'seller_id', query.type) });
      case 'my_products': {
        const caller = requireSeller(request);
        const storeName = query.store_name?.trim();
        return this.productSearch(frame, {
          sellerId: caller.id,
          storeNamed: storeName ? { ownerId: caller.id, name: storeName } : undefined,
          viewer: caller.id,
        });
      }
      case 'products_in_store':
      case 'products_in_my_store':
        return this.storeProductSearch(frame, request);
      case 'stores':
      case 'map':
      case 'my_stores':
        return this.storeSearch(frame, request);
      case 'profiles':
        return this.profileSearch(frame);
    }
  }

  private async productSearch(
    frame: SearchFrame,
    scope: ProductScope,
    words = frame.text,
  ): Promise<PreparedSearch> {
    const { filters, sort, offset, limit } = frame;
    const plan = await this.plan(words);
    return preparedOf(frame, scope, plan, async () => {
      const page = await this.rank(plan, (matches) =>
        this.repo.productPage(matches, scope, filters, sort, offset, limit),
      );
      return answerOf(frame, page, await loadProducts(this.ctx, page.ids, scope.viewer));
    });
  }

  /** A store's stock rows (`products_in_store`, `products_in_my_store`). */
  private async storeProductSearch(frame: SearchFrame, request: FastifyRequest): Promise<PreparedSearch> {
    const { query, filters, sort, offset, limit } = frame;
    const storeId = required(query.store_id, 'store_id', query.type);
    const owner = await this.ctx.cache.getOrLoad(`search:store-owner:${storeId}`, () =>
      this.repo.storeOwner(storeId),
    );
    if (owner === null) throw notFound(`Store ${storeId} does not exist.`);
    // The owner also sees rows at 0 (their delete button is disabled there); anyone else
    // sees what the store page shows, with or without a token (issue #15).
    const ownView = query.type === 'products_in_my_store' && request.user?.id === owner;
    const scope: ProductScope = { storeId, inStoreStockOnly: !ownView, viewer: ownView ? owner : undefined };
    const plan = await this.plan(frame.text);
    return preparedOf(frame, scope, plan, async () => {
      const page = await this.rank(plan, (matches) =>
        this.repo.productPage(matches, scope, filters, sort, offset, limit),
      );
      const [hits, loaded] = await Promise.all([
        this.repo.stockHits(storeId, page.ids),
        loadProducts(this.ctx, page.ids, scope.viewer),
      ]);
      const byId = new Map(loaded.map((p) => [p.id, p]));
      return answerOf(
        frame,
        page,
        hits.flatMap((h) => {
          const product = byId.get(h.productId);
          return product ? [{ id: h.stockId, number: h.number, store: h.storeId, product }] : [];
        }),
      );
    });
  }

  /** Stores (`stores`, `my_stores`) and the map's stores (`map`). */
  private async storeSearch(frame: SearchFrame, request: FastifyRequest): Promise<PreparedSearch> {
    const { query, offset, limit } = frame;
    const ownerId = query.type === 'my_stores' ? requireSeller(request).id : undefined;
    const named = query.type === 'my_stores' ? null : await this.categoryNamed(frame.text, false);
    const scope = { ownerId, categoryIds: named?.categoryIds };
    const plan = await this.plan(named ? '' : frame.text);
    if (query.type === 'map' && plan.words.length > 0) {
      return preparedOf(frame, scope, plan, async () => {
        const { ids, holdings } = await this.mapMatches(plan, scope);
        const page = ids.slice(offset, offset + limit);
        const items = (await this.mapStores(page)).map((s) => ({ ...s, ...holdings.get(s.id) }));
        return answerOf(frame, { ids: page, count: ids.length }, items);
      });
    }
    return preparedOf(frame, scope, plan, async () => {
      const page = await this.rank(plan, (matches) => this.repo.storePage(matches, scope, offset, limit));
      return answerOf(
        frame,
        page,
        query.type === 'map'
          ? await this.mapStores(page.ids)
          : await this.stores.storesByIds(page.ids, ownerId),
      );
    });
  }

  private async profileSearch(frame: SearchFrame): Promise<PreparedSearch> {
    const named = await this.categoryNamed(frame.text, false);
    const scope = { categoryIds: named?.categoryIds };
    const plan = await this.plan(named ? '' : frame.text);
    return preparedOf(frame, scope, plan, async () => {
      const page = await this.rank(plan, (matches) =>
        this.repo.sellerPage(matches, scope, frame.offset, frame.limit),
      );
      const rows = await this.repo.sellers(page.ids);
      return answerOf(
        frame,
        page,
        rows.map((r) => this.accounts.toSellerSummary({ ...r, categories: [] })),
      );
    });
  }

  /**
   * Ranked product ids and the count of all matches: the one product search and filter of the
   * app, for the search types here and for any other list of products (docs/decisions/130).
   */
  async productIds(query: ProductListQuery): Promise<IdPage> {
    const { scope = {}, filters = {}, sort = 'relevance', offset, limit } = query;
    const plan = await this.plan(query.text ?? '');
    return this.rank(plan, (matches) => this.repo.productPage(matches, scope, filters, sort, offset, limit));
  }

  /** The vocabulary of this server process, brought up to date after a write or when its entry expired. */
  private async vocabulary(): Promise<Vocabulary> {
    let vocabulary = VOCABULARIES.get(this.ctx);
    if (!vocabulary) VOCABULARIES.set(this.ctx, (vocabulary = new Vocabulary()));
    const current = vocabulary;
    await this.ctx.cache.getOrLoad(VOCABULARY_KEY, () => current.refresh(this.repo).then(() => true));
    return current;
  }

  /**
   * Resolves the words of a search. A word found in the catalogue as typed (itself, as the
   * start of a word or inside one) is taken as typed; a word found nowhere is read with its
   * typos (one letter from 5 letters, two from 9); a word found nowhere and with no typo near
   * leaves nothing to find.
   */
  private async plan(text: string): Promise<Plan> {
    const words = searchWords(text);
    if (words.length === 0) return { words: [], key: '' };
    const vocabulary = await this.vocabulary();
    const planned = words.map((word) => {
      const facts = vocabulary.facts(word);
      return { word, found: facts.prefixed || facts.parts.length > 0, facts };
    });
    if (planned.some((p) => !p.found && !hasTypos(p))) return { words: planned, key: null };
    // What the answer depends on: a word as typed, or (found nowhere) only the words near it.
    const key = planned
      .map((p) =>
        p.found
          ? `=${p.word}`
          : `~${p.facts
              .typos()
              .map((t) => t.join(','))
              .join(';')}`,
      )
      .join(' ');
    return { words: planned, key };
  }

  /**
   * Runs a planned search: the words found as typed, and the typos of the others; only when
   * that matches fewer than TYPO_THRESHOLD objects are the typos of every word tried too,
   * ranked after the exact matches. A word that can match nothing ends it at once.
   */
  private async rank(
    plan: Plan,
    run: (matches: WordMatch[]) => Promise<IdPage>,
    withTypos = true,
  ): Promise<IdPage> {
    if (plan.key === null) return { ids: [], count: 0 };
    if (plan.words.length === 0) return run([]);
    const match = (p: PlannedWord, withTypos: boolean): WordMatch => ({
      word: p.word,
      parts: p.facts.parts,
      typos: withTypos ? p.facts.typos() : [],
    });
    if (!withTypos) {
      return plan.words.every((p) => p.found)
        ? run(plan.words.map((p) => match(p, false)))
        : { ids: [], count: 0 };
    }
    const page = await run(plan.words.map((p) => match(p, !p.found)));
    if (page.count >= TYPO_THRESHOLD || plan.words.some((p) => !p.found) || !plan.words.some(hasTypos))
      return page;
    return run(plan.words.map((p) => match(p, true)));
  }

  /**
   * A product word on the map: the stores holding a matching product in stock, then the stores
   * matching by their own words. While products match, store words are not read with typos:
   * "Emmentaler" finds the cheese's shops, not a weaver in the Emmental.
   */
  private async mapMatches(plan: Plan, scope: StoreScope) {
    const max = SEARCH_PAGE_SIZES.map.max;
    const found = await this.rank(plan, (matches) =>
      this.repo.productPage(matches, {}, { inStock: true }, 'relevance', 0, MAP_PRODUCT_CAP),
    );
    const held = await this.repo.heldUnits(found.ids);
    const byName = await this.rank(
      plan,
      (matches) => this.repo.storePage(matches, scope, 0, max),
      held.length === 0,
    );
    const merged = mergeMapMatches(held, byName.ids);
    return { ids: merged.ids.slice(0, max), holdings: merged.holdings };
  }

  /**
   * The category (or, for products, the subcategory) whose name the search text is, compared
   * as search text: case, accents, "&" and spacing do not matter ("sports & outdoors").
   */
  private async categoryNamed(
    text: string,
    withSubcategories: boolean,
  ): Promise<{ categoryIds?: number[]; subcategoryIds?: number[] } | null> {
    const key = toSearchText(text);
    if (!key) return null;
    const names = foldedNames(await this.catalogue.categories());
    const categoryIds = names.categories.get(key);
    if (categoryIds) return { categoryIds };
    if (!withSubcategories) return null;
    const subcategoryIds = names.subcategories.get(key);
    return subcategoryIds ? { subcategoryIds } : null;
  }

  /**
   * The map draws markers, their popups and the list beside the map: it gets just those fields
   * (docs/decisions/112).
   */
  private async mapStores(ids: number[]): Promise<MapStore[]> {
    const rows = await this.repo.mapStores(ids);
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
      profile_image: mediaUrl(this.ctx.media, r.ownerImage, 'profile'),
    }));
  }
}

function required(value: number | undefined, name: string, type: string): number {
  if (value === undefined)
    throw badRequest(`${name} is required for type=${type}.`, [
      { field: name, message: `${name} is required for type=${type}.` },
    ]);
  return value;
}

const hasTypos = (p: PlannedWord) => p.facts.typos().some((terms) => terms.length > 0);
