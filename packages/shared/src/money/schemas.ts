import { z } from 'zod';
import { parseRappen } from './money.ts';

export const MAX_PRICE_RAPPEN = 1_000_000 * 100;

/**
 * A price as the API accepts it: "49.90", "49.9", "49" or 49.9 — above 0, at most 1,000,000, two
 * decimals. Each refusal names its rule in `params.rule` (forms translate by rule, not by wording).
 */
export const priceInputSchema = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const rappen = parseRappen(value);
  if (rappen === null) {
    ctx.addIssue({
      code: 'custom',
      message: 'Enter a price in CHF with at most two decimals.',
      params: { rule: 'format' },
    });
    return z.NEVER;
  }
  if (rappen <= 0) {
    ctx.addIssue({ code: 'custom', message: 'The price must be above CHF 0.', params: { rule: 'tooSmall' } });
    return z.NEVER;
  }
  if (rappen > MAX_PRICE_RAPPEN) {
    ctx.addIssue({
      code: 'custom',
      message: 'The price must be at most CHF 1,000,000.',
      params: { rule: 'tooBig' },
    });
    return z.NEVER;
  }
  return rappen;
});

/** Money on the wire: a decimal string with two decimals. */
export const moneySchema = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ example: '49.90' });
