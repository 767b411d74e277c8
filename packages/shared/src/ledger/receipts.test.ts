import { describe, expect, it } from 'vitest';
import { refundVat, vatByRate, vatRatePercent } from './receipts.ts';

describe('receipt VAT', () => {
  it('rounds each line, sums per rate, highest rate first', () => {
    expect(
      vatByRate([
        { grossRappen: 2500, vatRateBp: 260 },
        { grossRappen: 1000, vatRateBp: 810 },
        { grossRappen: 2000, vatRateBp: 810 },
        { grossRappen: 700, vatRateBp: 0 },
      ]),
    ).toEqual([
      { rateBp: 810, grossRappen: 3000, vatRappen: 225 },
      { rateBp: 260, grossRappen: 2500, vatRappen: 63 },
      { rateBp: 0, grossRappen: 700, vatRappen: 0 },
    ]);
    expect([810, 260, 0].map(vatRatePercent)).toEqual(['8.1', '2.6', '0.0']);
  });

  it('splits a partial refund over the rates in proportion and never loses a Rappen', () => {
    const basis = vatByRate([
      { grossRappen: 3000, vatRateBp: 810 },
      { grossRappen: 1000, vatRateBp: 260 },
    ]);
    const split = refundVat(1001, basis);
    expect(split.map((s) => s.grossRappen)).toEqual([751, 250]);
    expect(split.reduce((sum, s) => sum + s.grossRappen, 0)).toBe(1001);
    expect(split.map((s) => s.vatRappen)).toEqual([56, 6]);
  });
});
