/**
 * Catalogue limits the screens use. They mirror PAGE_SIZE, SELLER_PRODUCTS_PAGE_SIZE, RATING_LABELS and REVIEW_COMMENT_MAX of
 * @marktgasse/shared (a unit test keeps them equal): those live in the shared schema module, and
 * importing a value from it brings zod, about 24 KB gzipped, into the chunk that imports it.
 */
export const PRODUCTS_PAGE_SIZE = 12;
/** A seller page loads this many products at a time (SELLER_PRODUCTS_PAGE_SIZE). */
export const SELLER_PRODUCTS_PAGE = 24;
export const REVIEW_RATINGS = ['1', '2', '3', '4', '5'] as const;
export const REVIEW_COMMENT_LIMIT = 2000;
