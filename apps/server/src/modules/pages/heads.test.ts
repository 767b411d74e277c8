import { describe, expect, it } from 'vitest';
import { homeHead, searchHead } from './heads.ts';

const ORIGIN = 'https://marktgasse.example';

describe('a later page of a list (a Load More link’s address)', () => {
  it('says which page it is in its title, in the page’s language', () => {
    expect(homeHead('de', ORIGIN, { offset: 0 }).title).toBe('Marktgasse — der Schweizer Marktplatz');
    expect(homeHead('de', ORIGIN, { offset: 12 }).title).toBe(
      'Marktgasse — der Schweizer Marktplatz · Seite 2',
    );
    expect(homeHead('fr', ORIGIN, { offset: 24 }).title).toBe(
      'Marktgasse — la place de marché suisse · page 3',
    );
    expect(homeHead('it', ORIGIN, { category: 'Käse', offset: 12 }).title).toBe(
      'Käse da negozi svizzeri · pagina 2 · Marktgasse',
    );
    expect(homeHead('en', ORIGIN, { category: 'Käse', offset: 0 }).title).toBe(
      'Käse from Swiss shops · Marktgasse',
    );
    expect(searchHead('de', 'emmentaler', {}, 36).title).toBe(
      'Suchergebnisse für «emmentaler» · Seite 4 · Marktgasse',
    );
  });

  it('counts an offset between two pages to the page it starts in, never to the first', () => {
    const title = (offset: number) => homeHead('en', ORIGIN, { offset }).title;
    expect(title(5)).toBe('Marktgasse — the Swiss marketplace · Page 2');
    expect(title(13)).toBe('Marktgasse — the Swiss marketplace · Page 2');
    expect(title(24)).toBe('Marktgasse — the Swiss marketplace · Page 3');
  });
});
