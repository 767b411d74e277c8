/**
 * What the server hands the web app's server renderer (apps/web/src/entry-server.tsx) for one
 * public page: the same answers the API gives for the screen's first requests, loaded through
 * the server's services. The renderer puts them where the screen's queries look, so the HTML
 * and the hydrated app show the same data without asking again (docs/decisions/210).
 */
import {
  PAGE_SIZE,
  type Category,
  type LatestReview,
  type PagedProducts,
  type Product,
  type Review,
} from '../catalogue/schemas.ts';
import type { Profile, SellerSummary } from '../accounts/schemas.ts';
import type { StoreSummary } from '../stores/schemas.ts';

export type PageData =
  | { kind: 'product'; product: Product; reviews: Review[] }
  | {
      kind: 'home';
      category?: string | undefined;
      subcategory?: string | undefined;
      /** The list's first offset: a page opened from a "Load More" link starts there. */
      offset: number;
      categories: Category[];
      /** The newest products' carousel: only where the page shows it (`homeShowsLatest`). */
      latest?: Product[];
      /** The teasers' newest reviews and sellers, beside the carousel (shown from tablet width up). */
      reviews?: LatestReview[];
      sellers?: SellerSummary[];
      products: PagedProducts;
    }
  | {
      /** `/search?q=…` with the list's sort and filters (decision 262). */
      kind: 'search';
      term: string;
      /** The sort and filters as the address gives them (only those set). */
      options: Record<string, string>;
      offset: number;
      categories: Category[];
      results: PagedProducts;
    }
  | { kind: 'seller'; profile: Profile; stores: StoreSummary[]; products: PagedProducts }
  | { kind: 'sellers'; categories: Category[]; sellers: SellerSummary[] };

/** The reviews and the sellers each teaser shows (the newest products' teaser shows one more). */
export const TEASER_ITEMS = 3;

/**
 * The newest products' carousel and the teasers head the list's first page without a shelf only.
 * A later page of the list (a Load More link's address) or a category's shelf continues with the
 * list, as a shop's page 2 does: the server neither loads nor renders the carousel there, and the
 * app does not ask for it.
 */
export function homeShowsLatest(shelf: {
  category?: string | undefined;
  subcategory?: string | undefined;
  offset: number;
}): boolean {
  return !shelf.category && !shelf.subcategory && shelf.offset === 0;
}

/**
 * Which page of a list starts at `offset`, as a later page's title says it ("Seite 2"): Load More
 * links step by PAGE_SIZE; an offset typed between two counts to the page it starts in, but never
 * as the first page, whose title it must not repeat.
 */
export function listPageNumber(offset: number): number {
  return offset > 0 ? Math.max(2, Math.floor(offset / PAGE_SIZE) + 1) : 1;
}

/** The web app's languages in addresses (`/de/…`). */
export const PAGE_LANGUAGES = ['de', 'fr', 'it', 'en'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

export interface RenderRequest {
  language: PageLanguage;
  /** The address without its language: `/product/42`, `/?category=Food`. */
  path: string;
  page: PageData;
}

export interface RenderResult {
  /** The markup of `#root`. */
  html: string;
  /** TanStack Query's dehydrated state, for the browser to hydrate with. */
  state: unknown;
  /**
   * Pages with the same shape have the same elements and classes (the server's critical CSS is
   * chosen by them without reading the markup); absent: the server reads them from the markup.
   */
  shape?: string;
}

/** The module the web build's SSR bundle exports. */
export interface PageRenderer {
  render(request: RenderRequest): Promise<RenderResult>;
}
