import { parseRappen } from '@marktgasse/shared';

/**
 * My products shows prices truncated to whole francs (spec §4: "CHF 12" for 12.90), written
 * with the chosen language's thousands separator (`money` is the locale's CHF formatter).
 */
export function wholeFrancs(amount: number | string, money: (rappen: number) => string): string {
  const rappen = typeof amount === 'string' ? parseRappen(amount) : amount;
  if (rappen === null) return '';
  return money(Math.trunc(rappen / 100) * 100).replace(/\.-$/, '');
}
