/**
 * The payments module's e-mails, written with the one e-mail mechanism (mail/template.ts,
 * decision 272) in the order's language: the one reminder of an unpaid invoice past its due
 * date (decision 251) and the request for the account a bank refund goes to (decision 250).
 * Queued with queueMail into the outbox the orders module delivers.
 */
import { formatQrReference, qrReferenceForOrder } from '@marktgasse/shared';
import { defineMail } from '../mail/template.ts';

export interface InvoiceReminderFacts {
  orderId: number;
  totalRappen: number;
  dueAt: Date;
  expiresAt: Date;
}

const reference = (orderId: number) => formatQrReference(qrReferenceForOrder(orderId));
const billPath = (orderId: number) => `/api/orders/${orderId}/qr-bill/`;
const orderRoute = (orderId: number) => `/customer-order/${orderId}`;

export const invoiceReminderMail = defineMail<InvoiceReminderFacts>({
  en: (f, k) => ({
    subject: `Marktgasse: reminder — invoice for order #${f.orderId} is due`,
    body:
      `our records show no payment yet for order #${f.orderId}: ${k.chf(f.totalRappen)} was due on ${k.date(f.dueAt)} (QR reference ${reference(f.orderId)}).\n\n` +
      `Please pay it with the QR-bill in your e-banking by ${k.date(f.expiresAt)}. After that date the order is cancelled and the items go back on sale. ` +
      `If you have just paid, please ignore this e-mail.\n\n` +
      `QR-bill (PDF, when signed in): ${k.api(billPath(f.orderId))}\nYour order: ${k.app(orderRoute(f.orderId))}`,
  }),
  de: (f, k) => ({
    subject: `Marktgasse: Zahlungserinnerung zur Bestellung #${f.orderId}`,
    body:
      `für die Bestellung #${f.orderId} ist noch keine Zahlung eingegangen: ${k.chf(f.totalRappen)} waren am ${k.date(f.dueAt)} fällig (QR-Referenz ${reference(f.orderId)}).\n\n` +
      `Bitte bezahlen Sie mit dem QR-Einzahlungsschein in Ihrem E-Banking bis ${k.date(f.expiresAt)}. Danach wird die Bestellung storniert und die Artikel gehen zurück in den Verkauf. ` +
      `Falls Sie soeben bezahlt haben, betrachten Sie diese E-Mail als gegenstandslos.\n\n` +
      `QR-Rechnung (PDF, angemeldet): ${k.api(billPath(f.orderId))}\nIhre Bestellung: ${k.app(orderRoute(f.orderId))}`,
  }),
  fr: (f, k) => ({
    subject: `Marktgasse : rappel de paiement pour la commande n° ${f.orderId}`,
    body:
      `nous n’avons pas encore reçu le paiement de la commande n° ${f.orderId} : ${k.chf(f.totalRappen)} étaient dus le ${k.date(f.dueAt)} (référence QR ${reference(f.orderId)}).\n\n` +
      `Merci de payer avec la QR-facture dans votre e-banking d’ici au ${k.date(f.expiresAt)}. Passé ce délai, la commande est annulée et les articles sont remis en vente. ` +
      `Si vous venez de payer, veuillez ignorer cet e-mail.\n\n` +
      `QR-facture (PDF, une fois connecté·e) : ${k.api(billPath(f.orderId))}\nVotre commande : ${k.app(orderRoute(f.orderId))}`,
  }),
  it: (f, k) => ({
    subject: `Marktgasse: promemoria di pagamento per l’ordine n. ${f.orderId}`,
    body:
      `non abbiamo ancora ricevuto il pagamento dell’ordine n. ${f.orderId}: ${k.chf(f.totalRappen)} erano dovuti il ${k.date(f.dueAt)} (riferimento QR ${reference(f.orderId)}).\n\n` +
      `Ti preghiamo di pagare con la QR-fattura nel tuo e-banking entro il ${k.date(f.expiresAt)}. Dopo questa data l’ordine viene annullato e gli articoli tornano in vendita. ` +
      `Se hai appena pagato, ignora questa e-mail.\n\n` +
      `QR-fattura (PDF, dopo l’accesso): ${k.api(billPath(f.orderId))}\nIl tuo ordine: ${k.app(orderRoute(f.orderId))}`,
  }),
});

export interface RefundAccountFacts {
  orderId: number;
  amountRappen: number;
}

export const refundAccountMail = defineMail<RefundAccountFacts>({
  en: (f, k) => ({
    subject: `Marktgasse: where should we send your refund for order #${f.orderId}?`,
    body:
      `part of your order #${f.orderId}, which you paid by bank transfer, was cancelled or refunded. We refund ${k.chf(f.amountRappen)} to your bank account.\n\n` +
      `Please enter the IBAN and the account holder on your order page; the refund goes out as soon as we have them:\n${k.app(orderRoute(f.orderId))}`,
  }),
  de: (f, k) => ({
    subject: `Marktgasse: Wohin dürfen wir die Rückerstattung zur Bestellung #${f.orderId} überweisen?`,
    body:
      `ein Teil Ihrer Bestellung #${f.orderId}, die Sie per Banküberweisung bezahlt haben, wurde storniert oder erstattet. Wir erstatten Ihnen ${k.chf(f.amountRappen)} auf Ihr Bankkonto zurück.\n\n` +
      `Bitte geben Sie auf der Seite Ihrer Bestellung die IBAN und den Kontoinhaber an; die Rückerstattung wird überwiesen, sobald diese Angaben vorliegen:\n${k.app(orderRoute(f.orderId))}`,
  }),
  fr: (f, k) => ({
    subject: `Marktgasse : où verser le remboursement de la commande n° ${f.orderId} ?`,
    body:
      `une partie de votre commande n° ${f.orderId}, payée par virement bancaire, a été annulée ou remboursée. Nous vous remboursons ${k.chf(f.amountRappen)} sur votre compte bancaire.\n\n` +
      `Merci d’indiquer l’IBAN et le titulaire du compte sur la page de votre commande ; le remboursement part dès réception :\n${k.app(orderRoute(f.orderId))}`,
  }),
  it: (f, k) => ({
    subject: `Marktgasse: dove inviare il rimborso per l’ordine n. ${f.orderId}?`,
    body:
      `una parte del tuo ordine n. ${f.orderId}, pagato con bonifico bancario, è stata annullata o rimborsata. Ti rimborsiamo ${k.chf(f.amountRappen)} sul tuo conto bancario.\n\n` +
      `Indica l’IBAN e il titolare del conto nella pagina del tuo ordine; il rimborso parte non appena li avremo:\n${k.app(orderRoute(f.orderId))}`,
  }),
});
