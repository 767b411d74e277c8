import { describe, expect, it } from 'vitest';
import type { GeocodeFeature, Store } from '@marktgasse/shared';
import { translate } from '../../../i18n';
import { messageText } from '../../../lib/field-errors';
import de from '../locales/de.json';
import en from '../locales/en.json';
import {
  addressLine,
  EMPTY_STORE,
  storeFormData,
  storeFormValues,
  validateStore,
  withAddress,
} from './store-form';

const tIn = (messages: Record<string, string>) => (key: string, vars?: Record<string, string | number>) =>
  translate(messages, key, vars);

const valid = { ...EMPTY_STORE, name: 'Laden Bern', latitude: '46.948', longitude: '7.4474' };

describe('store form checks', () => {
  it('ask for a name and both coordinates', () => {
    const found = validateStore(EMPTY_STORE);
    expect(Object.keys(found)).toEqual(['latitude', 'longitude', 'name']);
    expect(messageText(tIn(en), found.name)).toBe('Enter the store name.');
    expect(messageText(tIn(de), found.latitude)).toBe('Geben Sie einen Breitengrad ein.');
  });

  it('word ranges, phone numbers and length limits in the chosen language', () => {
    expect(messageText(tIn(en), validateStore({ ...valid, latitude: '91' }).latitude)).toBe(
      'Latitude lies between -90 and 90.',
    );
    expect(messageText(tIn(en), validateStore({ ...valid, phone: 'call me' }).phone)).toBe(
      'A phone number has digits, spaces and + ( ) / . - only.',
    );
    expect(messageText(tIn(de), validateStore({ ...valid, name: 'x'.repeat(121) }).name)).toBe(
      'Verwenden Sie höchstens 120 Zeichen.',
    );
    expect(validateStore(valid)).toEqual({});
  });

  it('take a chosen address with its place and coordinates', () => {
    const feature = {
      id: 'address.1',
      text: 'Marktgasse 5',
      place_name: 'Marktgasse 5, 3011 Bern, Switzerland',
      geometry: { type: 'Point', coordinates: [7.4474123456, 46.9480987654] },
      context: [
        { id: 'place.1', text: 'Bern' },
        { id: 'country.1', text: 'Switzerland' },
      ],
    } as unknown as GeocodeFeature;
    expect(withAddress(EMPTY_STORE, feature)).toMatchObject({
      address: 'Marktgasse 5, 3011 Bern, Switzerland',
      city: 'Bern',
      country: 'Switzerland',
      latitude: '46.948099',
      longitude: '7.447412',
    });
  });

  it('leave the postcode of a town-only suggestion to the seller', () => {
    const feature = {
      id: 'place.be-bern',
      text: 'Bern',
      place_name: 'Kramgasse 10, Bern, Schweiz',
      street: 'Kramgasse 10',
      precision: 'locality',
      postcodes: ['3000', '3011', '3012'],
      geometry: { type: 'Point', coordinates: [7.44, 46.95] },
      context: [
        { id: 'place.be-bern', text: 'Bern' },
        { id: 'country.ch', text: 'Schweiz' },
      ],
    } as unknown as GeocodeFeature;
    expect(withAddress(EMPTY_STORE, feature)).toMatchObject({
      address: 'Kramgasse 10, Bern',
      city: 'Bern',
      country: 'Schweiz',
    });
    expect(addressLine(feature, '3011')).toBe('Kramgasse 10, 3011 Bern');
    const building = { ...feature, precision: 'address', place_name: 'Kramgasse 10, 3011 Bern, Schweiz' };
    expect(addressLine(building as GeocodeFeature, '3000')).toBe('Kramgasse 10, 3011 Bern, Schweiz');
  });

  it('fills in from a store and sends what the form holds', () => {
    const values = storeFormValues({
      name: 'Laden Bern',
      address: 'Marktgasse 5',
      city: 'Bern',
      country: 'Switzerland',
      latitude: 46.948,
      longitude: 7.4474,
      phone: '031 123 45 67',
      description: '',
      category: [2, 5],
    } as Store);
    expect(validateStore(values)).toEqual({});
    const body = storeFormData(values);
    expect(body.get('latitude')).toBe('46.948000');
    expect(body.getAll('category')).toEqual(['2', '5']);
    expect(body.has('image')).toBe(false);
  });
});
