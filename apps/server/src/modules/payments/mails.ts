/**
 * The payments module's e-mails, in the order's language (de, fr, it, else English): the one
 * reminder of an unpaid invoice past its due date (decision 251) and the request for the
 * account a bank refund goes to (decision 250). Queued into the outbox the orders module delivers.
 */
import { formatCHF, formatQrReference, qrReferenceForOrder } from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';

export type PaymentMailLocale = 'en' | 'de' | 'fr' | 'it';

export interface PaymentMail {
  recipient: string;
  subject: string;
  body: string;
}

export interface MailCustomer {
  email: string;
  username: string;
  locale: string | null;
}

export function paymentMailLocale(value: string | null | undefined): PaymentMailLocale {
  return value === 'de' || value === 'fr' || value === 'it' ? value : 'en';
}

/** dd.mm.yyyy, as Swiss bills print dates in every language. */
export function swissDate(at: Date): string {
  return at.toISOString().slice(0, 10).split('-').reverse().join('.');
}

function chf(locale: PaymentMailLocale, rappen: number): string {
  const text = formatCHF(rappen);
  return locale === 'fr' ? text.replace('.', ',') : text;
}

function publicBase(ctx: AppContext): string {
  return (ctx.config.PUBLIC_URL ?? `http://${ctx.config.HOST}:${ctx.config.PORT}`).replace(/\/$/, '');
}

const SIGNATURE: Record<PaymentMailLocale, string> = {
  en: 'Marktgasse — the marketplace of Swiss shops',
  de: 'Marktgasse — der Marktplatz der Schweizer Geschäfte',
  fr: 'Marktgasse — la place de marché des commerces suisses',
  it: 'Marktgasse — il mercato dei negozi svizzeri',
};

interface ReminderFacts {
  id: number;
  amount: string;
  reference: string;
  dueAt: string;
  cancelAt: string;
  bill: string;
  page: string;
}

const REMINDER: Record<
  PaymentMailLocale,
  { subject: (id: number) => string; body: (f: ReminderFacts) => string }
> = {
  en: {
    subject: (id) => `Marktgasse: reminder — invoice for order #${id} is due`,
    body: (f) =>
      `our records show no payment yet for order #${f.id}: ${f.amount} was due on ${f.dueAt} (QR reference ${f.reference}).\n\n` +
      `Please pay it with the QR-bill in your e-banking by ${f.cancelAt}. After that date the order is cancelled and the items go back on sale. ` +
      `If you have just paid, please ignore this e-mail.\n\nQR-bill (PDF, when signed in): ${f.bill}\nYour order: ${f.page}`,
  },
  de: {
    subject: (id) => `Marktgasse: Zahlungserinnerung zur Bestellung #${id}`,
    body: (f) =>
      `für die Bestellung #${f.id} ist noch keine Zahlung eingegangen: ${f.amount} waren am ${f.dueAt} fällig (QR-Referenz ${f.reference}).\n\n` +
      `Bitte bezahlen Sie mit dem QR-Einzahlungsschein in Ihrem E-Banking bis ${f.cancelAt}. Danach wird die Bestellung storniert und die Artikel gehen zurück in den Verkauf. ` +
      `Falls Sie soeben bezahlt haben, betrachten Sie diese E-Mail als gegenstandslos.\n\nQR-Rechnung (PDF, angemeldet): ${f.bill}\nIhre Bestellung: ${f.page}`,
  },
  fr: {
    subject: (id) => `Marktgasse : rappel de paiement pour la commande n° ${id}`,
    body: (f) =>
      `nous n’avons pas encore reçu le paiement de la commande n° ${f.id} : ${f.amount} étaient dus le ${f.dueAt} (référence QR ${f.reference}).\n\n` +
      `Merci de payer avec la QR-facture dans votre e-banking d’ici au ${f.cancelAt}. Passé ce délai, la commande est annulée et les articles sont remis en vente. ` +
      `Si vous venez de payer, veuillez ignorer cet e-mail.\n\nQR-facture (PDF, une fois connecté·e) : ${f.bill}\nVotre commande : ${f.page}`,
  },
  it: {
    subject: (id) => `Marktgasse: promemoria di pagamento per l’ordine n. ${id}`,
    body: (f) =>
      `non abbiamo ancora ricevuto il pagamento dell’ordine n. ${f.id}: ${f.amount} erano dovuti il ${f.dueAt} (riferimento QR ${f.reference}).\n\n` +
      `Ti preghiamo di pagare con la QR-fattura nel tuo e-banking entro il ${f.cancelAt}. Dopo questa data l’ordine viene annullato e gli articoli tornano in vendita. ` +
      `Se hai appena pagato, ignora questa e-mail.\n\nQR-fattura (PDF, dopo l’accesso): ${f.bill}\nIl tuo ordine: ${f.page}`,
  },
};

const HELLO: Record<PaymentMailLocale, (name: string) => string> = {
  en: (n) => `Hello ${n},`,
  de: (n) => `Guten Tag ${n}`,
  fr: (n) => `Bonjour ${n},`,
  it: (n) => `Ciao ${n},`,
};

export function invoiceReminderMail(
  ctx: AppContext,
  to: MailCustomer,
  order: { id: number; totalRappen: number; dueAt: Date; expiresAt: Date },
): PaymentMail {
  const l = paymentMailLocale(to.locale);
  const base = publicBase(ctx);
  const facts: ReminderFacts = {
    id: order.id,
    amount: chf(l, order.totalRappen),
    reference: formatQrReference(qrReferenceForOrder(order.id)),
    dueAt: swissDate(order.dueAt),
    cancelAt: swissDate(order.expiresAt),
    bill: `${base}/api/orders/${order.id}/qr-bill/`,
    page: `${base}/#/customer-order/${order.id}`,
  };
  return {
    recipient: to.email,
    subject: REMINDER[l].subject(order.id),
    body: `${HELLO[l](to.username)}\n\n${REMINDER[l].body(facts)}\n\n${SIGNATURE[l]}`,
  };
}

const ACCOUNT: Record<
  PaymentMailLocale,
  { subject: (id: number) => string; body: (id: number, amount: string, page: string) => string }
> = {
  en: {
    subject: (id) => `Marktgasse: where should we send your refund for order #${id}?`,
    body: (id, amount, page) =>
      `a seller cancelled part of your order #${id}, which you paid by bank transfer. We refund ${amount} to your bank account.\n\n` +
      `Please enter the IBAN and the account holder on your order page; the refund goes out as soon as we have them:\n${page}`,
  },
  de: {
    subject: (id) => `Marktgasse: Wohin dürfen wir die Rückerstattung zur Bestellung #${id} überweisen?`,
    body: (id, amount, page) =>
      `eine Verkäuferin oder ein Verkäufer hat einen Teil Ihrer Bestellung #${id} storniert, die Sie per Banküberweisung bezahlt haben. Wir erstatten Ihnen ${amount} auf Ihr Bankkonto zurück.\n\n` +
      `Bitte geben Sie auf der Seite Ihrer Bestellung die IBAN und den Kontoinhaber an; die Rückerstattung wird überwiesen, sobald diese Angaben vorliegen:\n${page}`,
  },
  fr: {
    subject: (id) => `Marktgasse : où verser le remboursement de la commande n° ${id} ?`,
    body: (id, amount, page) =>
      `un vendeur a annulé une partie de votre commande n° ${id}, payée par virement bancaire. Nous vous remboursons ${amount} sur votre compte bancaire.\n\n` +
      `Merci d’indiquer l’IBAN et le titulaire du compte sur la page de votre commande ; le remboursement part dès réception :\n${page}`,
  },
  it: {
    subject: (id) => `Marktgasse: dove inviare il rimborso per l’ordine n. ${id}?`,
    body: (id, amount, page) =>
      `un venditore ha annullato una parte del tuo ordine n. ${id}, pagato con bonifico bancario. Ti rimborsiamo ${amount} sul tuo conto bancario.\n\n` +
      `Indica l’IBAN e il titolare del conto nella pagina del tuo ordine; il rimborso parte non appena li avremo:\n${page}`,
  },
};

export function refundAccountMail(
  ctx: AppContext,
  to: MailCustomer,
  refund: { orderId: number; amountRappen: number },
): PaymentMail {
  const l = paymentMailLocale(to.locale);
  const page = `${publicBase(ctx)}/#/customer-order/${refund.orderId}`;
  return {
    recipient: to.email,
    subject: ACCOUNT[l].subject(refund.orderId),
    body: `${HELLO[l](to.username)}\n\n${ACCOUNT[l].body(refund.orderId, chf(l, refund.amountRappen), page)}\n\n${SIGNATURE[l]}`,
  };
}
