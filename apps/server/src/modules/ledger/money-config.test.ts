/** The money settings of issue 26, read once at boot (config/env.ts). */
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/env.ts';
import { commissionDefaults } from './service.ts';

describe('money configuration', () => {
  it('defaults to 10 % commission (shipping included), 14 days hold and CHF 50 minimum', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ COMMISSION_PERCENT: 10, PAYOUT_HOLD_DAYS: 14, PAYOUT_MINIMUM_CHF: 50 });
    expect(commissionDefaults({ ...env, COMMISSION_PERCENT: 12.5 } as never)).toEqual({
      percentBp: 1250,
      onShipping: true,
    });
  });

  it('stops the start on a bad value, naming the variable', () => {
    expect(() => parseEnv({ COMMISSION_PERCENT: '120' })).toThrow(/COMMISSION_PERCENT/);
    expect(() => parseEnv({ PAYOUT_HOLD_DAYS: '-1' })).toThrow(/PAYOUT_HOLD_DAYS/);
    expect(() => parseEnv({ PLATFORM_IBAN: 'CH93 0076 2011 6238 5295 8' })).toThrow(
      /PLATFORM_IBAN: must be a valid IBAN/,
    );
  });

  it('keeps the platform IBAN in its electronic form', () => {
    expect(parseEnv({ PLATFORM_IBAN: 'ch93 0076 2011 6238 5295 7' }).PLATFORM_IBAN).toBe(
      'CH9300762011623852957',
    );
  });
});
