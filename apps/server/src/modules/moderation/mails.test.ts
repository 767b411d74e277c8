/** Moderation's e-mails to a seller, in each of the four languages, name the product and the reason. */
import { describe, expect, it } from 'vitest';
import { MAIL_LANGUAGES } from '../mail/template.ts';
import { productHiddenMail, sellerApprovedMail, sellerReinstatedMail, sellerSuspendedMail } from './mails.ts';

const site = { config: { PUBLIC_URL: 'https://marktgasse.example', HOST: '127.0.0.1', PORT: 8000 } };
const seller = { email: 'shop@example.ch', username: 'kaeserei' };

describe.each(MAIL_LANGUAGES)('moderation e-mails in %s', (l) => {
  it('hiding and showing a product again name the product and the reason, differently', () => {
    const hidden = productHiddenMail(site, seller, l, {
      product: 'Emmentaler',
      hidden: true,
      reason: 'R-17',
    });
    const shown = productHiddenMail(site, seller, l, {
      product: 'Emmentaler',
      hidden: false,
      reason: 'R-18',
    });
    expect(hidden.recipient).toBe('shop@example.ch');
    for (const mail of [hidden, shown]) expect(mail.subject).toContain('Emmentaler');
    expect(hidden.body).toContain('R-17');
    expect(shown.body).toContain('R-18');
    expect(hidden.subject).not.toBe(shown.subject);
  });

  it('suspending and reinstating a seller give the reason', () => {
    const suspended = sellerSuspendedMail(site, seller, l, { reason: 'R-19' });
    const back = sellerReinstatedMail(site, seller, l, { reason: 'R-20' });
    expect(suspended.body).toContain('R-19');
    expect(suspended.body).toContain('kaeserei');
    expect(back.body).toContain('R-20');
    expect(suspended.subject).not.toBe(back.subject);
  });

  it('approving a seller links to their shop', () => {
    const approved = sellerApprovedMail(site, seller, l, { sellerId: 31 });
    expect(approved.recipient).toBe('shop@example.ch');
    expect(approved.body).toContain('https://marktgasse.example/#/seller/31');
  });
});

it('writes each moderation e-mail in four different texts', () => {
  const subjects = (make: (l: (typeof MAIL_LANGUAGES)[number]) => string) =>
    new Set(MAIL_LANGUAGES.map(make)).size;
  expect(
    subjects((l) => productHiddenMail(site, seller, l, { product: 'P', hidden: true, reason: 'r' }).subject),
  ).toBe(4);
  expect(
    subjects((l) => productHiddenMail(site, seller, l, { product: 'P', hidden: false, reason: 'r' }).subject),
  ).toBe(4);
  expect(subjects((l) => sellerSuspendedMail(site, seller, l, { reason: 'r' }).subject)).toBe(4);
  expect(subjects((l) => sellerReinstatedMail(site, seller, l, { reason: 'r' }).subject)).toBe(4);
  expect(subjects((l) => sellerApprovedMail(site, seller, l, { sellerId: 1 }).subject)).toBe(4);
});
