/**
 * The e-mails of a change of address (decision 324): the link to the new address, the notice to
 * the old one that a change was asked, and the old one's notice once it is done; in the
 * language of the request (de, fr, it; English otherwise), through the mail module.
 */
import { defineMail, type MailLanguage } from '../mail/template.ts';

/** "n***@example.ch": enough for the owner to recognise an address, not enough to learn it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

interface LinkFacts {
  token: string;
  hours: number;
}

const LINK: Record<MailLanguage, { subject: string; intro: (h: number) => string; outro: string }> = {
  en: {
    subject: 'Marktgasse: confirm your new e-mail address',
    intro: (h) =>
      `you asked to use this address for your Marktgasse account. Open this link within ${h} hours to confirm it; until then your account keeps its old address:`,
    outro: 'The link works once. If you did not ask for this, ignore this message: nothing changes.',
  },
  de: {
    subject: 'Marktgasse: Bestätigen Sie Ihre neue E-Mail-Adresse',
    intro: (h) =>
      `Sie möchten diese Adresse für Ihr Marktgasse-Konto verwenden. Öffnen Sie innert ${h} Stunden diesen Link, um sie zu bestätigen; bis dahin behält Ihr Konto die bisherige Adresse:`,
    outro:
      'Der Link funktioniert einmal. Wenn Sie nichts angefordert haben, ignorieren Sie diese Nachricht: Es ändert sich nichts.',
  },
  fr: {
    subject: 'Marktgasse : confirmez votre nouvelle adresse e-mail',
    intro: (h) =>
      `vous souhaitez utiliser cette adresse pour votre compte Marktgasse. Ouvrez ce lien dans les ${h} heures pour la confirmer ; d’ici là, votre compte garde son ancienne adresse :`,
    outro:
      'Le lien ne fonctionne qu’une fois. Si vous n’avez rien demandé, ignorez ce message : rien ne change.',
  },
  it: {
    subject: 'Marktgasse: conferma il tuo nuovo indirizzo e-mail',
    intro: (h) =>
      `vuoi usare questo indirizzo per il tuo account Marktgasse. Apri questo link entro ${h} ore per confermarlo; fino ad allora il tuo account mantiene l’indirizzo precedente:`,
    outro:
      'Il link funziona una sola volta. Se non hai chiesto nulla, ignora questo messaggio: non cambia nulla.',
  },
};

/** To the new address: the link that makes it the account's address (`hours` valid). */
export const emailChangeLinkMail = defineMail<LinkFacts>({
  en: (f, k) => linkText(LINK.en, f, k.app),
  de: (f, k) => linkText(LINK.de, f, k.app),
  fr: (f, k) => linkText(LINK.fr, f, k.app),
  it: (f, k) => linkText(LINK.it, f, k.app),
});

function linkText(words: (typeof LINK)[MailLanguage], f: LinkFacts, app: (r: string) => string) {
  // The confirmation page answers both kinds of link; `change` tells it which call to make.
  const url = app(`/confirm-email?change=${encodeURIComponent(f.token)}`);
  return { subject: words.subject, body: `${words.intro(f.hours)}\n${url}\n\n${words.outro}` };
}

interface NoticeFacts {
  /** The new address, masked (maskEmail). */
  masked: string;
}

const ASKED: Record<MailLanguage, { subject: string; body: (m: string) => string }> = {
  en: {
    subject: 'Marktgasse: a change of your e-mail address was asked',
    body: (m) =>
      `a change of your Marktgasse account's e-mail address to ${m} was asked. It takes effect only once the link sent to the new address is opened.\n\nIf it was not you, reset your password now ("Forgot password?" on the sign-in page): someone knows it.`,
  },
  de: {
    subject: 'Marktgasse: Eine Änderung Ihrer E-Mail-Adresse wurde angefordert',
    body: (m) =>
      `für Ihr Marktgasse-Konto wurde eine Änderung der E-Mail-Adresse auf ${m} angefordert. Sie gilt erst, wenn der Link an die neue Adresse geöffnet wird.\n\nWenn das nicht Sie waren, setzen Sie jetzt Ihr Passwort zurück («Passwort vergessen?» auf der Anmeldeseite): Jemand kennt es.`,
  },
  fr: {
    subject: 'Marktgasse : un changement de votre adresse e-mail a été demandé',
    body: (m) =>
      `un changement de l’adresse e-mail de votre compte Marktgasse vers ${m} a été demandé. Il ne prend effet qu’une fois le lien envoyé à la nouvelle adresse ouvert.\n\nSi ce n’était pas vous, réinitialisez votre mot de passe maintenant (« Mot de passe oublié ? » sur la page de connexion) : quelqu’un le connaît.`,
  },
  it: {
    subject: 'Marktgasse: è stata chiesta una modifica del tuo indirizzo e-mail',
    body: (m) =>
      `è stata chiesta la modifica dell’indirizzo e-mail del tuo account Marktgasse in ${m}. Vale solo quando si apre il link inviato al nuovo indirizzo.\n\nSe non sei stato tu, reimposta subito la password («Password dimenticata?» nella pagina di accesso): qualcuno la conosce.`,
  },
};

/** To the old address when a change is asked: the new address masked, and what to do if it was not them. */
export const emailChangeAskedMail = defineMail<NoticeFacts>({
  en: (f) => ({ subject: ASKED.en.subject, body: ASKED.en.body(f.masked) }),
  de: (f) => ({ subject: ASKED.de.subject, body: ASKED.de.body(f.masked) }),
  fr: (f) => ({ subject: ASKED.fr.subject, body: ASKED.fr.body(f.masked) }),
  it: (f) => ({ subject: ASKED.it.subject, body: ASKED.it.body(f.masked) }),
});

const DONE: Record<MailLanguage, { subject: string; body: (m: string) => string }> = {
  en: {
    subject: 'Marktgasse: your e-mail address was changed',
    body: (m) =>
      `your Marktgasse account's e-mail address is now ${m}; this address receives no more messages about it.\n\nIf it was not you, contact our support.`,
  },
  de: {
    subject: 'Marktgasse: Ihre E-Mail-Adresse wurde geändert',
    body: (m) =>
      `die E-Mail-Adresse Ihres Marktgasse-Kontos ist jetzt ${m}; an diese Adresse senden wir dazu keine Nachrichten mehr.\n\nWenn das nicht Sie waren, wenden Sie sich an unseren Support.`,
  },
  fr: {
    subject: 'Marktgasse : votre adresse e-mail a été changée',
    body: (m) =>
      `l’adresse e-mail de votre compte Marktgasse est désormais ${m} ; cette adresse-ci ne recevra plus de messages à son sujet.\n\nSi ce n’était pas vous, contactez notre support.`,
  },
  it: {
    subject: 'Marktgasse: il tuo indirizzo e-mail è stato cambiato',
    body: (m) =>
      `l’indirizzo e-mail del tuo account Marktgasse ora è ${m}; a questo indirizzo non invieremo più messaggi al riguardo.\n\nSe non sei stato tu, contatta il nostro supporto.`,
  },
};

/** To the old address once the change is done. */
export const emailChangedMail = defineMail<NoticeFacts>({
  en: (f) => ({ subject: DONE.en.subject, body: DONE.en.body(f.masked) }),
  de: (f) => ({ subject: DONE.de.subject, body: DONE.de.body(f.masked) }),
  fr: (f) => ({ subject: DONE.fr.subject, body: DONE.fr.body(f.masked) }),
  it: (f) => ({ subject: DONE.it.subject, body: DONE.it.body(f.masked) }),
});
