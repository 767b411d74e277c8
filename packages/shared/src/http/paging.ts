/**
 * The one shape of every paged answer (spec §7: "offset={n} … reading results and next"):
 * `results`, `count` (all matches) and `next`, the offset to ask for next, or null on the
 * last page. A client pages by sending `?offset={next}` with the same other parameters.
 */
import { z } from 'zod';
import { digits } from './params.ts';

export const MAX_OFFSET = 10_000_000;

/** `offset` as a query parameter: decimal digits, 0 to MAX_OFFSET. */
export const offsetParam = digits(
  z
    .number({ message: 'offset must be a whole number.' })
    .int('offset must be a whole number.')
    .min(0, 'offset must be 0 or more.')
    .max(MAX_OFFSET, `offset must be at most ${MAX_OFFSET}.`),
);

/** `limit` as a query parameter whose range the caller checks. */
export const limitParam = digits(
  z.number({ message: 'limit must be a whole number.' }).int('limit must be a whole number.'),
);

/** `offset` and `limit` query parameters with a default and a maximum page size. */
export function pagingQuerySchema(defaultLimit: number, maxLimit: number) {
  return z.object({
    offset: offsetParam.default(0),
    limit: digits(
      z
        .number({ message: 'limit must be a whole number.' })
        .int('limit must be a whole number.')
        .min(1, `limit must be between 1 and ${maxLimit}.`)
        .max(maxLimit, `limit must be between 1 and ${maxLimit}.`),
    ).default(defaultLimit),
  });
}

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    count: z.number().int(),
    next: z.number().int().nullable(),
  });
}

export interface Paged<T> {
  results: T[];
  count: number;
  next: number | null;
}

/** The offset of the page after `offset`, or null when `offset + limit` reaches `count`. */
export function nextOffset(offset: number, limit: number, count: number): number | null {
  return offset + limit < count ? offset + limit : null;
}
