import { describe, expect, it } from 'vitest';
import { nextOffset, pagingQuerySchema } from './paging.ts';

describe('paging', () => {
  it('reads offset and limit from decimal digits only (issue 31)', () => {
    const schema = pagingQuerySchema(12, 100);
    expect(schema.parse({ offset: '16', limit: '5' })).toEqual({ offset: 16, limit: 5 });
    expect(schema.parse({})).toEqual({ offset: 0, limit: 12 });
    for (const offset of ['0x10', '', '1e3', ' 5', '5 ', '+5', '1.0', '０']) {
      expect(schema.safeParse({ offset }).success, JSON.stringify(offset)).toBe(false);
    }
    const refused = schema.safeParse({ offset: '0x10' });
    expect(refused.error?.issues[0]?.message).toBe('offset must be a whole number.');
    expect(schema.safeParse({ offset: '-1' }).error?.issues[0]?.message).toBe('offset must be 0 or more.');
  });

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
