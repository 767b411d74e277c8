/**
 * Per-request URLs for the long-tail cases, loaded by each autocannon worker thread
 * (`setupRequest` must be a module path there). The catalogue sample and the case come in
 * through BENCH_PICK_FILE (JSON written by bench/run.ts) and BENCH_PICK_KIND: every request draws its id, offset,
 * seller or search word uniformly at random; half of the search words get one letter wrong.
 * CommonJS: autocannon's worker threads `require` it, without a TypeScript loader.
 */
'use strict';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- autocannon requires this file
const { readFileSync } = require('node:fs');

const spec = JSON.parse(readFileSync(process.env.BENCH_PICK_FILE, 'utf8'));
const kind = process.env.BENCH_PICK_KIND;
const any = (list) => list[Math.floor(Math.random() * list.length)];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** The word with one letter replaced by a different one (never the first: people get that right). */
function misspell(word) {
  const chars = [...word];
  const at = 1 + Math.floor(Math.random() * (chars.length - 1));
  let letter = chars[at];
  while (letter === chars[at]) letter = any([...LETTERS]);
  chars[at] = letter;
  return chars.join('');
}

/** A search word as people type it: half of them with one letter wrong. */
function searchWord() {
  const word = any(spec.words);
  return Math.random() < 0.5 ? word : misspell(word);
}

const urls = {
  product: () => `/api/products/${any(spec.ids)}`,
  page: () => `/de/product/${any(spec.ids)}`,
  list: () => `/api/products/?offset=${Math.floor(Math.random() * Math.max(1, spec.count - 12))}&limit=12`,
  // A rendered list at an offset its Load More links make (pages of 12), as a crawler follows them.
  listPage: () => `/de/?offset=${12 * Math.floor(Math.random() * Math.max(1, Math.floor(spec.count / 12)))}`,
  search: () => `/api/search/?type=products&search_string=${encodeURIComponent(searchWord())}`,
  searchPage: () => `/de/search?q=${encodeURIComponent(searchWord())}`,
  sellerPage: () => `/de/seller/${any(spec.sellers)}`,
  reviews: () => `/api/products/reviews/${any(spec.ids)}`,
  seller: () => `/api/products/user/${any(spec.sellers)}`,
  stocks: () => `/api/stocks/product/${any(spec.ids)}`,
};
/** The mix of issue 13: 35/15/20/10/10/10 %. */
const MIX = [
  ['product', 0.35],
  ['list', 0.15],
  ['search', 0.2],
  ['reviews', 0.1],
  ['seller', 0.1],
  ['stocks', 0.1],
];

function nextPath(kind) {
  if (kind !== 'mix') return urls[kind]();
  let r = Math.random();
  for (const [k, w] of MIX) {
    if ((r -= w) < 0) return urls[k]();
  }
  return urls.stocks();
}

function setupRequest(req) {
  return { ...req, path: nextPath(kind) };
}

module.exports = setupRequest;
module.exports.misspell = misspell;
