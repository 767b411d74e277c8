import { describe, expect, it } from 'vitest';
import { t } from '../../../i18n';
import { SWISS_POSTCODE_MESSAGE, TOO_LONG_MESSAGE, validateShipping } from './shipping-form';

const address = { address: 'Marktgasse 1', city: 'Bern', postalCode: '3011', country: 'Schweiz' };

describe('validateShipping', () => {
  it('accepts a complete Swiss address', () => {
    expect(validateShipping(address)).toEqual({});
  });

  it('requires all four fields', () => {
    const errors = validateShipping({ address: ' ', city: '', postalCode: '', country: '' });
    expect(Object.keys(errors).sort()).toEqual(['address', 'city', 'country', 'postalCode']);
    expect(t(errors.address!)).toBe('Enter the address.');
    expect(t(errors.postalCode!)).toBe('Enter the postal code.');
  });

  it('refuses an overlong field', () => {
    expect(validateShipping({ ...address, city: 'x'.repeat(101) })).toEqual({ city: TOO_LONG_MESSAGE });
    expect(t(TOO_LONG_MESSAGE)).toBe('This is too long.');
    expect(t(SWISS_POSTCODE_MESSAGE)).toBe('A Swiss postal code has 4 digits.');
  });

  it.each(['Schweiz', 'Suisse', 'Svizzera', 'Switzerland', 'CH', 'ch'])(
    'wants 4 digits for a postal code in %s',
    (country) => {
      expect(validateShipping({ ...address, country, postalCode: '301' }).postalCode).toBe(
        SWISS_POSTCODE_MESSAGE,
      );
      expect(validateShipping({ ...address, country, postalCode: '30110' }).postalCode).toBe(
        SWISS_POSTCODE_MESSAGE,
      );
      expect(validateShipping({ ...address, country, postalCode: 'AB12' }).postalCode).toBe(
        SWISS_POSTCODE_MESSAGE,
      );
      expect(validateShipping({ ...address, country, postalCode: '8001' })).toEqual({});
    },
  );

  it('takes other countries’ postal codes as typed', () => {
    expect(validateShipping({ ...address, country: 'Deutschland', postalCode: '79539' })).toEqual({});
    expect(validateShipping({ ...address, country: 'United Kingdom', postalCode: 'SW1A 1AA' })).toEqual({});
  });
});
