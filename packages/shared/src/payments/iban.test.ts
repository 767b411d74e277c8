import { describe, expect, it } from 'vitest';
import { electronicIban, refundIbanProblem } from './iban.ts';

describe('refund IBAN check (the web mirrors the server)', () => {
  it('accepts Swiss and foreign IBANs as printed, with spaces and in lower case', () => {
    expect(refundIbanProblem('CH93 0076 2011 6238 5295 7')).toBeNull();
    expect(refundIbanProblem('ch9300762011623852957')).toBeNull();
    expect(refundIbanProblem('DE89 3704 0044 0532 0130 00')).toBeNull();
    expect(electronicIban('ch93 0076-2011')).toBe('CH9300762011');
  });

  it('refuses a wrong check digit, a wrong length and anything that is no IBAN', () => {
    expect(refundIbanProblem('CH94 0076 2011 6238 5295 7')).toBe('invalid');
    expect(refundIbanProblem('CH93 0076 2011 6238 5295')).toBe('invalid');
    expect(refundIbanProblem('Anna Muster')).toBe('invalid');
    expect(refundIbanProblem('')).toBe('invalid');
  });

  it('refuses a QR-IBAN, which only receives QR payments', () => {
    expect(refundIbanProblem('CH44 3199 9123 0008 8901 2')).toBe('qrIban');
  });
});
