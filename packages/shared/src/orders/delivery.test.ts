import { describe, expect, it } from 'vitest';
import {
  missingForFreeShipping,
  normaliseSwissPhone,
  normaliseTrackingNumber,
  trackingUrl,
} from './delivery.ts';

describe('normaliseSwissPhone', () => {
  it('writes the ways people type a Swiss number in one form', () => {
    for (const typed of ['079 123 45 67', '+41 79 123 45 67', '0041791234567', '079/123.45-67']) {
      expect(normaliseSwissPhone(typed), typed).toBe('+41 79 123 45 67');
    }
    expect(normaliseSwissPhone('044 668 18 00')).toBe('+41 44 668 18 00');
  });

  it('refuses numbers that are not Swiss or not whole', () => {
    for (const typed of [
      '',
      '12345',
      '+49 30 1234567',
      '079 123 45 6',
      '0791234567890',
      '000 123 45 67',
      'call me',
    ]) {
      expect(normaliseSwissPhone(typed), typed).toBeNull();
    }
  });
});

describe('tracking', () => {
  it('links a known carrier to its public tracking page, and "other" to none', () => {
    expect(trackingUrl('dhl', 'JD014600006281230704')).toBe(
      'https://www.dhl.com/ch-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=JD014600006281230704',
    );
    expect(trackingUrl('other', 'ABC123456')).toBeNull();
    expect(trackingUrl('swisspost', null)).toBeNull();
    expect(trackingUrl(null, 'ABC123456')).toBeNull();
  });

  it('keeps a tracking number in capitals without spaces', () => {
    expect(normaliseTrackingNumber(' ab 123 456 ')).toBe('AB123456');
  });
});

describe('missingForFreeShipping', () => {
  it('says how much more from a seller makes their shipping free', () => {
    expect(missingForFreeShipping(9_100, true)).toBe(900);
    expect(missingForFreeShipping(10_000, true)).toBe(0);
    expect(missingForFreeShipping(2_000, false)).toBe(0);
  });
});
