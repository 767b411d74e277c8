/**
 * The account's own e-mails (decisions 253, 254): the address confirmation and the password
 * reset, in the account's language (de, fr, it; English otherwise), through the mail module.
 */
import { defineMail, type MailLanguage } from '../mail/template.ts';

type Words = Record<MailLanguage, { subject: string; intro: (hours: number) => string; outro: string }>;

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
  MailLanguage,
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

/** The confirmation link's e-mail: `hours` it stays valid. */
export const confirmationMail = defineMail<{ token: string; hours: number }>({
  en: (f, k) => confirmationText(CONFIRMATION.en, f, k.app),
  de: (f, k) => confirmationText(CONFIRMATION.de, f, k.app),
  fr: (f, k) => confirmationText(CONFIRMATION.fr, f, k.app),
  it: (f, k) => confirmationText(CONFIRMATION.it, f, k.app),
});

function confirmationText(
  words: Words[MailLanguage],
  f: { token: string; hours: number },
  app: (r: string) => string,
) {
  const url = app(`/confirm-email?token=${encodeURIComponent(f.token)}`);
  return { subject: words.subject, body: `${words.intro(f.hours)}\n${url}\n\n${words.outro}` };
}

interface ResetFacts {
  token: string;
  username: string;
  minutes: number;
}

/** The password reset link's e-mail: `minutes` it stays valid. */
export const passwordResetMail = defineMail<ResetFacts>({
  en: (f, k) => resetText(RESET.en, f, k.app),
  de: (f, k) => resetText(RESET.de, f, k.app),
  fr: (f, k) => resetText(RESET.fr, f, k.app),
  it: (f, k) => resetText(RESET.it, f, k.app),
});

function resetText(words: (typeof RESET)[MailLanguage], f: ResetFacts, app: (r: string) => string) {
  const url = app(`/reset-password?token=${encodeURIComponent(f.token)}`);
  return { subject: words.subject, body: `${words.intro(f.username, f.minutes)}\n${url}\n\n${words.outro}` };
}
