import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpCode, totpStep } from './totp.ts';

describe('TOTP', () => {
  it('accepts the current code and one step of drift, refuses others', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    expect(totpStep(secret, totpCode(secret, now), now)).toBe(Math.floor(now / 30_000));
    expect(totpStep(secret, totpCode(secret, now - 30_000), now)).toBe(Math.floor(now / 30_000) - 1);
    expect(totpStep(secret, totpCode(secret, now - 120_000), now)).toBeNull();
    expect(totpStep(secret, 'abcdef', now)).toBeNull();
  });

  it('makes distinct recovery codes whose hash ignores case and dashes', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    const code = codes[0]!;
    expect(hashRecoveryCode(code.toUpperCase().replaceAll('-', ''))).toBe(hashRecoveryCode(code));
  });
});
