/**
 * Place names on the offline map (docs/decisions/184): towns, cantons and lakes from
 * data/places.json (GeoNames, CC BY 4.0; built by scripts/build-map-places.mjs), drawn as
 * HTML labels because the offline style has no glyph fonts. Which labels show depends on the
 * zoom (a town's rank: the bigger, the earlier) and on room: a label that would overlap one
 * already placed is left out, biggest places first.
 */

type Lang = 'de' | 'fr' | 'it' | 'en';
/** name (local), longitude, latitude, rank, other names by language */
export type PlaceRow = [string, number, number, number, Partial<Record<Lang, string>>?];
export interface PlaceData {
  places: PlaceRow[];
  /** official abbreviation, longitude, latitude */
  cantons: [string, number, number][];
  /** longitude, latitude, name in de, fr, it, en */
  lakes: [number, number, string, string, string, string][];
}

export interface PlaceLabel {
  key: string;
  kind: 'town' | 'canton' | 'lake';
  text: string;
  at: [number, number];
}

export interface View {
  west: number;
  south: number;
  east: number;
  north: number;
  zoom: number;
  /** Screen position of a point, in CSS pixels. */
  project(at: [number, number]): { x: number; y: number };
}

/** The smallest rank of a town labelled at this zoom (ranks: postcodes, +8 for a capital). */
export function minTownRank(zoom: number): number {
  if (zoom < 7) return 20;
  if (zoom < 7.8) return 9;
  if (zoom < 8.6) return 4;
  if (zoom < 9.6) return 2;
  return 1;
}

const LANGS: Lang[] = ['de', 'fr', 'it', 'en'];
/** Towns of this rank and above are labelled before lakes and cantons. */
const MAIN_TOWN_RANK = 9;

export function langOf(locale: string): Lang {
  const lang = locale.slice(0, 2) as Lang;
  return LANGS.includes(lang) ? lang : 'en';
}

/** A town's name in the chosen language: its own name unless the language has another one. */
export function townName(row: PlaceRow, lang: Lang): string {
  return row[4]?.[lang] ?? row[0];
}

/** The labels that fit the view, at most `max`, the biggest places first. */
export function labelsFor(data: PlaceData, view: View, lang: Lang, max = 80): PlaceLabel[] {
  const inside = ([lng, lat]: [number, number]) =>
    lng >= view.west && lng <= view.east && lat >= view.south && lat <= view.north;
  const rank = minTownRank(view.zoom);
  const towns = (from: number, to: number) =>
    // Rows are sorted by rank, biggest first.
    data.places
      .filter((row) => row[3] >= from && row[3] < to)
      .map((row): PlaceLabel => ({
        key: `t${row[0]}${row[1]}`,
        kind: 'town',
        text: townName(row, lang),
        at: [row[1], row[2]],
      }));
  // Room goes to the main towns first, then lakes and cantons, then the smaller places.
  const candidates: PlaceLabel[] = towns(Math.max(rank, MAIN_TOWN_RANK), Infinity);
  // The whole country fits a desktop map at about 6.8 (decision 223): its lakes are named there.
  if (view.zoom >= 6.5) {
    const column = LANGS.indexOf(lang) + 2;
    for (const lake of data.lakes)
      candidates.push({
        key: `l${lake[2]}`,
        kind: 'lake',
        text: String(lake[column]),
        at: [lake[0], lake[1]],
      });
  }
  if (view.zoom < 9.5)
    for (const [code, lng, lat] of data.cantons)
      candidates.push({ key: `c${code}`, kind: 'canton', text: code, at: [lng, lat] });
  if (rank < MAIN_TOWN_RANK) candidates.push(...towns(rank, MAIN_TOWN_RANK));
  const placed: { x0: number; y0: number; x1: number; y1: number }[] = [];
  const out: PlaceLabel[] = [];
  for (const label of candidates) {
    if (out.length >= max) break;
    if (!inside(label.at)) continue;
    const { x, y } = view.project(label.at);
    const half = (label.text.length * 7) / 2 + 6;
    const box = { x0: x - half, y0: y - 10, x1: x + half, y1: y + 10 };
    if (placed.some((b) => box.x0 < b.x1 && box.x1 > b.x0 && box.y0 < b.y1 && box.y1 > b.y0)) continue;
    placed.push(box);
    out.push(label);
  }
  return out;
}
