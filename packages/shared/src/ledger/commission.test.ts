import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  lineTerms,
  mulDivHalfUp,
  ruleFor,
  shareOf,
  shippingTerms,
  vatIncluded,
  type CommissionSettings,
} from './commission.ts';

const settings = (over: Partial<CommissionSettings> = {}): CommissionSettings => ({
  defaultPercentBp: 1000,
  onShipping: true,
  rules: [],
  ...over,
});

describe('commission rules', () => {
  const rules = [
    { sellerId: null, categoryId: 3, percentBp: 800, fixedFeeRappen: 0 },
    { sellerId: 7, categoryId: null, percentBp: 500, fixedFeeRappen: 30 },
    { sellerId: 7, categoryId: 3, percentBp: 300, fixedFeeRappen: 0 },
  ];

  it('takes the most specific rule: seller and category, then seller, then category, then default', () => {
    const s = settings({ rules });
    expect(ruleFor(s, 7, 3).percentBp).toBe(300);
    expect(ruleFor(s, 7, 4).percentBp).toBe(500);
    expect(ruleFor(s, 8, 3).percentBp).toBe(800);
    expect(ruleFor(s, 8, 4).percentBp).toBe(1000);
  });

  it('adds the fixed fee per line and never takes more than the line', () => {
    const s = settings({ rules });
    const line = { sellerId: 7, categoryId: 4, unitPriceRappen: 1990, quantity: 2, vat: 'standard' as const };
    // 5 % of 39.80 = 1.99, plus 0.30
    expect(lineTerms(s, line).commissionRappen).toBe(229);
    const tiny = { ...line, unitPriceRappen: 10, quantity: 1 };
    expect(lineTerms(s, tiny).commissionRappen).toBe(10);
  });

  it('rounds the commission half-up to the Rappen', () => {
    // 10 % of 0.05 = 0.005 -> 0.01; 10 % of 0.04 = 0.004 -> 0.00
    const line = { sellerId: 1, categoryId: 1, quantity: 1, vat: 'exempt' as const };
    expect(lineTerms(settings(), { ...line, unitPriceRappen: 5 }).commissionRappen).toBe(1);
    expect(lineTerms(settings(), { ...line, unitPriceRappen: 4 }).commissionRappen).toBe(0);
  });
});

describe('VAT contained in gross prices', () => {
  it('computes 8.1 %, 2.6 % and exempt as the ESTV tables do', () => {
    // 108.10 gross at 8.1 % contains 8.10; 102.60 at 2.6 % contains 2.60
    expect(vatIncluded(10810, 810)).toBe(810);
    expect(vatIncluded(10260, 260)).toBe(260);
    expect(vatIncluded(4990, 0)).toBe(0);
    // 49.90 × 8.1 / 108.1 = 3.7392… -> 3.74
    expect(vatIncluded(4990, 810)).toBe(374);
  });

  it('charges shipping at the highest rate of the part and its commission when configured', () => {
    expect(shippingTerms(settings(), 1, 2000, [260, 810])).toMatchObject({
      vatRateBp: 810,
      vatRappen: 150,
      commissionRappen: 200,
    });
    expect(shippingTerms(settings({ onShipping: false }), 1, 2000, [260])).toMatchObject({
      vatRateBp: 260,
      commissionRappen: 0,
    });
  });
});

describe('integer rounding', () => {
  it('rounds half-up and agrees with exact arithmetic', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e8, max: 1e8 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 20_000 }),
        (a, b, c) => {
          const exact = (a * b) / c;
          const got = mulDivHalfUp(a, b, c);
          expect(Math.abs(got - exact)).toBeLessThanOrEqual(0.5 + 1e-9);
          if (Math.abs(Math.abs(exact % 1) - 0.5) < 1e-12)
            expect(Math.abs(got)).toBe(Math.ceil(Math.abs(exact)));
        },
      ),
      { seed: 26 },
    );
  });

  it('never splits more commission than the line had when refunded in parts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e7 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 1, max: 1e7 }),
        (gross, commission, refund) => {
          const part = Math.min(refund, gross);
          const share = shareOf(Math.min(commission, gross), gross, part);
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(part);
          expect(shareOf(Math.min(commission, gross), gross, gross)).toBe(Math.min(commission, gross));
        },
      ),
      { seed: 26 },
    );
  });
});
