import { describe, expect, it } from 'vitest';
import { lineAvailability, MAX_QUANTITY_CHOICES, quantityChoices, totalStock } from './availability.ts';

const stocks = [
  { store: 4, number: 3 },
  { store: 5, number: 0 },
  { store: 6, number: 4 },
];

describe('a cart line’s availability', () => {
  it('is every store’s stock for an online line', () => {
    expect(lineAvailability(stocks, { orderType: 'online', storeId: null })).toBe(7);
    expect(totalStock(stocks)).toBe(7);
  });

  it('is its one store’s stock for an in-store line, none for a store the product is not in', () => {
    expect(lineAvailability(stocks, { orderType: 'inStore', storeId: 6 })).toBe(4);
    expect(lineAvailability(stocks, { orderType: 'inStore', storeId: 5 })).toBe(0);
    expect(lineAvailability(stocks, { orderType: 'inStore', storeId: 99 })).toBe(0);
    expect(lineAvailability(stocks, { orderType: 'inStore', storeId: null })).toBe(0);
  });

  it('is none before a way to buy is chosen, and counts a negative stock row as none', () => {
    expect(lineAvailability(stocks, { orderType: 'none', storeId: 4 })).toBe(0);
    const odd = [
      { store: 1, number: -2 },
      { store: 2, number: 5 },
    ];
    expect(lineAvailability(odd, { orderType: 'online', storeId: null })).toBe(5);
    expect(lineAvailability(odd, { orderType: 'inStore', storeId: 1 })).toBe(0);
  });
});

describe('the quantity choices', () => {
  it('go from 0 (product page) or 1 (cart) to what is available', () => {
    expect(quantityChoices(3, 0)).toEqual([0, 1, 2, 3]);
    expect(quantityChoices(0, 0)).toEqual([0]);
    expect(quantityChoices(3, 1)).toEqual([1, 2, 3]);
    expect(quantityChoices(0, 1)).toEqual([1]);
  });

  it('stop at 100 choices for a huge stock, but keep a larger quantity already in the line', () => {
    expect(MAX_QUANTITY_CHOICES).toBe(100);
    expect(quantityChoices(5000, 0)).toHaveLength(101);
    expect(quantityChoices(5000, 1).at(-1)).toBe(100);
    expect(quantityChoices(5000, 1, 140).at(-1)).toBe(140);
    expect(quantityChoices(2, 1, 5)).toEqual([1, 2, 3, 4, 5]);
  });
});
