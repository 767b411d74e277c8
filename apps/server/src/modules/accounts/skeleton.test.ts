import { describe, expect, it } from 'vitest';
import { nameSkeleton } from './skeleton.ts';

const same = (a: string, b: string) => nameSkeleton(a) === nameSkeleton(b);

describe('nameSkeleton: names a reader cannot tell apart share one', () => {
  it.each([
    ['BarKäserei', 'Bar Käserei'],
    ['Käsere1', 'Käserei'],
    ['C0nfiserie', 'Confiserie'],
    ['demo-seIler', 'demo-seller'],
    ['demo_seller', 'Demo Seller'],
    ['5ushi Bar', 'Sushi Bar'],
    ['Bäckerei Müller', 'Backerei Muller'],
    ['Bäckerei Müller', 'BÄCKEREI-MÜLLER'],
    ['Kaffee Вern', 'Kaffee Bern'],
    ['Modehaus', 'Rnodehaus'],
    ['Strasse', 'Straße'],
    ['ｄｅｍｏ', 'demo'],
  ])('%s ≈ %s', (a, b) => {
    expect(same(a, b)).toBe(true);
  });

  it.each([
    ['Bäckerei Müller Bern', 'Bäckerei Müller Thun'],
    ['Käserei', 'Käsereien'],
    ['Laden 1', 'Laden 2'],
    ['Uhren Weber', 'Uhren Wyss'],
    ['seller1', 'seller2'],
  ])('%s and %s stay apart', (a, b) => {
    expect(same(a, b)).toBe(false);
  });

  it('is the same for the same name and never empty for a name with a letter', () => {
    expect(nameSkeleton('Confiserie Sonnenberg')).toBe(nameSkeleton('Confiserie Sonnenberg'));
    expect(nameSkeleton('Ab')).not.toBe('');
  });
});
