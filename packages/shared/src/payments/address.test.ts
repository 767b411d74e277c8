import { describe, expect, it } from 'vitest';
import { countryCode, parseStructuredAddress, splitStreet } from './address.ts';

describe('structured addresses for the QR-bill', () => {
  it('reads the platform address with and without a country code', () => {
    expect(parseStructuredAddress('Marktgasse 1, 3011 Bern')).toEqual({
      street: 'Marktgasse',
      buildingNumber: '1',
      postalCode: '3011',
      city: 'Bern',
      country: 'CH',
    });
    expect(parseStructuredAddress('Städtle 5, 9490 Vaduz, LI')?.country).toBe('LI');
  });

  it('refuses what does not read as street, postcode and town', () => {
    expect(parseStructuredAddress('Bern')).toBeNull();
    expect(parseStructuredAddress('Marktgasse 1, Bern')).toBeNull();
    expect(parseStructuredAddress('Marktgasse 1, 3011 Bern, Narnia')).toBeNull();
  });

  it('splits a house number off the street, keeping letters and ranges', () => {
    expect(splitStreet('Rue du Rhône 12a')).toEqual({ street: 'Rue du Rhône', buildingNumber: '12a' });
    expect(splitStreet('Via Nassa 3-5')).toEqual({ street: 'Via Nassa', buildingNumber: '3-5' });
    expect(splitStreet('Postfach')).toEqual({ street: 'Postfach' });
  });

  it('names Swiss countries by their code in every language', () => {
    expect(['Schweiz', 'Suisse', 'Svizzera', 'switzerland', 'CH'].map(countryCode)).toEqual([
      'CH',
      'CH',
      'CH',
      'CH',
      'CH',
    ]);
    expect(countryCode('Atlantis')).toBeNull();
  });
});
