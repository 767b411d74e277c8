import { describe, expect, it } from 'vitest';
import { t } from '../../../i18n';
import { messageText } from '../../../lib/field-errors';
import { SWISS_POSTCODE_MESSAGE, shippingToSave, validateShipping } from './shipping-form';

const address = {
  name: 'Anna Muster',
  address: 'Marktgasse 1',
  city: 'Bern',
  postalCode: '3011',
  country: 'Schweiz',
  phone: '',
};

describe('validateShipping', () => {
  it('accepts a complete Swiss address without a phone', () => {
    expect(validateShipping(address)).toEqual({});
  });

  it('requires the recipient’s name and all four address fields', () => {
    const errors = validateShipping({
      ...address,
      name: ' ',
      address: ' ',
      city: '',
      postalCode: '',
      country: '',
    });
    expect(Object.keys(errors).sort()).toEqual(['address', 'city', 'country', 'name', 'postalCode']);
    expect(messageText(t, errors.name)).toBe('Enter the recipient’s name.');
    expect(messageText(t, errors.address)).toBe('Enter the address.');
    expect(messageText(t, errors.postalCode)).toBe('Enter the postal code.');
  });

  it('refuses an overlong field', () => {
    const errors = validateShipping({ ...address, city: 'x'.repeat(101) });
    expect(Object.keys(errors)).toEqual(['city']);
    expect(messageText(t, errors.city)).toBe('This is too long.');
    expect(t(SWISS_POSTCODE_MESSAGE)).toBe('A Swiss postal code has 4 digits.');
  });

  it('takes a Swiss phone number and refuses another', () => {
    expect(validateShipping({ ...address, phone: '+41 79 123 45 67' })).toEqual({});
    const errors = validateShipping({ ...address, phone: '+49 30 1234567' });
    expect(messageText(t, errors.phone)).toBe(
      'Enter a Swiss phone number such as 079 123 45 67, or leave it empty.',
    );
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

describe('shippingToSave', () => {
  it('keeps the phone in its Swiss form and leaves an empty one out', () => {
    expect(shippingToSave({ ...address, name: ' Anna Muster ', phone: '0791234567' })).toMatchObject({
      name: 'Anna Muster',
      phone: '+41 79 123 45 67',
    });
    expect(shippingToSave(address)).not.toHaveProperty('phone');
  });
});
