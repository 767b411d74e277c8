import { describe, expect, it } from 'vitest';
import { hasDirectionControl, hasInvisibleCharacter, mixesScripts, usernameKey } from './usernames.ts';
import { usernameSchema } from './schemas.ts';

describe('usernameKey', () => {
  it.each([
    ['kiwi', 'kiwi'],
    ['KIWI', 'kiwi'],
    ['kİwi', 'kiwi'],
    ['ｋｉｗｉ', 'kiwi'],
    ['Ｋｉｗｉ', 'kiwi'],
    ['ki\u0307wi', 'kiwi'],
    ['Straße', 'strasse'],
    ['STRASSE', 'strasse'],
    ['ΟΔΟΣ', 'οδοσ'],
    ['οδος', 'οδοσ'],
    ['ﬁne', 'fine'],
    [' trimmed ', 'trimmed'],
  ])('folds %j to %j', (name, key) => {
    expect(usernameKey(name)).toBe(key);
  });
});

describe('look-alike rules', () => {
  it('finds mixed scripts but allows one script, and the Japanese, Korean and Chinese combinations', () => {
    expect(mixesScripts('demo-s\u0435ller')).toBe(true);
    expect(mixesScripts('\u0430pple')).toBe(true);
    expect(mixesScripts('Σofia')).toBe(true);
    for (const ok of [
      'demo-seller',
      'Zoë_Müller.2',
      'Дмитрий',
      'Σοφία',
      '山田太郎',
      'やまだ太郎',
      '김민준',
      'name42',
    ])
      expect(mixesScripts(ok), ok).toBe(false);
  });

  it('finds direction controls and invisible characters', () => {
    for (const c of ['\u202e', '\u202a', '\u2066', '\u2069', '\u200e', '\u200f', '\u061c'])
      expect(hasDirectionControl(`ab${c}cd`)).toBe(true);
    for (const c of [
      '\u200b',
      '\u200c',
      '\u200d',
      '\u2060',
      '\ufeff',
      '\u00ad',
      '\u034f',
      '\ufe0f',
      '\u3164',
      '\u00a0',
    ])
      expect(hasInvisibleCharacter(`ab${c}cd`), c.codePointAt(0)!.toString(16)).toBe(true);
    expect(hasDirectionControl('plain-name')).toBe(false);
    expect(hasInvisibleCharacter('plain-name')).toBe(false);
  });

  it('the schema names the rule that refuses, and stores full-width names in NFKC', () => {
    const first = (name: string) => usernameSchema.safeParse(name).error?.issues[0]?.message;
    expect(first('ab\u202ecd')).toBe('A username may not contain text-direction control characters.');
    expect(first('ab\u200bcd')).toBe(
      'A username may not contain invisible characters such as zero-width spaces.',
    );
    expect(first('demo-s\u0435ller')).toBe(
      'A username may not mix letters of different scripts, such as Latin and Cyrillic.',
    );
    expect(usernameSchema.parse('ｋｉｗｉ')).toBe('kiwi');
  });
});
