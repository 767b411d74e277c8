// Builds src/features/map/data/places.json, the offline map's place labels, from the Swiss
// postcode list shipped with the server's geo module (GeoNames, CC BY 4.0):
//   node scripts/build-map-places.mjs
// Each locality once (its postcodes' mean position, 3 decimals ≈ 100 m) with a rank: the number
// of its postcodes (a town's size, as the post sees it), +8 for a canton's capital. Names that
// differ by language (Genève / Genf / Ginevra) carry their other names. Cantons are labelled
// by their official abbreviation (the same in every language) at the mean of their places;
// lakes by name, at a point on the water.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const csv = readFileSync(path.join(here, '../../server/src/modules/geo/ch-postcodes.csv'), 'utf8');
const out = path.join(here, '../src/features/map/data/places.json');

const CAPITALS = new Set([
  ...['Zürich', 'Bern', 'Luzern', 'Altdorf', 'Schwyz', 'Sarnen', 'Stans', 'Glarus', 'Zug', 'Fribourg'],
  ...['Solothurn', 'Basel', 'Liestal', 'Schaffhausen', 'Herisau', 'Appenzell', 'St. Gallen', 'Chur'],
  ...['Aarau', 'Frauenfeld', 'Bellinzona', 'Lausanne', 'Sion', 'Neuchâtel', 'Genève', 'Delémont'],
]);
// Other names of towns, by language (only where they differ from the local name).
const EXONYMS = {
  Genève: { de: 'Genf', it: 'Ginevra', en: 'Geneva' },
  Zürich: { fr: 'Zurich', it: 'Zurigo', en: 'Zurich' },
  Bern: { fr: 'Berne', it: 'Berna' },
  Basel: { fr: 'Bâle', it: 'Basilea' },
  Luzern: { fr: 'Lucerne', it: 'Lucerna', en: 'Lucerne' },
  'St. Gallen': { fr: 'Saint-Gall', it: 'San Gallo' },
  Fribourg: { de: 'Freiburg', it: 'Friburgo' },
  Neuchâtel: { de: 'Neuenburg' },
  Sion: { de: 'Sitten' },
  Solothurn: { fr: 'Soleure', it: 'Soletta' },
  Schaffhausen: { fr: 'Schaffhouse', it: 'Sciaffusa' },
  Chur: { fr: 'Coire', it: 'Coira' },
  Lausanne: { it: 'Losanna' },
  'Biel/Bienne': { de: 'Biel', fr: 'Bienne', it: 'Bienne', en: 'Biel' },
  Delémont: { de: 'Delsberg' },
  Bellinzona: { de: 'Bellenz' },
  Thun: { fr: 'Thoune' },
  Sierre: { de: 'Siders' },
  Martigny: { de: 'Martinach' },
  Murten: { fr: 'Morat' },
  Brig: { fr: 'Brigue', it: 'Briga' },
};
// Lakes: a point on the water and the name in de, fr, it, en.
const LAKES = [
  [6.55, 46.43, 'Genfersee', 'Lac Léman', 'Lago Lemano', 'Lake Geneva'],
  [9.35, 47.6, 'Bodensee', 'Lac de Constance', 'Lago di Costanza', 'Lake Constance'],
  [6.86, 46.88, 'Neuenburgersee', 'Lac de Neuchâtel', 'Lago di Neuchâtel', 'Lake Neuchâtel'],
  [8.7, 45.98, 'Lago Maggiore', 'Lac Majeur', 'Lago Maggiore', 'Lake Maggiore'],
  [8.45, 47.0, 'Vierwaldstättersee', 'Lac des Quatre-Cantons', 'Lago dei Quattro Cantoni', 'Lake Lucerne'],
  [8.68, 47.26, 'Zürichsee', 'Lac de Zurich', 'Lago di Zurigo', 'Lake Zurich'],
  [8.97, 45.97, 'Luganersee', 'Lac de Lugano', 'Lago di Lugano', 'Lake Lugano'],
  [7.75, 46.69, 'Thunersee', 'Lac de Thoune', 'Lago di Thun', 'Lake Thun'],
  [7.98, 46.73, 'Brienzersee', 'Lac de Brienz', 'Lago di Brienz', 'Lake Brienz'],
  [7.16, 47.08, 'Bielersee', 'Lac de Bienne', 'Lago di Bienne', 'Lake Biel'],
  [8.49, 47.13, 'Zugersee', 'Lac de Zoug', 'Lago di Zugo', 'Lake Zug'],
  [9.2, 47.12, 'Walensee', 'Lac de Walenstadt', 'Lago di Walenstadt', 'Lake Walen'],
  [7.08, 46.93, 'Murtensee', 'Lac de Morat', 'Lago di Morat', 'Lake Morat'],
];

const groups = new Map();
for (const line of csv.trim().split('\n').slice(1)) {
  const [, place, canton, lat, lon] = line.split(';');
  const key = `${place};${canton}`;
  const g = groups.get(key) ?? { place, canton, lat: 0, lon: 0, n: 0 };
  g.lat += Number(lat);
  g.lon += Number(lon);
  g.n += 1;
  groups.set(key, g);
}
const round = (x) => Math.round(x * 1000) / 1000;
const places = [...groups.values()]
  .map((g) => {
    const rank = g.n + (CAPITALS.has(g.place) ? 8 : 0);
    const row = [g.place, round(g.lon / g.n), round(g.lat / g.n), rank];
    if (EXONYMS[g.place]) row.push(EXONYMS[g.place]);
    return row;
  })
  .sort((a, b) => b[3] - a[3] || a[0].localeCompare(b[0]));
const cantonSums = new Map();
for (const g of groups.values()) {
  const c = cantonSums.get(g.canton) ?? { lat: 0, lon: 0, n: 0 };
  c.lat += g.lat / g.n;
  c.lon += g.lon / g.n;
  c.n += 1;
  cantonSums.set(g.canton, c);
}
const cantons = [...cantonSums].map(([code, c]) => [code, round(c.lon / c.n), round(c.lat / c.n)]);
const data = {
  attribution: 'Places: GeoNames (geonames.org), CC BY 4.0',
  places,
  cantons,
  lakes: LAKES,
};
writeFileSync(out, `${JSON.stringify(data)}\n`);
console.info(`${places.length} places, ${cantons.length} cantons, ${LAKES.length} lakes -> ${out}`);
