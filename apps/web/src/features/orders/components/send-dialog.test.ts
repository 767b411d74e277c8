import { describe, expect, it } from 'vitest';
import { parcelErrors } from './send-dialog';

describe('parcelErrors', () => {
  it('takes nothing, a carrier alone, or a carrier with a well-formed number', () => {
    expect(parcelErrors('', '')).toEqual({});
    expect(parcelErrors('dpd', '')).toEqual({});
    expect(parcelErrors('swisspost', ' 99.60.123456.12345678 ')).toEqual({});
  });

  it('wants the carrier of a tracking number', () => {
    expect(parcelErrors('', '1234567890')).toEqual({ carrier: 'orders.send.error.carrier' });
  });

  it('refuses a number too short, too long or with other characters', () => {
    for (const number of ['12345', 'X'.repeat(41), 'AB<12345>', '-123456'])
      expect(parcelErrors('dhl', number), number).toEqual({ tracking: 'orders.send.error.tracking' });
  });
});
