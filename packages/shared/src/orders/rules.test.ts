import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeCartTotals, FREE_SHIPPING_FROM_RAPPEN, SHIPPING_FEE_RAPPEN } from './rules.ts';

describe('shipping rule', () => {
  it('charges CHF 20 below CHF 100 and nothing from CHF 100', () => {
    expect(
      computeCartTotals([{ sellerId: 1, unitPriceRappen: 9995, quantity: 1, orderType: 'online' }])
        .shippingRappen,
    ).toBe(2000);
    expect(
      computeCartTotals([{ sellerId: 1, unitPriceRappen: 10000, quantity: 1, orderType: 'online' }])
        .shippingRappen,
    ).toBe(0);
  });
  it('charges nothing for a seller with in-store lines only, and counts the whole subtotal', () => {
    expect(
      computeCartTotals([{ sellerId: 1, unitPriceRappen: 500, quantity: 1, orderType: 'inStore' }])
        .shippingRappen,
    ).toBe(0);
    const mixed = computeCartTotals([
      { sellerId: 1, unitPriceRappen: 5000, quantity: 1, orderType: 'online' },
      { sellerId: 1, unitPriceRappen: 5000, quantity: 1, orderType: 'inStore' },
    ]);
    expect(mixed.shippingRappen).toBe(0);
  });
  it('charges each seller group separately', () => {
    const totals = computeCartTotals([
      { sellerId: 1, unitPriceRappen: 1000, quantity: 2, orderType: 'online' },
      { sellerId: 2, unitPriceRappen: 3000, quantity: 1, orderType: 'online' },
    ]);
    expect(totals.shippingRappen).toBe(4000);
    expect(totals.totalRappen).toBe(5000 + 4000);
    expect(totals.itemCount).toBe(3);
  });

  it('over 10,000 random carts, totals equal the lines plus the shipping rule', () => {
    const line = fc.record({
      sellerId: fc.integer({ min: 1, max: 5 }),
      unitPriceRappen: fc.integer({ min: 1, max: 100_000_000 }),
      quantity: fc.integer({ min: 1, max: 50 }),
      orderType: fc.constantFrom('online' as const, 'inStore' as const),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (lines) => {
        const totals = computeCartTotals(lines);
        const items = lines.reduce((s, l) => s + l.unitPriceRappen * l.quantity, 0);
        let shipping = 0;
        for (const seller of new Set(lines.map((l) => l.sellerId))) {
          const own = lines.filter((l) => l.sellerId === seller);
          const sub = own.reduce((s, l) => s + l.unitPriceRappen * l.quantity, 0);
          if (own.some((l) => l.orderType === 'online') && sub < FREE_SHIPPING_FROM_RAPPEN)
            shipping += SHIPPING_FEE_RAPPEN;
        }
        return (
          Number.isSafeInteger(totals.totalRappen) &&
          totals.itemsRappen === items &&
          totals.shippingRappen === shipping &&
          totals.totalRappen === items + shipping
        );
      }),
      { numRuns: 10_000 },
    );
  });
});
