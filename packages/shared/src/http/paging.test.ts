import { describe, expect, it } from 'vitest';
import { nextOffset, pagingQuerySchema } from './paging.ts';

describe('paging', () => {
  it('answers the next offset until the last page, then null', () => {
    expect(nextOffset(0, 12, 30)).toBe(12);
    expect(nextOffset(12, 12, 30)).toBe(24);
    expect(nextOffset(24, 12, 30)).toBeNull();
    expect(nextOffset(0, 12, 12)).toBeNull();
    expect(nextOffset(0, 12, 0)).toBeNull();
  });

  it('reads offset and limit from a query string, with the default and the maximum', () => {
    const query = pagingQuerySchema(12, 48);
    expect(query.parse({})).toEqual({ offset: 0, limit: 12 });
    expect(query.parse({ offset: '24', limit: '48' })).toEqual({ offset: 24, limit: 48 });
    expect(query.safeParse({ limit: '49' }).error?.issues[0]?.message).toBe(
      'limit must be between 1 and 48.',
    );
    expect(query.safeParse({ offset: '/api/products/?offset=12' }).success).toBe(false);
  });
});
