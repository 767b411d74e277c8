import { describe, expect, it } from 'vitest';
import { placeLine, postalLine } from './place-line';

describe('placeLine', () => {
  it('adds the city and country only when the address does not name them', () => {
    expect(placeLine('3011 Bern, Bern, Switzerland', 'Bern', 'Switzerland')).toBe(
      '3011 Bern, Bern, Switzerland',
    );
    expect(placeLine('Marktgasse 5', 'Bern', 'Switzerland')).toBe('Marktgasse 5, Bern, Switzerland');
    expect(placeLine('', 'Bern')).toBe('Bern');
  });
});

describe('postalLine', () => {
  it('writes a shipping address as one line', () => {
    expect(
      postalLine({ address: 'Marktgasse 1', postalCode: '3011', city: 'Bern', country: 'Schweiz' }),
    ).toBe('Marktgasse 1, 3011 Bern, Schweiz');
  });
});
