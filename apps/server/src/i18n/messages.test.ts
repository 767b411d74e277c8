import { describe, expect, it } from 'vitest';
import { MESSAGES, VARIANTS } from './messages.ts';
import { collectSourceMessages, shapeOf } from '../../test/source-messages.ts';
import {
  LANGUAGES,
  negotiateLanguage,
  translateDetail,
  translateErrorBody,
  translateMessage,
} from './translate.ts';

const placeholders = (text: string) => [...text.matchAll(/\{([A-Za-z_]\w*)\}/g)].map((m) => m[1]).sort();

/** A concrete sentence for a shape: every `{}` filled with a distinct sample value. */
function sample(shape: string): string {
  let n = 0;
  return shape.replace(/\{\}/g, () => `X${++n}7`);
}

describe('the catalogue covers every message the server sends', () => {
  const sources = collectSourceMessages();

  it('finds the messages in the source (the scanner works)', () => {
    const shapes = sources.map((m) => m.shape);
    expect(shapes).toContain('Invalid username or password');
    expect(shapes).toContain('Product {} does not exist.');
    expect(shapes).toContain('The request body is not valid JSON.');
    expect(shapes).toContain('A password has at least {} characters.');
    expect(shapes).toContain('Enter a valid e-mail address.');
    expect(sources.length).toBeGreaterThan(100);
  });

  const variantsByShape = new Map(
    Object.entries(VARIANTS).map(([template, keys]) => [shapeOf(template), keys]),
  );

  it.each(sources.map((m) => [m.shape, `${m.file.replace(/^.*?\/(apps|packages)\//, '$1/')}:${m.line}`]))(
    'translates %j (%s) into de, fr and it',
    (shape) => {
      const variants = variantsByShape.get(shape);
      const sentences = variants ? variants.map((key) => sample(shapeOf(key))) : [sample(shape)];
      if (variants)
        for (const key of variants) expect(MESSAGES, `variant ${key} missing`).toHaveProperty([key]);
      for (const sentence of sentences) {
        for (const language of LANGUAGES) {
          expect(
            translateMessage(sentence, language),
            `no ${language} translation for "${sentence}"`,
          ).not.toBeNull();
        }
      }
    },
  );
});

describe('the catalogue entries', () => {
  it.each(Object.entries(MESSAGES))('%j is translated by hand into all three languages', (english, t) => {
    for (const language of LANGUAGES) {
      const text = t[language];
      expect(text.trim(), language).not.toBe('');
      expect(text, `${language} still English`).not.toBe(english);
      // A translation may leave a part out, never invent one.
      for (const name of placeholders(text))
        expect(placeholders(english), `${language}: {${name}}`).toContain(name);
    }
    expect(t.de, 'de-CH writes "ss"').not.toMatch(/ß/);
  });
});

describe('translation', () => {
  it('keeps the dynamic parts (ids, names, numbers) and puts them where the language wants them', () => {
    expect(translateMessage('Product 4711 does not exist.', 'de')).toBe('Produkt 4711 existiert nicht.');
    expect(translateMessage('Product 4711 does not exist.', 'fr')).toBe('Le produit 4711 n’existe pas.');
    expect(
      translateMessage('Not enough stock for "Bündner Nusstorte" in Chur: 2 left, 5 wanted.', 'it'),
    ).toBe('Giacenza insufficiente per «Bündner Nusstorte» nel negozio Chur: disponibili 2, richiesti 5.');
    expect(translateMessage('There is no GET /api/nothing/42.', 'de')).toBe(
      'GET /api/nothing/42 gibt es nicht.',
    );
  });

  it('prefers the most specific template', () => {
    expect(translateMessage('Seller order 9 was not found.', 'de')).toBe(
      'Verkäuferbestellung 9 wurde nicht gefunden.',
    );
    expect(translateMessage('Order 9 was not found.', 'de')).toBe('Bestellung 9 wurde nicht gefunden.');
    expect(translateMessage('"abc" is not a valid order item id.', 'fr')).toBe(
      '«abc» n’est pas un identifiant d’article de commande valide.',
    );
    expect(translateMessage('Invalid input: expected number, received undefined', 'de')).toBe(
      'Dieser Wert fehlt (number erwartet)',
    );
    expect(translateMessage('Invalid input: expected number, received string', 'de')).toBe(
      'Ungültige Eingabe: number erwartet, string erhalten',
    );
  });

  it('leaves unknown messages to the English fallback', () => {
    expect(translateMessage('Something nobody wrote.', 'de')).toBeNull();
    expect(translateDetail('password: Something nobody wrote.', 'de')).toBeNull();
  });

  it('translates describeFieldErrors’ "field: message (and N more)" form, keeping the field name', () => {
    expect(translateDetail('password: A password has at least 8 characters.', 'de')).toBe(
      'password: Ein Passwort hat mindestens 8 Zeichen.',
    );
    expect(translateDetail('email: Enter a valid e-mail address. (and 2 more)', 'fr')).toBe(
      'email: Saisissez une adresse e-mail valide. (et 2 autres)',
    );
    expect(translateDetail('items.0.quantity: Quantities start at 1. (and 1 more)', 'it')).toBe(
      'items.0.quantity: La quantità minima è 1. (e altri 1)',
    );
  });

  it('translates the body: detail and every errors[].message', () => {
    const body = {
      detail: 'username: A username has at least 3 characters. (and 1 more)',
      errors: [
        { field: 'username', message: 'A username has at least 3 characters.' },
        { field: 'password', message: 'A password has at least 8 characters.' },
      ],
    };
    expect(translateErrorBody(body, 'de')).toEqual({
      detail: 'username: Ein Benutzername hat mindestens 3 Zeichen. (und 1 weitere)',
      errors: [
        { field: 'username', message: 'Ein Benutzername hat mindestens 3 Zeichen.' },
        { field: 'password', message: 'Ein Passwort hat mindestens 8 Zeichen.' },
      ],
    });
  });
});

describe('Accept-Language negotiation', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['de', 'de'],
    ['de-DE', 'de'],
    ['de-CH', 'de'],
    ['gsw-CH', 'de'],
    ['fr-CH, fr;q=0.9, en;q=0.8', 'fr'],
    ['it-IT', 'it'],
    ['en-GB,en;q=0.9,de;q=0.8', 'en'],
    ['de;q=0.5, it;q=0.8', 'it'],
    ['fr;q=0, de', 'de'],
    ['ja', 'en'],
    ['ja, fr;q=0.5', 'fr'],
    ['*', 'en'],
    ['de;q=abc, fr;q=0.1', 'fr'],
    ['DE-ch', 'de'],
  ])('%j → %s', (header, expected) => {
    expect(negotiateLanguage(header)).toBe(expected);
  });

  it('stays cheap and correct with a hostile header', () => {
    expect(negotiateLanguage(`${'xx;q=0.9,'.repeat(10_000)}de`)).toBe('en');
  });
});
