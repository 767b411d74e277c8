import { describe, expect, it } from 'vitest';
import { defineMail, MAIL_LANGUAGES, mailLanguage, mailLanguageOf } from './template.ts';

const site = { config: { PUBLIC_URL: 'https://marktgasse.example/', HOST: '127.0.0.1', PORT: 8000 } };
const to = { email: 'anna@example.ch', username: 'anna' };

const sample = defineMail<{ rappen: number; day: Date }>({
  en: (f, k) => ({ subject: 'en', body: `${k.chf(f.rappen)} by ${k.date(f.day)} ${k.app('/x/1')}` }),
  de: (f, k) => ({ subject: 'de', body: `${k.chf(f.rappen)} bis ${k.date(f.day)} ${k.api('/api/x/1/')}` }),
  fr: (f, k) => ({ subject: 'fr', body: `${k.chf(f.rappen)} d’ici au ${k.date(f.day)}` }),
  it: (f, k) => ({ subject: 'it', body: `${k.chf(f.rappen)} entro il ${k.date(f.day)}` }),
});
// 23:30 UTC on 30 November is already 1 December in Switzerland.
const facts = { rappen: 124_950, day: new Date('2026-11-30T23:30:00Z') };

describe('the e-mail template mechanism', () => {
  it('writes each language with its greeting, signature, amounts, Swiss dates and links', () => {
    const en = sample(site, to, 'en', facts);
    expect(en.recipient).toBe('anna@example.ch');
    expect(en.body).toBe(
      'Hello anna,\n\nCHF 1’249.50 by 01.12.2026 https://marktgasse.example/#/x/1\n\n' +
        'Marktgasse — the marketplace of Swiss shops',
    );
    const de = sample(site, to, 'de', facts);
    expect(de.subject).toBe('de');
    expect(de.body).toMatch(
      /^Guten Tag anna\n\nCHF 1’249\.50 bis 01\.12\.2026 https:\/\/marktgasse\.example\/api\/x\/1\//,
    );
    expect(de.body).toMatch(/der Marktplatz der Schweizer Läden$/);
    expect(sample(site, to, 'fr', facts).body).toMatch(
      /^Bonjour anna,\n\nCHF 1\u202f249\.50 d’ici au 01\.12\.2026/,
    );
    expect(sample(site, to, 'it', facts).body).toMatch(/^Ciao anna,\n\nCHF 1’249\.50 entro il 01\.12\.2026/);
  });

  it('writes English when the language is unknown, and greets nobody by name without a username', () => {
    const mail = sample(site, { email: 'x@example.ch' }, null, facts);
    expect(mail.subject).toBe('en');
    expect(mail.body.startsWith('Hello,\n\n')).toBe(true);
    expect(sample(site, { email: 'x@example.ch' }, 'rm', facts).subject).toBe('en');
  });

  it('writes a time of day in Swiss time, summer and winter, on 24 hours', () => {
    const clock = defineMail<{ at: Date }>({
      en: (f, k) => ({ subject: 'en', body: `${k.date(f.at)} ${k.time(f.at)}` }),
      de: (f, k) => ({ subject: 'de', body: `${k.date(f.at)} ${k.time(f.at)}` }),
      fr: (f, k) => ({ subject: 'fr', body: `${k.date(f.at)} ${k.time(f.at)}` }),
      it: (f, k) => ({ subject: 'it', body: `${k.date(f.at)} ${k.time(f.at)}` }),
    });
    const text = (iso: string) => clock(site, to, 'fr', { at: new Date(iso) }).body.split('\n\n')[1];
    // CET (UTC+1) in winter, CEST (UTC+2) in summer.
    expect(text('2026-11-30T23:30:00Z')).toBe('01.12.2026 00:30');
    expect(text('2026-07-14T12:05:00Z')).toBe('14.07.2026 14:05');
  });

  it('links to the host and port when no public address is configured', () => {
    const local = { config: { PUBLIC_URL: undefined, HOST: '127.0.0.1', PORT: 8123 } };
    expect(sample(local, to, 'en', facts).body).toContain('http://127.0.0.1:8123/#/x/1');
  });

  it('reads the language from a stored value or an Accept-Language header', () => {
    expect(MAIL_LANGUAGES.map((l) => mailLanguage(l))).toEqual(['en', 'de', 'fr', 'it']);
    expect(mailLanguage('es')).toBe('en');
    expect(mailLanguageOf('fr-CH, de;q=0.8')).toBe('fr');
    expect(mailLanguageOf('gsw')).toBe('de');
    expect(mailLanguageOf(undefined)).toBe('en');
  });
});
