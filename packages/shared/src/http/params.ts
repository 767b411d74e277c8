import { z } from 'zod';

/** The `:id` path parameter as it arrives; routes read it with the server's `idParam` (400 unless a positive integer). */
export const idParams = z.object({ id: z.string().max(20) });

/** Decimal digits, with a minus sign so that a range check can name a negative number. */
const DECIMAL_DIGITS = /^-?\d{1,15}$/;

/**
 * A whole number as a path or query parameter carries it: decimal digits only. `z.coerce`
 * reads "0x10" as 16, "1e3" as 1000, " 5" as 5 and "" as 0; here they reach `inner` as the
 * text they are and are refused with its message (issue 31). Numbers (JSON bodies) pass as
 * they are. Give `inner` its message for a wrong type too: `z.number({ message })`.
 */
export function digits<T extends z.ZodType<number, number>>(inner: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && DECIMAL_DIGITS.test(value) ? Number(value) : value),
    inner,
  );
}
