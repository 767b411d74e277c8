/**
 * The store map's search by product (issue #32): stores holding a matching product come first,
 * most matching units first, then the stores that match by their own words.
 */
import { MAP_MATCHING_PRODUCTS, type MapStore } from '@marktgasse/shared';
import type { HeldUnits } from './repo.ts';

/** How many matching products are looked up in stores: the best-ranked ones. */
export const MAP_PRODUCT_CAP = 200;

export type Holding = Required<Pick<MapStore, 'units' | 'matching_products'>>;

/** Stores in answer order with what each holds (stores matched by name only hold nothing). */
export function mergeMapMatches(
  held: HeldUnits[],
  byName: number[],
): { ids: number[]; holdings: Map<number, Holding> } {
  const holdings = new Map<number, Holding>();
  for (const row of held) {
    const holding = holdings.get(row.storeId) ?? { units: 0, matching_products: [] };
    holding.units += row.units;
    holding.matching_products.push({ id: row.productId, name: row.name, units: row.units });
    holdings.set(row.storeId, holding);
  }
  for (const holding of holdings.values()) {
    holding.matching_products.sort((a, b) => b.units - a.units || a.id - b.id);
    holding.matching_products.splice(MAP_MATCHING_PRODUCTS);
  }
  const holders = [...holdings.keys()].sort(
    (a, b) => holdings.get(b)!.units - holdings.get(a)!.units || a - b,
  );
  const named = byName.filter((id) => !holdings.has(id));
  for (const id of named) holdings.set(id, { units: 0, matching_products: [] });
  return { ids: [...holders, ...named], holdings };
}
