import { describe, expect, it } from 'vitest';
import { isUniqueViolation, pgErrorCode } from './client.ts';

describe('database error codes', () => {
  it('reads the SQLSTATE from the error or the cause drizzle wraps it in', () => {
    expect(pgErrorCode({ code: '23503' })).toBe('23503');
    expect(pgErrorCode(new Error('Failed query', { cause: { code: '23505' } }))).toBe('23505');
    expect(pgErrorCode(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBeUndefined();
    expect(pgErrorCode(null)).toBeUndefined();
  });

  it('tells a unique violation (two writers racing for one key) from other refusals', () => {
    expect(isUniqueViolation(new Error('Failed query', { cause: { code: '23505' } }))).toBe(true);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation({ code: '23514' })).toBe(false);
    expect(isUniqueViolation(new Error('23505'))).toBe(false);
  });
});
