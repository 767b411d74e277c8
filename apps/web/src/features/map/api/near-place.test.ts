import { describe, expect, it } from 'vitest';
import { placeReadings } from './near-place';

describe('a map search that names a place', () => {
  it('is the place alone, or a product word followed by a town or postcode', () => {
    expect(placeReadings('Bern')).toEqual([{ place: 'Bern', rest: '' }]);
    expect(placeReadings(' 3011 ')).toEqual([{ place: '3011', rest: '' }]);
    expect(placeReadings('Emmentaler  Bern')).toEqual([
      { place: 'Emmentaler Bern', rest: '' },
      { place: 'Bern', rest: 'Emmentaler' },
    ]);
    expect(placeReadings('Raclette 3011')).toEqual([{ place: '3011', rest: 'Raclette' }]);
    expect(placeReadings('Kramgasse 10')).toEqual([]);
  });
});
