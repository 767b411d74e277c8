/**
 * The account's own e-mails (decisions 253, 254, 293, 328): the address confirmation, the password
 * reset, a new staff member's invitation and the notice that the password was changed, in the
 * account's language (de, fr, it; English otherwise), through the mail module.
 */
import { defineMail, type MailKit, type MailLanguage } from '../mail/template.ts';

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

const INVITATION: Record<
  MailLanguage,
  { subject: string; intro: (username: string, hours: number) => string; outro: string }
> = {
  en: {
    subject: 'Marktgasse: your staff account is ready',
    intro: (u, h) =>
      `a staff account "${u}" was created for you in the Marktgasse back office. Open this link within ${h} hours to choose your password:`,
    outro:
      'The link works once. At your first sign-in you set up an authenticator app (a QR code is shown). If you did not expect this message, ignore it.',
  },
  de: {
    subject: 'Marktgasse: Ihr Mitarbeiterkonto ist bereit',
    intro: (u, h) =>
      `für Sie wurde im Marktgasse-Backoffice das Mitarbeiterkonto «${u}» eröffnet. Öffnen Sie innert ${h} Stunden diesen Link, um Ihr Passwort zu wählen:`,
    outro:
      'Der Link funktioniert einmal. Bei der ersten Anmeldung richten Sie eine Authenticator-App ein (ein QR-Code wird angezeigt). Wenn Sie diese Nachricht nicht erwartet haben, ignorieren Sie sie.',
  },
  fr: {
    subject: 'Marktgasse : votre compte du personnel est prêt',
    intro: (u, h) =>
      `un compte du personnel « ${u} » a été créé pour vous dans le back-office de Marktgasse. Ouvrez ce lien dans les ${h} heures pour choisir votre mot de passe :`,
    outro:
      'Le lien ne fonctionne qu’une fois. À la première connexion, vous configurez une application d’authentification (un code QR s’affiche). Si vous n’attendiez pas ce message, ignorez-le.',
  },
  it: {
    subject: 'Marktgasse: il tuo account del personale è pronto',
    intro: (u, h) =>
      `nel back office di Marktgasse è stato creato per te l’account del personale «${u}». Apri questo link entro ${h} ore per scegliere la tua password:`,
    outro:
      'Il link funziona una sola volta. Al primo accesso configuri un’app di autenticazione (viene mostrato un codice QR). Se non aspettavi questo messaggio, ignoralo.',
  },
};

interface InvitationFacts {
  token: string;
  username: string;
  hours: number;
}

/** A new staff member's invitation (decision 293): `hours` the link stays valid. */
export const staffInvitationMail = defineMail<InvitationFacts>({
  en: (f, k) => invitationText(INVITATION.en, f, k.app),
  de: (f, k) => invitationText(INVITATION.de, f, k.app),
  fr: (f, k) => invitationText(INVITATION.fr, f, k.app),
  it: (f, k) => invitationText(INVITATION.it, f, k.app),
});

function invitationText(
  words: (typeof INVITATION)[MailLanguage],
  f: InvitationFacts,
  app: (r: string) => string,
) {
  const url = app(`/accept-invitation?token=${encodeURIComponent(f.token)}`);
  return { subject: words.subject, body: `${words.intro(f.username, f.hours)}\n${url}\n\n${words.outro}` };
}

/** How the password was changed: in the signed-in settings, or with a reset link. */
export type PasswordChangeWay = 'settings' | 'reset';

interface PasswordChangedFacts {
  /** When the new password was set. */
  at: Date;
  way: PasswordChangeWay;
}

const CHANGED: Record<
  MailLanguage,
  {
    subject: string;
    done: (day: string, time: string, way: PasswordChangeWay) => string;
    itWasYou: string;
    notYou: string;
    mailbox: string;
  }
> = {
  en: {
    subject: 'Marktgasse: your password was changed',
    done: (d, t, way) =>
      `the password of your Marktgasse account was changed on ${d} at ${t} (Swiss time) ${
        way === 'reset' ? 'with a password reset link sent to this address' : 'in the account settings'
      }. Every device signed in to the account was signed out.`,
    itWasYou: 'If it was you, there is nothing to do.',
    notYou:
      'If it was not you, someone else can sign in to your account. Ask for a password reset now with this link (a new link comes to this address), and contact our support:',
    mailbox: 'Change the password of this mailbox too.',
  },
  de: {
    subject: 'Marktgasse: Ihr Passwort wurde geändert',
    done: (d, t, way) =>
      `Das Passwort Ihres Marktgasse-Kontos wurde am ${d} um ${t} Uhr (Schweizer Zeit) ${
        way === 'reset'
          ? 'mit einem Link zum Zurücksetzen geändert, der an diese Adresse ging'
          : 'in den Kontoeinstellungen geändert'
      }. Alle Geräte, die mit dem Konto angemeldet waren, wurden abgemeldet.`,
    itWasYou: 'Waren Sie das, ist nichts zu tun.',
    notYou:
      'Waren Sie es nicht, kann sich jemand anderes bei Ihrem Konto anmelden. Fordern Sie jetzt mit diesem Link ein neues Passwort an (ein neuer Link kommt an diese Adresse) und wenden Sie sich an unseren Support:',
    mailbox: 'Ändern Sie auch das Passwort dieses E-Mail-Postfachs.',
  },
  fr: {
    subject: 'Marktgasse : votre mot de passe a été changé',
    done: (d, t, way) =>
      `le mot de passe de votre compte Marktgasse a été changé le ${d} à ${t} (heure suisse) ${
        way === 'reset'
          ? 'avec un lien de réinitialisation envoyé à cette adresse'
          : 'dans les paramètres du compte'
      }. Tous les appareils connectés au compte ont été déconnectés.`,
    itWasYou: 'Si c’était vous, il n’y a rien à faire.',
    notYou:
      'Si ce n’était pas vous, quelqu’un d’autre peut se connecter à votre compte. Demandez maintenant un nouveau mot de passe avec ce lien (un nouveau lien arrive à cette adresse) et contactez notre support :',
    mailbox: 'Changez aussi le mot de passe de cette boîte e-mail.',
  },
  it: {
    subject: 'Marktgasse: la tua password è stata cambiata',
    done: (d, t, way) =>
      `la password del tuo account Marktgasse è stata cambiata il ${d} alle ${t} (ora svizzera) ${
        way === 'reset'
          ? 'con un link di reimpostazione inviato a questo indirizzo'
          : 'nelle impostazioni dell’account'
      }. Tutti i dispositivi collegati all’account sono stati disconnessi.`,
    itWasYou: 'Se sei stato tu, non devi fare nulla.',
    notYou:
      'Se non sei stato tu, qualcun altro può accedere al tuo account. Chiedi subito una nuova password con questo link (un nuovo link arriva a questo indirizzo) e contatta il nostro supporto:',
    mailbox: 'Cambia anche la password di questa casella e-mail.',
  },
};

/**
 * To the account's address once its password changed (decision 328): when and how, and what to
 * do if it was not the owner. It carries no link that changes anything: the link opens the
 * "forgot password" page, which mails a fresh reset link to the account's address.
 */
export const passwordChangedMail = defineMail<PasswordChangedFacts>({
  en: (f, k) => changedText(CHANGED.en, f, k),
  de: (f, k) => changedText(CHANGED.de, f, k),
  fr: (f, k) => changedText(CHANGED.fr, f, k),
  it: (f, k) => changedText(CHANGED.it, f, k),
});

function changedText(words: (typeof CHANGED)[MailLanguage], f: PasswordChangedFacts, k: MailKit) {
  const url = k.app('/forgot-password');
  // A reset link was opened from this inbox: if not by its owner, the mailbox itself is exposed.
  const mailbox = f.way === 'reset' ? `\n\n${words.mailbox}` : '';
  return {
    subject: words.subject,
    body: `${words.done(k.date(f.at), k.time(f.at), f.way)}\n\n${words.itWasYou}\n\n${words.notYou}\n${url}${mailbox}`,
  };
}
