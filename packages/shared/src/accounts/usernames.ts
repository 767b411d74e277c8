/**
 * Usernames: what makes two names the same account, and which names look like someone
 * else's. docs/decisions/145.
 */

/**
 * The form a username is compared in (unique index `users.username_key`, sign-in and its guess
 * counter): Unicode NFKC (full-width and other compatibility letters become plain ones), then
 * case folding. JavaScript has no case fold, so lower case plus the folds lower case misses:
 * final sigma → σ, ß → ss, and the dot that "İ" leaves after lower-casing (i + U+0307) → i.
 * The migration that introduced the key computes the same in SQL for the rows it found.
 */
export function usernameKey(name: string): string {
  return name
    .trim()
    .normalize('NFKC')
    .toLowerCase()
    .replace(/ς/g, 'σ')
    .replace(/ß/g, 'ss')
    .replace(/i\u0307/g, 'i')
    .normalize('NFKC');
}

/** Direction controls (bidi embeddings, overrides, isolates, marks): they reorder what a reader sees. */
const DIRECTION_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
/** Invisible characters: format controls (zero-width space/joiners, soft hyphen, BOM …) and other default-ignorables. */
const INVISIBLE =
  /[\p{Cf}\p{Cc}\p{Zs}\u115f\u1160\u3164\uffa0]|\u034f|\u17b4|\u17b5|[\u180b-\u180f]|[\ufe00-\ufe0f]/u;

/**
 * Scripts a username's letters are checked against (Unicode Script_Extensions). A letter in
 * none of them is its own "other" script. Common and Inherited characters (digits, dots,
 * combining marks) go with any script.
 */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Georgian',
  'Hangul',
  'Ethiopic',
  'Cherokee',
  'Khmer',
  'Mongolian',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
] as const;
const SCRIPT_PATTERNS = SCRIPTS.map(
  (name) => [name, new RegExp(`\\p{Script_Extensions=${name}}`, 'u')] as const,
);
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;
/** Writing systems that mix scripts by design (UTS #39 "augmented script sets"): Han goes with kana, Hangul and Bopomofo. */
const AUGMENTED: Record<string, string[]> = {
  Han: ['Han', 'Japanese', 'Korean', 'HanBopomofo'],
  Hiragana: ['Japanese'],
  Katakana: ['Japanese'],
  Hangul: ['Korean'],
  Bopomofo: ['HanBopomofo'],
};

function scriptsOf(char: string): Set<string> | null {
  if (NEUTRAL.test(char)) return null;
  const found = new Set<string>();
  for (const [name, pattern] of SCRIPT_PATTERNS) {
    if (pattern.test(char)) for (const s of AUGMENTED[name] ?? [name]) found.add(s);
  }
  if (found.size === 0) found.add('other');
  return found;
}

/** True when the name's letters come from more than one writing system (e.g. Latin "demo-sеller" with a Cyrillic "е"). */
export function mixesScripts(name: string): boolean {
  let common: string[] | undefined;
  for (const char of name) {
    const scripts = scriptsOf(char);
    if (!scripts) continue;
    common = (common ?? [...scripts]).filter((s) => scripts.has(s));
    if (common.length === 0) return true;
  }
  return false;
}

export const hasDirectionControl = (name: string): boolean => DIRECTION_CONTROL.test(name);
export const hasInvisibleCharacter = (name: string): boolean => INVISIBLE.test(name);
