/**
 * The account's own e-mails (decisions 253, 254): the address confirmation and the password
 * reset, in the account's language (de, fr, it; English otherwise), through the outbox.
 */
import type { AppContext } from '../../context.ts';
import { HELLO, SIGNATURES, link, mailLocale, type MailLocale } from '../orders/mail.ts';

/** What the outbox takes (the shape of orders' MailInput, which accounts may not import from a repo). */
interface MailInput {
  recipient: string;
  subject: string;
  body: string;
}

interface Recipient {
  email: string;
  username: string;
  locale: string | null;
}

type Words = Record<MailLocale, { subject: string; intro: (hours: number) => string; outro: string }>;

const CONFIRMATION: Words = {
  en: {
    subject: 'Marktgasse: please confirm your e-mail address',
    intro: (h) => `please confirm that this is your e-mail address by opening this link within ${h} hours:`,
    outro: 'If you did not create a Marktgasse account, you may ignore this message.',
  },
  de: {
    subject: 'Marktgasse: Bitte bestätigen Sie Ihre E-Mail-Adresse',
    intro: (h) =>
      `bitte bestätigen Sie Ihre E-Mail-Adresse, indem Sie innert ${h} Stunden diesen Link öffnen:`,
    outro: 'Wenn Sie kein Marktgasse-Konto eröffnet haben, können Sie diese Nachricht ignorieren.',
  },
  fr: {
    subject: 'Marktgasse : veuillez confirmer votre adresse e-mail',
    intro: (h) => `veuillez confirmer votre adresse e-mail en ouvrant ce lien dans les ${h} heures :`,
    outro: 'Si vous n’avez pas créé de compte Marktgasse, vous pouvez ignorer ce message.',
  },
  it: {
    subject: 'Marktgasse: conferma il tuo indirizzo e-mail',
    intro: (h) => `conferma il tuo indirizzo e-mail aprendo questo link entro ${h} ore:`,
    outro: 'Se non hai creato un account Marktgasse, puoi ignorare questo messaggio.',
  },
};

const RESET: Record<
  MailLocale,
  { subject: string; intro: (username: string, minutes: number) => string; outro: string }
> = {
  en: {
    subject: 'Marktgasse: set a new password',
    intro: (u, m) =>
      `a new password was asked for your Marktgasse account "${u}". Open this link within ${m} minutes to choose one:`,
    outro:
      'The link works once. If you did not ask for it, ignore this message: your password stays as it is.',
  },
  de: {
    subject: 'Marktgasse: Neues Passwort festlegen',
    intro: (u, m) =>
      `für Ihr Marktgasse-Konto «${u}» wurde ein neues Passwort angefordert. Öffnen Sie innert ${m} Minuten diesen Link, um eines zu wählen:`,
    outro:
      'Der Link funktioniert einmal. Wenn Sie nichts angefordert haben, ignorieren Sie diese Nachricht: Ihr Passwort bleibt, wie es ist.',
  },
  fr: {
    subject: 'Marktgasse : choisir un nouveau mot de passe',
    intro: (u, m) =>
      `un nouveau mot de passe a été demandé pour votre compte Marktgasse « ${u} ». Ouvrez ce lien dans les ${m} minutes pour en choisir un :`,
    outro:
      'Le lien ne fonctionne qu’une fois. Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.',
  },
  it: {
    subject: 'Marktgasse: scegli una nuova password',
    intro: (u, m) =>
      `è stata chiesta una nuova password per il tuo account Marktgasse «${u}». Apri questo link entro ${m} minuti per sceglierne una:`,
    outro:
      'Il link funziona una sola volta. Se non hai chiesto nulla, ignora questo messaggio: la tua password resta invariata.',
  },
};

export function confirmationMail(ctx: AppContext, to: Recipient, token: string, hours: number): MailInput {
  const l = mailLocale(to.locale);
  const words = CONFIRMATION[l];
  const url = link(ctx, `/confirm-email?token=${encodeURIComponent(token)}`);
  return {
    recipient: to.email,
    subject: words.subject,
    body: `${HELLO[l](to.username)}\n\n${words.intro(hours)}\n${url}\n\n${words.outro}${SIGNATURES[l]}`,
  };
}

export function passwordResetMail(ctx: AppContext, to: Recipient, token: string, minutes: number): MailInput {
  const l = mailLocale(to.locale);
  const words = RESET[l];
  const url = link(ctx, `/reset-password?token=${encodeURIComponent(token)}`);
  return {
    recipient: to.email,
    subject: words.subject,
    body: `${HELLO[l](to.username)}\n\n${words.intro(to.username, minutes)}\n${url}\n\n${words.outro}${SIGNATURES[l]}`,
  };
}
