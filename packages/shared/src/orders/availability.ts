/**
 * How many units a cart line can have (spec §5 Quantity), one rule for the product page, the
 * cart and its re-check: an online line draws on every store of the product, an in-store line
 * on its one store. A stock row below zero counts as none.
 */

/** A quantity select offers at most this many choices: one of thousands freezes a phone. */
export const MAX_QUANTITY_CHOICES = 100;

/** A stock row as the product answer carries it: the store's id and its number. */
export interface LineStock {
  store: number;
  number: number;
}

/** What a line draws on: online (all stores), in store (`storeId`), or nothing chosen yet. */
export interface LineChoice {
  orderType: 'online' | 'inStore' | 'none';
  storeId: number | null;
}

/** Units of the product in all its stores. */
export function totalStock(stocks: readonly LineStock[]): number {
  return stocks.reduce((sum, s) => sum + Math.max(0, s.number), 0);
}

/** Units a line can have: all stores for online, its store for in-store, none otherwise. */
export function lineAvailability(stocks: readonly LineStock[], line: LineChoice): number {
  if (line.orderType === 'online') return totalStock(stocks);
  if (line.orderType === 'inStore' && line.storeId !== null)
    return Math.max(0, stocks.find((s) => s.store === line.storeId)?.number ?? 0);
  return 0;
}

/**
 * The choices of a quantity select: `from` (0 on the product page, 1 in the cart) up to what is
 * available, at most MAX_QUANTITY_CHOICES of them above 0, always including `keep` (the line's
 * quantity, so a select never shows a value it does not offer).
 */
export function quantityChoices(available: number, from: 0 | 1, keep: number = from): number[] {
  const top = Math.max(Math.min(Math.max(0, Math.floor(available)), MAX_QUANTITY_CHOICES), keep, from);
  return Array.from({ length: top - from + 1 }, (_, i) => i + from);
}
