/**
 * E-mails about orders. They are written to the outbox table in the same transaction as the
 * event, and a background job delivers them: through SMTP when SMTP_URL is set, otherwise as
 * .eml files under DATA_DIR/outbox. A failed send is logged and retried later; it never
 * fails the order.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import {
  formatCHF,
  formatQrReference,
  qrReferenceForOrder,
  trackingUrl,
  type Carrier,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import {
  claimMail,
  markMailFailed,
  markMailsSent,
  purgeSentMail,
  type MailInput,
  type OutboxRow,
} from './repo.ts';

const MAX_ATTEMPTS = 10;
const BATCH = 20;
const MAX_ROUNDS = 50;
/** Sent e-mails stay this long (support: "did the confirmation go out?"), then go. */
export const SENT_MAIL_KEEP_DAYS = 30;
const PURGE_BATCH = 5_000;

export interface MailLine {
  name: string;
  quantity: number;
  priceRappen: number;
  place: string;
}

function lines(items: MailLine[]): string {
  return items
    .map((i) => `  ${i.quantity} × ${i.name} — ${formatCHF(i.priceRappen)}${i.place ? ` (${i.place})` : ''}`)
    .join('\n');
}

export function link(ctx: AppContext, route: string): string {
  const base = ctx.config.PUBLIC_URL ?? `http://${ctx.config.HOST}:${ctx.config.PORT}`;
  return `${base.replace(/\/$/, '')}/#${route}`;
}

const signature = '\n\nMarktgasse — the marketplace of Swiss shops';

export const mails = {
  /** An invoice order's bill (decision 247): the one e-mail sent at placement, since it asks for payment. */
  invoiceIssued(
    ctx: AppContext,
    to: { email: string; username: string },
    order: { id: number; totalRappen: number; dueAt: Date },
  ): MailInput {
    const base = link(ctx, '').replace(/\/#$/, '');
    const due = order.dueAt.toISOString().slice(0, 10).split('-').reverse().join('.');
    return {
      recipient: to.email,
      subject: `Marktgasse: your invoice for order #${order.id}`,
      body:
        `Hello ${to.username},\n\nthank you for your order #${order.id}. Please pay ${formatCHF(order.totalRappen)} ` +
        `by ${due} with the QR-bill in your e-banking (reference ${formatQrReference(qrReferenceForOrder(order.id))}); ` +
        `the items are held for you until then.\n\nQR-bill (PDF, when signed in): ${base}/api/orders/${order.id}/qr-bill/\n` +
        `Your order: ${link(ctx, `/customer-order/${order.id}`)}${signature}`,
    };
  },
  orderPaid(
    ctx: AppContext,
    to: { email: string; username: string },
    order: { id: number; totalRappen: number },
    items: MailLine[],
  ): MailInput {
    // The customer's first e-mail about an order: none is sent at placement (decision 170).
    // It links the platform's receipt with the VAT of each rate (Art. 20a MWSTG, decision 235).
    const base = link(ctx, '').replace(/\/#$/, '');
    return {
      recipient: to.email,
      subject: `Marktgasse: payment received for order #${order.id}`,
      body:
        `Hello ${to.username},\n\nwe received your payment of ${formatCHF(order.totalRappen)} for order #${order.id}. ` +
        `The sellers are preparing it.\n\n${lines(items)}\n\nTotal: ${formatCHF(order.totalRappen)}\n` +
        `Receipt with VAT (PDF, when signed in): ${base}/api/orders/${order.id}/receipt/\n` +
        `${link(ctx, `/customer-order/${order.id}`)}${signature}`,
    };
  },
  readyForPickup(
    ctx: AppContext,
    to: { email: string; username: string },
    order: { id: number },
    pickup: { code: string; seller: string; items: MailLine[] },
  ): MailInput {
    return {
      recipient: to.email,
      subject: `Marktgasse: order #${order.id} is ready for pick-up (code ${pickup.code})`,
      body:
        `Hello ${to.username},\n\nyour items from ${pickup.seller} are ready for pick-up:\n\n${lines(pickup.items)}\n\n` +
        `Show this pick-up code in the store: ${pickup.code}\n${link(ctx, `/customer-order/${order.id}`)}${signature}`,
    };
  },
  sellerNewPaidOrder(
    ctx: AppContext,
    to: { email: string; username: string },
    sellerOrder: { id: number; orderId: number; totalRappen: number },
    items: MailLine[],
  ): MailInput {
    return {
      recipient: to.email,
      subject: `Marktgasse: new paid order, seller order #${sellerOrder.id}`,
      body:
        `Hello ${to.username},\n\norder #${sellerOrder.orderId} has been paid. Your part (seller order #${sellerOrder.id}):\n\n` +
        `${lines(items)}\n\nTotal: ${formatCHF(sellerOrder.totalRappen)}\n${link(ctx, `/seller-order/${sellerOrder.id}`)}${signature}`,
    };
  },
  /** In the customer's language (orders.locale), with the carrier's tracking link when known. */
  shipped(
    ctx: AppContext,
    to: { email: string; username: string },
    order: { id: number; locale: string | null },
    parcel: { seller: string; items: MailLine[]; carrier: Carrier | null; trackingNumber: string | null },
  ): MailInput {
    const l = mailLocale(order.locale);
    const words = SHIPPED_WORDS[l];
    const url = trackingUrl(parcel.carrier, parcel.trackingNumber);
    const details = [
      parcel.carrier ? `${words.carrier}: ${carrierLabel(l, parcel.carrier)}` : null,
      parcel.trackingNumber ? `${words.number}: ${parcel.trackingNumber}` : null,
      url ? `${words.follow}: ${url}` : null,
    ].filter((line) => line !== null);
    return {
      recipient: to.email,
      subject: words.subject(parcel.seller, order.id),
      body:
        `${HELLO[l](to.username)}\n\n${words.intro(parcel.seller, order.id)}\n\n${lines(parcel.items)}\n` +
        (details.length ? `\n${details.join('\n')}\n` : '') +
        `${link(ctx, `/customer-order/${order.id}`)}${SIGNATURES[l]}`,
    };
  },
  pickedUp(
    ctx: AppContext,
    to: { email: string; username: string },
    order: { id: number },
    item: MailLine,
  ): MailInput {
    return {
      recipient: to.email,
      subject: `Marktgasse: ${item.name} picked up (order #${order.id})`,
      body:
        `Hello ${to.username},\n\n${item.quantity} × ${item.name} of order #${order.id} was picked up at ${item.place}.\n` +
        `${link(ctx, `/customer-order/${order.id}`)}${signature}`,
    };
  },
};

/** The customer's language for the cancellation and refund e-mails (orders.locale). */
export type MailLocale = 'en' | 'de' | 'fr' | 'it';

export function mailLocale(value: string | null | undefined): MailLocale {
  return value === 'de' || value === 'fr' || value === 'it' ? value : 'en';
}

/** CHF amounts as each language writes them (de/it: 12.50, fr: 12,50), without Intl. */
function chf(locale: MailLocale, rappen: number): string {
  const text = formatCHF(rappen);
  return locale === 'fr' ? text.replace('.', ',') : text;
}

export const SIGNATURES: Record<MailLocale, string> = {
  en: signature,
  de: '\n\nMarktgasse — der Marktplatz der Schweizer Läden',
  fr: '\n\nMarktgasse — la place de marché des commerces suisses',
  it: '\n\nMarktgasse — il mercato dei negozi svizzeri',
};

export const HELLO: Record<MailLocale, (name: string) => string> = {
  en: (n) => `Hello ${n},`,
  de: (n) => `Guten Tag ${n}`,
  fr: (n) => `Bonjour ${n},`,
  it: (n) => `Ciao ${n},`,
};

/** The carriers as each language names them (Swiss Post is "Die Post", "La Poste", "La Posta"). */
const CARRIER_LABELS: Record<MailLocale, Record<Carrier, string>> = {
  en: { swisspost: 'Swiss Post', dpd: 'DPD', dhl: 'DHL', other: 'another carrier' },
  de: { swisspost: 'Die Post', dpd: 'DPD', dhl: 'DHL', other: 'ein anderer Paketdienst' },
  fr: { swisspost: 'La Poste', dpd: 'DPD', dhl: 'DHL', other: 'un autre transporteur' },
  it: { swisspost: 'La Posta', dpd: 'DPD', dhl: 'DHL', other: 'un altro corriere' },
};
const carrierLabel = (l: MailLocale, carrier: Carrier): string => CARRIER_LABELS[l][carrier];

const SHIPPED_WORDS: Record<
  MailLocale,
  {
    subject: (seller: string, id: number) => string;
    intro: (seller: string, id: number) => string;
    carrier: string;
    number: string;
    follow: string;
  }
> = {
  en: {
    subject: (s, id) => `Marktgasse: ${s} has shipped your items of order #${id}`,
    intro: (s, id) => `${s} has sent these items of order #${id}:`,
    carrier: 'Carrier',
    number: 'Tracking number',
    follow: 'Follow your parcel',
  },
  de: {
    subject: (s, id) => `Marktgasse: ${s} hat Ihre Artikel der Bestellung #${id} versandt`,
    intro: (s, id) => `${s} hat diese Artikel der Bestellung #${id} versandt:`,
    carrier: 'Versand mit',
    number: 'Sendungsnummer',
    follow: 'Sendung verfolgen',
  },
  fr: {
    subject: (s, id) => `Marktgasse : ${s} a expédié vos articles de la commande n° ${id}`,
    intro: (s, id) => `${s} a expédié ces articles de la commande n° ${id} :`,
    carrier: 'Transporteur',
    number: 'Numéro de suivi',
    follow: 'Suivre votre colis',
  },
  it: {
    subject: (s, id) => `Marktgasse: ${s} ha spedito i tuoi articoli dell’ordine n. ${id}`,
    intro: (s, id) => `${s} ha spedito questi articoli dell’ordine n. ${id}:`,
    carrier: 'Corriere',
    number: 'Numero di tracking',
    follow: 'Segui il tuo pacco',
  },
};

/** E-mails about cancellations and refunds (decision 158), in the customer's language. */
export const cancelMails = {
  /** The customer cancelled; `refundedRappen` is 0 for an unpaid order. */
  customerCancelled(
    ctx: AppContext,
    to: { email: string; username: string },
    order: { id: number; locale: string | null },
    refundedRappen: number,
  ): MailInput {
    const l = mailLocale(order.locale);
    const money = chf(l, refundedRappen);
    const text: Record<MailLocale, [string, string]> = {
      en: [
        `Marktgasse: order #${order.id} cancelled`,
        `your order #${order.id} is cancelled.` +
          (refundedRappen > 0
            ? ` We refunded ${money} to your original payment method.`
            : ' Nothing was charged.'),
      ],
      de: [
        `Marktgasse: Bestellung #${order.id} storniert`,
        `Ihre Bestellung #${order.id} ist storniert.` +
          (refundedRappen > 0
            ? ` Wir haben ${money} auf Ihr ursprüngliches Zahlungsmittel zurückerstattet.`
            : ' Es wurde nichts belastet.'),
      ],
      fr: [
        `Marktgasse : commande n° ${order.id} annulée`,
        `votre commande n° ${order.id} est annulée.` +
          (refundedRappen > 0
            ? ` Nous avons remboursé ${money} sur votre moyen de paiement d’origine.`
            : ' Rien n’a été débité.'),
      ],
      it: [
        `Marktgasse: ordine n. ${order.id} annullato`,
        `il tuo ordine n. ${order.id} è annullato.` +
          (refundedRappen > 0
            ? ` Abbiamo rimborsato ${money} sul tuo metodo di pagamento originale.`
            : ' Non è stato addebitato nulla.'),
      ],
    };
    const [subject, body] = text[l];
    return {
      recipient: to.email,
      subject,
      body: `${HELLO[l](to.username)}\n\n${body}\n${link(ctx, `/customer-order/${order.id}`)}${SIGNATURES[l]}`,
    };
  },
  /** A seller cancelled their part, with their reason; `refundedRappen` 0 when unpaid. */
  sellerCancelled(
    ctx: AppContext,
    to: { email: string; username: string },
    order: { id: number; locale: string | null },
    part: { seller: string; reason: string; refundedRappen: number; items: MailLine[] },
  ): MailInput {
    const l = mailLocale(order.locale);
    const money = chf(l, part.refundedRappen);
    const paid = part.refundedRappen > 0;
    const text: Record<MailLocale, [string, string]> = {
      en: [
        `Marktgasse: ${part.seller} cancelled their part of order #${order.id}`,
        `${part.seller} cannot deliver these items of order #${order.id}:\n\n${lines(part.items)}\n\n` +
          `Reason: ${part.reason}\n\n` +
          (paid ? `We refunded ${money} to your original payment method. ` : '') +
          'The rest of your order goes on as planned.',
      ],
      de: [
        `Marktgasse: ${part.seller} hat seinen Teil der Bestellung #${order.id} storniert`,
        `${part.seller} kann diese Artikel der Bestellung #${order.id} nicht liefern:\n\n${lines(part.items)}\n\n` +
          `Grund: ${part.reason}\n\n` +
          (paid ? `Wir haben ${money} auf Ihr ursprüngliches Zahlungsmittel zurückerstattet. ` : '') +
          'Der Rest Ihrer Bestellung läuft wie geplant weiter.',
      ],
      fr: [
        `Marktgasse : ${part.seller} a annulé sa part de la commande n° ${order.id}`,
        `${part.seller} ne peut pas livrer ces articles de la commande n° ${order.id} :\n\n${lines(part.items)}\n\n` +
          `Motif : ${part.reason}\n\n` +
          (paid ? `Nous avons remboursé ${money} sur votre moyen de paiement d’origine. ` : '') +
          'Le reste de votre commande suit son cours.',
      ],
      it: [
        `Marktgasse: ${part.seller} ha annullato la sua parte dell’ordine n. ${order.id}`,
        `${part.seller} non può consegnare questi articoli dell’ordine n. ${order.id}:\n\n${lines(part.items)}\n\n` +
          `Motivo: ${part.reason}\n\n` +
          (paid ? `Abbiamo rimborsato ${money} sul tuo metodo di pagamento originale. ` : '') +
          'Il resto del tuo ordine prosegue come previsto.',
      ],
    };
    const [subject, body] = text[l];
    return {
      recipient: to.email,
      subject,
      body: `${HELLO[l](to.username)}\n\n${body}\n${link(ctx, `/customer-order/${order.id}`)}${SIGNATURES[l]}`,
    };
  },
  /** A payment taken for an order that could no longer be honoured went back at once. */
  refunded(
    ctx: AppContext,
    to: { email: string; username: string },
    order: { id: number; locale: string | null },
    refundedRappen: number,
  ): MailInput {
    const l = mailLocale(order.locale);
    const money = chf(l, refundedRappen);
    const text: Record<MailLocale, [string, string]> = {
      en: [
        `Marktgasse: payment for order #${order.id} refunded`,
        `your payment of ${money} for order #${order.id} arrived after the order had run out, ` +
          'so its items could not be kept for you. We refunded the full amount to your original payment method.',
      ],
      de: [
        `Marktgasse: Zahlung für Bestellung #${order.id} zurückerstattet`,
        `Ihre Zahlung von ${money} für Bestellung #${order.id} kam an, nachdem die Bestellung abgelaufen war; ` +
          'die Artikel konnten nicht mehr für Sie reserviert bleiben. Wir haben den ganzen Betrag auf Ihr ursprüngliches Zahlungsmittel zurückerstattet.',
      ],
      fr: [
        `Marktgasse : paiement de la commande n° ${order.id} remboursé`,
        `votre paiement de ${money} pour la commande n° ${order.id} est arrivé après l’expiration de la commande ; ` +
          'ses articles n’ont pas pu vous être réservés. Nous avons remboursé le montant total sur votre moyen de paiement d’origine.',
      ],
      it: [
        `Marktgasse: pagamento dell’ordine n. ${order.id} rimborsato`,
        `il tuo pagamento di ${money} per l’ordine n. ${order.id} è arrivato dopo la scadenza dell’ordine; ` +
          'i suoi articoli non potevano più essere riservati per te. Abbiamo rimborsato l’intero importo sul tuo metodo di pagamento originale.',
      ],
    };
    const [subject, body] = text[l];
    return {
      recipient: to.email,
      subject,
      body: `${HELLO[l](to.username)}\n\n${body}\n${link(ctx, `/customer-order/${order.id}`)}${SIGNATURES[l]}`,
    };
  },
};

let smtp: { url: string; transport: Transporter } | null = null;
const fileTransport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

function smtpTransport(url: string): Transporter {
  if (!smtp || smtp.url !== url) smtp = { url, transport: nodemailer.createTransport(url) };
  return smtp.transport;
}

/** Retry after 1, 2, 4 … minutes, at most 6 hours. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(6 * 3600, 60 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Delivers due outbox e-mails once; answers how many went out. Safe to run in several
 * processes at once (each claims different rows).
 */
export async function deliverOutbox(ctx: AppContext, log?: FastifyBaseLogger): Promise<number> {
  let sent = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const due = await claimMail(ctx.database.db, BATCH, MAX_ATTEMPTS);
    sent += await deliver(ctx, due, log);
    if (due.length < BATCH) break;
  }
  return sent;
}

/** Deletes e-mails sent more than SENT_MAIL_KEEP_DAYS ago, in batches; answers how many. */
export async function purgeOldMail(ctx: AppContext): Promise<number> {
  let purged = 0;
  for (;;) {
    const n = await purgeSentMail(ctx.database.db, SENT_MAIL_KEEP_DAYS, PURGE_BATCH);
    purged += n;
    if (n < PURGE_BATCH) return purged;
  }
}

async function deliver(ctx: AppContext, due: OutboxRow[], log?: FastifyBaseLogger): Promise<number> {
  const db = ctx.database.db;
  const dir = path.join(ctx.config.dataDir, 'outbox');
  let dirReady = false;
  // Marked in one statement per batch rather than one commit per e-mail: a crash in between
  // sends the batch again once its lease runs out, as it would for a single e-mail before.
  const sent: number[] = [];
  for (const mail of due) {
    const message = {
      from: ctx.config.MAIL_FROM,
      to: mail.recipient,
      subject: mail.subject,
      text: mail.body,
      messageId: `<outbox-${mail.id}@marktgasse.local>`,
    };
    try {
      if (ctx.config.SMTP_URL) {
        await smtpTransport(ctx.config.SMTP_URL).sendMail(message);
      } else {
        const info = (await fileTransport.sendMail(message)) as { message: Buffer };
        if (!dirReady) {
          await mkdir(dir, { recursive: true });
          dirReady = true;
        }
        await writeFile(path.join(dir, `${String(mail.id).padStart(6, '0')}.eml`), info.message);
      }
      sent.push(mail.id);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      log?.warn(
        { outboxId: mail.id, attempts: mail.attempts, err: text },
        'e-mail delivery failed; will retry',
      );
      await markMailFailed(db, mail.id, text, retryDelaySeconds(mail.attempts));
    }
  }
  await markMailsSent(db, sent);
  return sent.length;
}
