import { describe, expect, it } from 'vitest';
import { editDistance, searchWords, toSearchText, typoBudget } from './text.ts';

describe('toSearchText', () => {
  it('lower-cases, removes accents and joins the parts as words', () => {
    expect(toSearchText('Bündner Nusstorte', 'Crème brûlée', 'Zürich')).toBe(
      'bundner nusstorte creme brulee zurich',
    );
    expect(toSearchText('  Gruyère  AOP ', '', 'Straße')).toBe('gruyere aop strasse');
  });

  it('reads Käse, Kaese and Kase as one word, but keeps Feuer and Quelle', () => {
    expect(new Set([toSearchText('Käse'), toSearchText('Kaese'), toSearchText('KASE')])).toEqual(
      new Set(['kase']),
    );
    expect(toSearchText('Müesli Muesli Zürich Zuerich Öl Oel')).toBe('musli musli zurich zurich ol ol');
    expect(toSearchText('Feuer Quelle blaue Treue')).toBe('feuer quelle blaue treue');
  });

  it('folds French and Italian accents and the letters NFKD keeps (œ, æ, ø, ß, ligatures)', () => {
    expect(toSearchText('Œuvre cœur Ærø Łódź ﬁne caffè però Genève')).toBe(
      'ouvre cour aro lodz fine caffe pero geneve',
    );
    expect(toSearchText('STRASSE', 'Straße', 'STRAẞE')).toBe('strasse strasse strasse');
  });

  it('breaks words at anything but letters and digits', () => {
    expect(toSearchText('Raclette-Käse, 1 kg', 'd’Oro', '6 × 150 g', 'Sports & Outdoors')).toBe(
      'raclette kase 1 kg d oro 6 150 g sports outdoors',
    );
  });
});

describe('searchWords', () => {
  it('answers the distinct words of a query, at most eight', () => {
    expect(searchWords('  Käse,  kaese  Alp ')).toEqual(['kase', 'alp']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
    expect(searchWords('— & —')).toEqual([]);
  });
});

describe('typoBudget', () => {
  it('forgives no typo up to 4 letters, one from 5, two from 9, none in numbers', () => {
    expect(['kase', 'zopf', 'ab'].map(typoBudget)).toEqual([0, 0, 0]);
    expect(['tasse', 'butterzo'].map(typoBudget)).toEqual([1, 1]);
    expect(['emmentaler', 'butterzopf'].map(typoBudget)).toEqual([2, 2]);
    expect(['2021', 'a7kit'].map(typoBudget)).toEqual([0, 0]);
  });
});

describe('editDistance', () => {
  it('counts a missing, extra, changed letter and a swap of neighbours as one each', () => {
    expect(editDistance('tasse', 'tasse', 1)).toBe(0);
    expect(editDistance('tase', 'tasse', 1)).toBe(1);
    expect(editDistance('tassse', 'tasse', 1)).toBe(1);
    expect(editDistance('kasse', 'tasse', 1)).toBe(1);
    expect(editDistance('tsase', 'tasse', 1)).toBe(1);
    expect(editDistance('emmnetahler', 'emmentaler', 2)).toBe(2);
    expect(editDistance('brinbort', 'birnbrot', 1)).toBe(2);
  });
});
