/**
 * How text becomes searchable words, the same on both sides: toSearchText here, and its SQL
 * twin `mg_search_fold` (migration 0005_search) for what the database indexes. A test runs
 * both over the demo catalogue and holds them equal (docs/decisions/128).
 */

/** Letters that NFKD leaves alone, spelled the way Swiss keyboards spell them. */
const UNDECOMPOSED: [RegExp, string][] = [
  [/[ßẞ]/g, 'ss'],
  [/[æÆ]/g, 'ae'],
  [/[œŒ]/g, 'oe'],
  [/[øØ]/g, 'o'],
  [/[łŁ]/g, 'l'],
  [/[đĐ]/g, 'd'],
];

/**
 * The searchable form of text: lower case, accents removed (Crème → creme, Zürich → zurich),
 * German "ae", "oe", "ue" read as the umlaut they stand for (Kaese = Käse = kase; but not "ue"
 * after a vowel or q, so Feuer and Quelle keep theirs), ß as ss, and anything but a–z and 0–9
 * a word break. "Bündner Nusstorte, 6 Stück" → "bundner nusstorte 6 stuck".
 */
export function toSearchText(...parts: (string | null | undefined)[]): string {
  let text = parts.filter((p): p is string => typeof p === 'string' && p.length > 0).join(' ');
  for (const [letters, spelled] of UNDECOMPOSED) text = text.replace(letters, spelled);
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/([ao])e/g, '$1')
    .replace(/(^|[^aeiouyq])ue/g, '$1u')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A query reads at most this many words; the rest is ignored (a search box, not a document). */
export const MAX_QUERY_WORDS = 8;

/** The distinct words of a search, in the order typed. */
export function searchWords(query: string): string[] {
  const words = toSearchText(query).split(' ').filter(Boolean);
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

/**
 * How many typos a word may carry and still match: none up to 4 letters, one from 5, two from
 * 9, as the well-known search engines do. Numbers and codes ("a7", "2021") must be exact.
 */
export function typoBudget(word: string): 0 | 1 | 2 {
  if (/\d/.test(word) || word.length <= 4) return 0;
  return word.length >= 9 ? 2 : 1;
}

/**
 * Optimal string alignment distance (Damerau–Levenshtein without repeated edits: a letter
 * missing, extra, changed, or two neighbours swapped each count one), or `max + 1` as soon as
 * it exceeds `max`. Three rolling rows: the search compares a word with thousands per query.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const width = b.length + 1;
  let older = new Int32Array(width);
  let previous = new Int32Array(width);
  let current = new Int32Array(width);
  for (let j = 0; j < width; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let best = i;
    for (let j = 1; j < width; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      )
        v = Math.min(v, older[j - 2]! + 1);
      current[j] = v;
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    [older, previous, current] = [previous, current, older];
  }
  return previous[b.length]!;
}
