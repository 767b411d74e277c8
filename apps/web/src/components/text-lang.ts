/**
 * The language of a shop's own text (a description, a review), for its `lang` attribute, so a
 * screen reader reads a German description in German inside a French page (WCAG 3.1.2). The data
 * has no language field (decision 189): this recognises the four languages by their most common
 * short words and answers only when one clearly wins; otherwise nothing (the page's language).
 */
const WORDS: Record<string, readonly string[]> = {
  de: [
    'der',
    'die',
    'das',
    'und',
    'mit',
    'aus',
    'für',
    'ist',
    'ein',
    'eine',
    'nicht',
    'von',
    'auf',
    'im',
    'den',
    'dem',
    'zu',
    'wir',
    'sehr',
    'unsere',
  ],
  fr: [
    'le',
    'la',
    'les',
    'et',
    'avec',
    'du',
    'des',
    'pour',
    'est',
    'une',
    'un',
    'pas',
    'sur',
    'dans',
    'au',
    'aux',
    'nous',
    'très',
    'nos',
    'de',
  ],
  it: [
    'il',
    'lo',
    'gli',
    'e',
    'con',
    'del',
    'della',
    'per',
    'è',
    'una',
    'non',
    'di',
    'da',
    'nel',
    'alla',
    'dei',
    'le',
    'molto',
    'nostro',
    'che',
  ],
  en: [
    'the',
    'and',
    'with',
    'from',
    'for',
    'is',
    'a',
    'an',
    'not',
    'of',
    'on',
    'in',
    'to',
    'we',
    'very',
    'our',
    'this',
    'that',
    'it',
    'are',
  ],
};
const LANGS: Record<string, string> = { de: 'de', fr: 'fr', it: 'it', en: 'en' };

export function textLang(text: string | null | undefined): string | undefined {
  const words = (text ?? '').toLowerCase().match(/\p{L}+/gu) ?? [];
  if (words.length < 4) return undefined;
  const scores = Object.entries(WORDS).map(
    ([lang, list]) => [lang, words.filter((w) => list.includes(w)).length] as const,
  );
  scores.sort((a, b) => b[1] - a[1]);
  const [best, second] = scores;
  if (!best || best[1] < 2 || best[1] < 2 * (second?.[1] ?? 0)) return undefined;
  return LANGS[best[0]];
}
