/**
 * The one way to write an e-mail (decision 272): a template is its subject and body in each
 * of the four languages, as functions of the facts it tells; the layout around them (greeting,
 * signature, links, amounts, dates in the language's way) is the same for every e-mail.
 *
 * Adding an e-mail, in the module whose event sends it (for example accounts/…-mail.ts):
 *
 *   import { defineMail } from '../mail/template.ts';
 *   import { queueMail } from '../mail/service.ts';
 *
 *   export const resetMail = defineMail<{ token: string; hours: number }>({
 *     en: (f, k) => ({ subject: 'Marktgasse: reset your password',
 *                      body: `open ${k.app(`/reset/${f.token}`)} within ${f.hours} hours …` }),
 *     de: (f, k) => ({ … }), fr: (f, k) => ({ … }), it: (f, k) => ({ … }),
 *   });
 *
 *   // in the service, inside the event's transaction:
 *   await queueMail(tx, [resetMail(ctx, user, language, { token, hours: 1 })]);
 *
 * - TypeScript refuses a template without all four languages.
 * - `body` is what follows the greeting ("Hello Anna," / "Guten Tag Anna" / …) and precedes the
 *   signature; the layout adds both. Write English and French bodies as going on after the
 *   greeting's comma (lower case), German and Italian as the language does.
 * - `language` is the recipient's language by the rule of decision 272: an order's e-mails to
 *   its customer use `orders.locale`; an e-mail answering the recipient's own request uses that
 *   request's Accept-Language (`mailLanguageOf(request.headers['accept-language'])`); where the
 *   server knows nothing of the recipient's language, pass null and the e-mail is in English.
 * - Amounts through `k.chf` (the shared per-language formatter), dates through `k.date` (and
 *   the time of day, where it matters, through `k.time`), links
 *   into the web app through `k.app('/route')`, to an API file through `k.api('/api/…')`.
 */
import { formatCHFIn } from '@marktgasse/shared';
import type { Config } from '../../config/env.ts';
import { negotiateLanguage } from '../../i18n/translate.ts';

export const MAIL_LANGUAGES = ['en', 'de', 'fr', 'it'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** One e-mail as written to the outbox: already in its recipient's language. */
export interface Mail {
  recipient: string;
  subject: string;
  body: string;
}

/** Who gets it; without a username the greeting names nobody ("Hello,"). */
export interface Recipient {
  email: string;
  username?: string | null;
}

/** What the template's text functions use to write amounts, dates and links in their language. */
export interface MailKit {
  language: MailLanguage;
  /** An amount (Rappen, or a decimal string) as the language writes CHF. */
  chf(amount: number | string): string;
  /** A day as dd.mm.yyyy in Swiss time. */
  date(at: Date): string;
  /** A time of day as HH:mm (24 hours) in Swiss time: when a security event happened. */
  time(at: Date): string;
  /** A link to a route of the web app (`/customer-order/12`). */
  app(route: string): string;
  /** A link to a server path (`/api/orders/12/receipt/`). */
  api(path: string): string;
}

export interface MailText {
  subject: string;
  body: string;
}

export type MailTemplate<Facts> = Record<MailLanguage, (facts: Facts, kit: MailKit) => MailText>;

/** What the layout needs of the app: where the site is reachable. */
export interface MailSite {
  config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>;
}

/** The stored or negotiated language as one of ours; anything else (null included) is English. */
export function mailLanguage(value: string | null | undefined): MailLanguage {
  return value === 'de' || value === 'fr' || value === 'it' ? value : 'en';
}

/** The language of a request's Accept-Language header, for an e-mail answering that request. */
export function mailLanguageOf(acceptLanguage: string | string[] | undefined): MailLanguage {
  return negotiateLanguage(acceptLanguage);
}

const HELLO: Record<MailLanguage, (name: string | null) => string> = {
  en: (n) => (n ? `Hello ${n},` : 'Hello,'),
  de: (n) => (n ? `Guten Tag ${n}` : 'Guten Tag'),
  fr: (n) => (n ? `Bonjour ${n},` : 'Bonjour,'),
  it: (n) => (n ? `Ciao ${n},` : 'Buongiorno,'),
};

const SIGNATURE: Record<MailLanguage, string> = {
  en: 'Marktgasse — the marketplace of Swiss shops',
  de: 'Marktgasse — der Marktplatz der Schweizer Läden',
  fr: 'Marktgasse — la place de marché des commerces suisses',
  it: 'Marktgasse — il mercato dei negozi svizzeri',
};

const DAY = new Intl.DateTimeFormat('de-CH', {
  timeZone: 'Europe/Zurich',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

const TIME = new Intl.DateTimeFormat('de-CH', {
  timeZone: 'Europe/Zurich',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function kitFor(site: MailSite, language: MailLanguage): MailKit {
  const { PUBLIC_URL, HOST, PORT } = site.config;
  const base = (PUBLIC_URL ?? `http://${HOST}:${PORT}`).replace(/\/$/, '');
  return {
    language,
    chf: (amount) => formatCHFIn(language, amount),
    date: (at) => DAY.format(at),
    time: (at) => TIME.format(at),
    app: (route) => `${base}/#${route}`,
    api: (path) => `${base}${path}`,
  };
}

/**
 * Makes a template: the function it answers renders the e-mail to `to` in `language`
 * (the stored or negotiated value; see mailLanguage) with the given facts.
 */
export function defineMail<Facts>(texts: MailTemplate<Facts>) {
  return (site: MailSite, to: Recipient, language: string | null | undefined, facts: Facts): Mail => {
    const l = mailLanguage(language);
    const text = texts[l](facts, kitFor(site, l));
    return {
      recipient: to.email,
      subject: text.subject,
      body: `${HELLO[l](to.username ?? null)}\n\n${text.body}\n\n${SIGNATURE[l]}`,
    };
  };
}
