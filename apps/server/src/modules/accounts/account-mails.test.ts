import { describe, expect, it } from 'vitest';
import { MAIL_LANGUAGES } from '../mail/template.ts';
import { passwordChangedMail } from './account-mails.ts';

const site = { config: { PUBLIC_URL: 'https://marktgasse.example', HOST: '127.0.0.1', PORT: 8000 } };
const to = { email: 'anna@example.ch', username: 'anna' };
// 13:07 UTC in winter is 14:07 in Switzerland.
const at = new Date('2026-11-30T13:07:00Z');

describe('the "your password was changed" notice', () => {
  it('says when, in Swiss time, in four different texts to the account’s address', () => {
    const mails = MAIL_LANGUAGES.map((l) => passwordChangedMail(site, to, l, { at, way: 'settings' }));
    for (const mail of mails) {
      expect(mail.recipient).toBe('anna@example.ch');
      expect(mail.body).toContain('30.11.2026');
      expect(mail.body).toContain('14:07');
    }
    expect(new Set(mails.map((m) => m.subject)).size).toBe(4);
    expect(mails.map((m) => m.subject)).toEqual([
      'Marktgasse: your password was changed',
      'Marktgasse: Ihr Passwort wurde geändert',
      'Marktgasse : votre mot de passe a été changé',
      'Marktgasse: la tua password è stata cambiata',
    ]);
    expect(mails[1]!.body).toMatch(
      /^Guten Tag anna\n\nDas Passwort Ihres Marktgasse-Kontos wurde am 30\.11\.2026 um 14:07 Uhr/,
    );
  });

  it('links only to the "forgot password" page: no token, no secret, nothing that changes the account', () => {
    for (const l of MAIL_LANGUAGES) {
      for (const way of ['settings', 'reset'] as const) {
        const mail = passwordChangedMail(site, to, l, { at, way });
        expect(mail.body.match(/https?:\/\/\S+/g)).toEqual(['https://marktgasse.example/#/forgot-password']);
        expect(mail.body).not.toMatch(/token|\?\w+=/i);
      }
    }
  });

  it('tells a reset by link from a change in the settings, and after a reset asks to secure the mailbox', () => {
    for (const l of MAIL_LANGUAGES) {
      const settings = passwordChangedMail(site, to, l, { at, way: 'settings' });
      const reset = passwordChangedMail(site, to, l, { at, way: 'reset' });
      expect(reset.subject).toBe(settings.subject);
      expect(reset.body).not.toBe(settings.body);
      expect(reset.body.length).toBeGreaterThan(settings.body.length);
    }
    const en = passwordChangedMail(site, to, 'en', { at, way: 'reset' }).body;
    expect(en).toContain('with a password reset link sent to this address');
    expect(en).toContain('Change the password of this mailbox too.');
    expect(passwordChangedMail(site, to, 'en', { at, way: 'settings' }).body).toContain(
      'in the account settings',
    );
  });
});
