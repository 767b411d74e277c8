/**
 * What the server hands the web app's server renderer (apps/web/src/entry-server.tsx) for one
 * public page: the same answers the API gives for the screen's first requests, loaded through
 * the server's services. The renderer puts them where the screen's queries look, so the HTML
 * and the hydrated app show the same data without asking again (docs/decisions/210).
 */
import type { Category, PagedProducts, Product, Review } from '../catalogue/schemas.ts';
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
      latest: Product[];
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
