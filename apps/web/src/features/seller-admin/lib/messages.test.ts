import { productCreateSchema, storeCreateSchema } from '@marktgasse/shared';
import { describe, expect, it } from 'vitest';
import { translate } from '../../../i18n';
import { money } from '../../../i18n/format';
import de from '../locales/de.json';
import en from '../locales/en.json';
import { issueText } from './messages';
import { wholeFrancs } from './money';

const tIn = (messages: Record<string, string>) => (key: string, vars?: Record<string, string | number>) =>
  translate(messages, key, vars);

function issues(result: { success: boolean; error?: { issues: { message: string; code?: string }[] } }) {
  return result.error?.issues ?? [];
}

describe('client validation messages', () => {
  it('keep the schema wording in English and translate it in German', () => {
    const found = issues(
      productCreateSchema.safeParse({ brand: '', name: 'x', price: '1.234', category: 1, subcategory: 1 }),
    );
    expect(found.map((i) => issueText(tIn(en), i))).toEqual([
      'Enter a brand.',
      'Enter a price in CHF with at most two decimals.',
    ]);
    expect(found.map((i) => issueText(tIn(de), i))).toEqual([
      'Geben Sie eine Marke ein.',
      'Geben Sie einen Preis in CHF mit höchstens zwei Dezimalstellen ein.',
    ]);
  });

  it('names the limit of a too long field', () => {
    const [issue] = issues(storeCreateSchema.safeParse({ name: 'x'.repeat(121), latitude: 1, longitude: 1 }));
    expect(issueText(tIn(de), issue!)).toBe('Verwenden Sie höchstens 120 Zeichen.');
  });
});

describe('whole francs on My products', () => {
  it('truncates to francs with the locale thousands separator', () => {
    expect(wholeFrancs('12.90', (r) => money(r, 'en'))).toBe('CHF 12');
    expect(wholeFrancs('1249.95', (r) => money(r, 'de-CH'))).toBe('CHF 1’249');
    expect(wholeFrancs('0.95', (r) => money(r, 'en'))).toBe('CHF 0');
  });
});
