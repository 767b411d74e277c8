import { describe, expect, it } from 'vitest';
import { invoiceRefusal } from './rules.ts';

const limits = { requireConfirmedEmail: true, minPaidOrders: 1, maxRappen: 100_000 };
const regular = { emailConfirmed: true, paidOrders: 3 };

describe('who may pay by invoice', () => {
  it('offers invoice to a confirmed customer with a paid order, up to the maximum', () => {
    expect(invoiceRefusal(regular, 100_000, limits)).toBeNull();
  });

  it('names the first rule an order fails', () => {
    expect(invoiceRefusal({ emailConfirmed: false, paidOrders: 9 }, 500, limits)).toBe('emailNotConfirmed');
    expect(invoiceRefusal({ emailConfirmed: true, paidOrders: 0 }, 500, limits)).toBe('tooFewPaidOrders');
    expect(invoiceRefusal(regular, 100_001, limits)).toBe('aboveMaximum');
  });

  it('lets a shop switch the e-mail and history rules off', () => {
    const open = { requireConfirmedEmail: false, minPaidOrders: 0, maxRappen: 100_000 };
    expect(invoiceRefusal({ emailConfirmed: false, paidOrders: 0 }, 500, open)).toBeNull();
  });
});
