import { describe, expect, it } from 'vitest';
import { t } from '../../../i18n';
import { messageText } from '../../../lib/field-errors';
import { SWISS_POSTCODE_MESSAGE, validateShipping } from './shipping-form';

const address = { address: 'Marktgasse 1', city: 'Bern', postalCode: '3011', country: 'Schweiz' };

describe('validateShipping', () => {
  it('accepts a complete Swiss address', () => {
    expect(validateShipping(address)).toEqual({});
  });

  it('requires all four fields', () => {
    const errors = validateShipping({ address: ' ', city: '', postalCode: '', country: '' });
    expect(Object.keys(errors).sort()).toEqual(['address', 'city', 'country', 'postalCode']);
    expect(messageText(t, errors.address)).toBe('Enter the address.');
    expect(messageText(t, errors.postalCode)).toBe('Enter the postal code.');
  });

  it('refuses an overlong field', () => {
    const errors = validateShipping({ ...address, city: 'x'.repeat(101) });
    expect(Object.keys(errors)).toEqual(['city']);
    expect(messageText(t, errors.city)).toBe('This is too long.');
    expect(t(SWISS_POSTCODE_MESSAGE)).toBe('A Swiss postal code has 4 digits.');
  });

  it.each(['Schweiz', 'Suisse', 'Svizzera', 'Switzerland', 'CH', 'ch'])(
    'wants 4 digits for a postal code in %s',
    (country) => {
      for (const postalCode of ['301', '30110', 'AB12'])
        expect(validateShipping({ ...address, country, postalCode }).postalCode).toEqual({
          key: SWISS_POSTCODE_MESSAGE,
        });
      expect(validateShipping({ ...address, country, postalCode: '8001' })).toEqual({});
    },
  );

  it('takes other countries’ postal codes as typed', () => {
    expect(validateShipping({ ...address, country: 'Deutschland', postalCode: '79539' })).toEqual({});
    expect(validateShipping({ ...address, country: 'United Kingdom', postalCode: 'SW1A 1AA' })).toEqual({});
  });
});
