import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, RATING_LABELS, REVIEW_COMMENT_MAX, SELLER_PRODUCTS_PAGE_SIZE } from '@marktgasse/shared';
import { PRODUCTS_PAGE_SIZE, REVIEW_COMMENT_LIMIT, REVIEW_RATINGS, SELLER_PRODUCTS_PAGE } from './limits';

describe('catalogue limits of the screens', () => {
  it('are the ones the server applies', () => {
    expect(PRODUCTS_PAGE_SIZE).toBe(PAGE_SIZE);
    expect(SELLER_PRODUCTS_PAGE).toBe(SELLER_PRODUCTS_PAGE_SIZE);
    expect([...REVIEW_RATINGS]).toEqual(Object.keys(RATING_LABELS));
    expect(REVIEW_COMMENT_LIMIT).toBe(REVIEW_COMMENT_MAX);
  });
});
