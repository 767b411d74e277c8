import { describe, expect, it } from 'vitest';
import { initialStocksJson, invalidStockStores } from './initial-stock-fields';

describe('stock per store in Add Product', () => {
  it('sends only the stores that were filled in, as numbers', () => {
    expect(initialStocksJson({ 3: '12', 4: '', 5: ' 0 ' })).toBe(
      JSON.stringify([
        { store: 3, number: 12 },
        { store: 5, number: 0 },
      ]),
    );
    expect(initialStocksJson({ 3: '  ' })).toBeNull();
  });

  it('refuses fractions, negatives, words and more than 1,000,000; empty is fine', () => {
    expect(invalidStockStores({ 1: '1.5', 2: '-1', 3: 'viele', 4: '1000001', 5: '', 6: '1000000' })).toEqual([
      1, 2, 3, 4,
    ]);
  });
});
