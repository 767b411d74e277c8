import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatQrReference,
  isValidQrReference,
  mod10RecursiveCheckDigit,
  orderIdFromQrReference,
  qrReferenceForOrder,
} from './qr-reference.ts';

// Published examples: the SIX QR-bill implementation guidelines' sample bill and a common
// e-banking example (both accepted by Swiss banks' validators).
const KNOWN_GOOD = ['210000000003139471430009017', '000008207791225857421286694'];

describe('QR reference', () => {
  it.each(KNOWN_GOOD)('accepts the published reference %s and computes its check digit', (ref) => {
    expect(isValidQrReference(ref)).toBe(true);
    expect(mod10RecursiveCheckDigit(ref.slice(0, 26))).toBe(Number(ref[26]));
  });

  it('refuses a reference with one digit changed, a wrong length or letters', () => {
    expect(isValidQrReference('210000000003139471430009018')).toBe(false);
    expect(isValidQrReference('210000000003139471430009107')).toBe(false);
    expect(isValidQrReference('21000000000313947143000901')).toBe(false);
    expect(isValidQrReference('RF18539007547034')).toBe(false);
  });

  it('accepts the printed form with spaces', () => {
    expect(isValidQrReference('21 00000 00003 13947 14300 09017')).toBe(true);
    expect(formatQrReference('210000000003139471430009017')).toBe('21 00000 00003 13947 14300 09017');
  });

  it('derives 27 digits with a right check digit from an order id, and back', () => {
    const ref = qrReferenceForOrder(4711);
    expect(ref).toMatch(/^51\d{25}$/);
    expect(ref.slice(0, 26)).toBe('51000000000000000000004711');
    expect(isValidQrReference(ref)).toBe(true);
    expect(orderIdFromQrReference(ref)).toBe(4711);
    expect(orderIdFromQrReference(formatQrReference(ref))).toBe(4711);
  });

  it('gives every order its own valid reference (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_147_483_647 }),
        fc.integer({ min: 1, max: 2_147_483_647 }),
        (a, b) => {
          const ra = qrReferenceForOrder(a);
          expect(isValidQrReference(ra)).toBe(true);
          expect(orderIdFromQrReference(ra)).toBe(a);
          if (a !== b) expect(qrReferenceForOrder(b)).not.toBe(ra);
        },
      ),
    );
  });

  it('finds no order in a reference of someone else, or one mistyped', () => {
    expect(orderIdFromQrReference('210000000003139471430009017')).toBeNull();
    const ref = qrReferenceForOrder(12);
    const typo = ref.slice(0, 20) + String((Number(ref[20]) + 1) % 10) + ref.slice(21);
    expect(orderIdFromQrReference(typo)).toBeNull();
  });

  it('refuses ids that are no order id', () => {
    expect(() => qrReferenceForOrder(0)).toThrow(RangeError);
    expect(() => qrReferenceForOrder(1.5)).toThrow(RangeError);
  });
});
