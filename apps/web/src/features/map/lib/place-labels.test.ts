import { describe, expect, it } from 'vitest';
import data from '../data/places.json';
import { labelsFor, langOf, type PlaceData, type View } from './place-labels';

const places = data as unknown as PlaceData;

/** A flat projection of a box around a point: 200 px per degree at zoom 8, doubling per zoom step. */
function view(lng: number, lat: number, zoom: number, span = 0.5): View {
  const scale = 200 * 2 ** (zoom - 8);
  return {
    west: lng - span,
    east: lng + span,
    south: lat - span / 2,
    north: lat + span / 2,
    zoom,
    project: ([x, y]) => ({ x: (x - lng) * scale, y: (lat - y) * scale }),
  };
}

const texts = (v: View, lang = langOf('en')) => labelsFor(places, v, lang).map((l) => l.text);

describe('place labels of the offline map', () => {
  it('name Geneva in the chosen language', () => {
    const geneva = view(6.14, 46.2, 8);
    expect(texts(geneva, langOf('de-CH'))).toContain('Genf');
    expect(texts(geneva, langOf('fr-CH'))).toContain('Genève');
    expect(texts(geneva, langOf('it-CH'))).toContain('Ginevra');
    expect(texts(geneva, langOf('fr-CH'))).toContain('Lac Léman');
    expect(texts(geneva, langOf('de-CH'))).toContain('Genfersee');
  });

  it('show only the big towns of the whole country, and the neighbours of a town close up', () => {
    const country = texts(view(8.23, 46.8, 6.5, 5));
    expect(country).toEqual(expect.arrayContaining(['Zurich', 'Basel', 'Bern']));
    expect(country).not.toContain('Ittigen');
    // The whole country on a desktop map (about zoom 6.8) names its big lakes.
    expect(texts(view(8.23, 46.8, 6.8, 5)).filter((t) => t.startsWith('Lake ')).length).toBeGreaterThan(0);
    expect(texts(view(8.23, 46.8, 6.4, 5)).filter((t) => t.startsWith('Lake '))).toEqual([]);
    const bern = texts(view(7.44, 46.95, 11, 0.08));
    expect(bern).toContain('Bern');
    expect(bern.length).toBeGreaterThanOrEqual(4);
  });

  it('never overlap two labels', () => {
    const v = view(8.54, 47.38, 9, 0.6);
    const boxes = labelsFor(places, v, 'en').map((l) => {
      const { x, y } = v.project(l.at);
      const half = (l.text.length * 7) / 2 + 6;
      return [x - half, y - 10, x + half, y + 10];
    });
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1))
        expect(a[0]! < b[2]! && a[2]! > b[0]! && a[1]! < b[3]! && a[3]! > b[1]!).toBe(false);
    expect(boxes.length).toBeGreaterThan(5);
  });
});
