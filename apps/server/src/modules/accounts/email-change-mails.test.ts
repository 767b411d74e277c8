import { expect, it } from 'vitest';
import { MAIL_LANGUAGES } from '../mail/template.ts';
import {
  emailChangeAskedMail,
  emailChangedMail,
  emailChangeLinkMail,
  maskEmail,
} from './email-change-mails.ts';

const site = { config: { PUBLIC_URL: 'https://marktgasse.example', HOST: '127.0.0.1', PORT: 8000 } };
const to = { email: 'anna@example.ch', username: 'anna' };

it('masks an address to its first letter and its domain', () => {
  expect(maskEmail('neu.adresse@example.ch')).toBe('n***@example.ch');
  expect(maskEmail('nonsense')).toBe('***');
});

it('writes the link, the notice and the done notice in four different texts', () => {
  for (const [template, facts, needle] of [
    [
      emailChangeLinkMail,
      { token: 'tok-1', hours: 48 },
      'https://marktgasse.example/#/confirm-email?change=tok-1',
    ],
    [emailChangeAskedMail, { masked: 'n***@example.ch' }, 'n***@example.ch'],
    [emailChangedMail, { masked: 'n***@example.ch' }, 'n***@example.ch'],
  ] as const) {
    const mails = MAIL_LANGUAGES.map((l) =>
      (template as typeof emailChangeAskedMail)(site, to, l, facts as never),
    );
    for (const mail of mails) {
      expect(mail.recipient).toBe('anna@example.ch');
      expect(mail.body).toContain(needle);
    }
    expect(new Set(mails.map((m) => m.subject)).size).toBe(4);
  }
});
