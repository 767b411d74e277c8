import { describe, expect, it } from 'vitest';
import type { SearchRepo } from './repo.ts';
import { Vocabulary } from './vocabulary.ts';

/** The vocabulary table as the repo answers it: rows after an id. */
function table(rows: { id: number; term: string }[]) {
  const calls: number[] = [];
  const repo = {
    vocabularySince: async (afterId: number) => {
      calls.push(afterId);
      return rows.filter((r) => r.id > afterId);
    },
  } as unknown as SearchRepo;
  return { repo, calls, rows };
}

const words = (...terms: string[]) => terms.map((term, i) => ({ id: i + 1, term }));

describe('Vocabulary', () => {
  it('knows prefixes, parts of compounds (3 letters only at the end) and typos by distance', async () => {
    const { repo } = table(
      words('kase', 'kasemesser', 'hartkase', 'bergkaserei', 'taschenuhr', 'uhrwerk', 'schokolade', 'tasse'),
    );
    const v = new Vocabulary();
    await v.refresh(repo);
    const kase = v.facts('kase');
    expect(kase.prefixed).toBe(true);
    expect(kase.parts).toEqual(['hartkase', 'bergkaserei']);
    // "kase" has 4 letters: no typo is forgiven.
    expect(kase.typos()).toEqual([]);
    expect(v.facts('uhr').parts).toEqual(['taschenuhr']);
    expect(v.facts('kas').parts).toEqual([]);
    expect(v.facts('schokolxde')).toMatchObject({ prefixed: false, parts: [] });
    expect(v.facts('schokolxde').typos()).toEqual([['schokolade'], []]);
    expect(v.facts('kasse').typos()).toEqual([['kase', 'tasse']]);
  });

  it('reads only what was added since, and again the last ids a late commit may have used', async () => {
    const { repo, calls, rows } = table(words('alp', 'zopf'));
    const v = new Vocabulary();
    await v.refresh(repo);
    expect(v.facts('zopfmehl').prefixed).toBe(false);
    rows.push({ id: 3, term: 'zopfmehl' }, { id: 2, term: 'zopf' });
    await v.refresh(repo);
    expect(v.size).toBe(3);
    expect(v.facts('zopfm').prefixed).toBe(true);
    expect(calls).toEqual([0, 0]);
  });

  it('answers a word asked again from what it found, until the vocabulary grows', async () => {
    const { repo, rows } = table(words('zopf', 'butterzopf'));
    const v = new Vocabulary();
    await v.refresh(repo);
    const before = v.facts('zopfmehl');
    expect(before).toMatchObject({ prefixed: false, parts: [] });
    expect(before.typos()).toEqual([[]]);
    expect(v.facts('zopfmehl')).toBe(before);
    rows.push({ id: 3, term: 'zopfmehl' }, { id: 4, term: 'zopfmehk' }, { id: 5, term: 'hefezopfmehl' });
    await v.refresh(repo);
    const after = v.facts('zopfmehl');
    expect(after).toMatchObject({ prefixed: true, parts: ['hefezopfmehl'] });
    expect(after.typos()).toEqual([['zopfmehk']]);
  });
});
