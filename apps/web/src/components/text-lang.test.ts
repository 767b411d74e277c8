import { describe, expect, it } from 'vitest';
import { textLang } from './text-lang';

describe('textLang', () => {
  it('names the language of a clearly German, French, Italian or English text', () => {
    expect(textLang('Würziger Bergkäse aus dem Emmental, sechs Monate gereift und mit Liebe gepflegt.')).toBe(
      'de',
    );
    expect(textLang('Un fromage de montagne affiné pendant six mois dans nos caves, avec du lait cru.')).toBe(
      'fr',
    );
    expect(
      textLang(
        'Formaggio di montagna stagionato sei mesi nelle nostre cantine, con latte crudo della valle.',
      ),
    ).toBe('it');
    expect(textLang('A mountain cheese from the Emmental, aged for six months in our cellars.')).toBe('en');
  });

  it('says nothing when the text is short or mixed', () => {
    expect(textLang('Bergkäse')).toBeUndefined();
    expect(textLang('')).toBeUndefined();
    expect(textLang(null)).toBeUndefined();
    expect(textLang('Käse und cheese and fromage et')).toBeUndefined();
  });
});
