import { describe, expect, it } from 'vitest';
import { mergeMapMatches } from './map-matches.ts';

const row = (storeId: number, productId: number, units: number) => ({
  storeId,
  productId,
  name: `Produkt ${productId}`,
  units,
});

describe('the store map’s matches', () => {
  it('put the stores holding most matching units first, then stores by name, each once', () => {
    const { ids, holdings } = mergeMapMatches(
      [row(1, 10, 2), row(2, 10, 5), row(1, 11, 1), row(1, 12, 1), row(1, 13, 4)],
      [3, 2, 4],
    );
    expect(ids).toEqual([1, 2, 3, 4]);
    expect(holdings.get(1)!.units).toBe(8);
    expect(holdings.get(1)!.matching_products.map((p) => p.id)).toEqual([13, 10, 11]);
    expect(holdings.get(3)).toEqual({ units: 0, matching_products: [] });
  });
});
