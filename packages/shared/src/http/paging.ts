/**
 * The one shape of every paged answer (spec §7: "offset={n} … reading results and next"):
 * `results`, `count` (all matches) and `next`, the offset to ask for next, or null on the
 * last page. A client pages by sending `?offset={next}` with the same other parameters.
 */
import { z } from 'zod';

export const MAX_OFFSET = 10_000_000;

/** `offset` and `limit` query parameters with a default and a maximum page size. */
export function pagingQuerySchema(defaultLimit: number, maxLimit: number) {
  return z.object({
    offset: z.coerce
      .number()
      .int('offset must be a whole number.')
      .min(0, 'offset must be 0 or more.')
      .max(MAX_OFFSET, `offset must be at most ${MAX_OFFSET}.`)
      .default(0),
    limit: z.coerce
      .number()
      .int('limit must be a whole number.')
      .min(1, `limit must be between 1 and ${maxLimit}.`)
      .max(maxLimit, `limit must be between 1 and ${maxLimit}.`)
      .default(defaultLimit),
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
