/**
 * Look-alike names (issue 31, decision 198): a name's confusable skeleton, after the idea of
 * Unicode TR39. Two names with the same skeleton are too close: a reader cannot tell them
 * apart at a glance. Unicode's confusables table (TR39 prototypes, from the `unhomoglyph`
 * package) maps look-alikes to one character (Cyrillic "а" → "a", "I" and "1" → "l", "0" → "O",
 * "m" → "rn"); then diacritics, case, spacing and punctuation are folded, and the few Latin
 * look-alikes TR39 leaves apart in lower case (i/l, 5/s) are joined.
 */
import unhomoglyph from 'unhomoglyph';

/** After lower-casing: characters a reader confuses in names that TR39 keeps apart. */
const EXTRA_CLASSES: Record<string, string> = { i: 'l', '5': 's', '0': 'o' };

export function nameSkeleton(name: string): string {
  // Mapped before lower-casing (capital "I" is "l"'s look-alike, not "i"'s) and after it, so
  // that "M" and "m" reach the same prototype ("rn").
  const prototypes = unhomoglyph(unhomoglyph(name.normalize('NFKC')).toLowerCase());
  return prototypes
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .replace(/[i50]/g, (c) => EXTRA_CLASSES[c]!)
    .normalize('NFKC');
}
