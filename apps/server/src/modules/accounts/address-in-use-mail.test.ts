import { expect, it } from 'vitest';
import { MAIL_LANGUAGES } from '../mail/template.ts';
import { addressInUseMail } from './address-in-use-mail.ts';

const site = { config: { PUBLIC_URL: 'https://marktgasse.example', HOST: '127.0.0.1', PORT: 8000 } };

it('tells an address’s owner the new account’s name, in four different texts', () => {
  const mails = MAIL_LANGUAGES.map((l) =>
    addressInUseMail(site, { email: 'a@example.ch' }, l, { newUsername: 'anna2' }),
  );
  for (const mail of mails) {
    expect(mail.recipient).toBe('a@example.ch');
    expect(mail.body).toContain('anna2');
  }
  expect(new Set(mails.map((m) => m.subject)).size).toBe(4);
  expect(mails[0]!.body.startsWith('Hello,\n\n')).toBe(true);
});
