/**
 * The e-mails about orders, in four languages (the mail module's templates, decision 272).
 * A customer's e-mails are in the order's language (`orders.locale`); a seller's in theirs
 * when the server knows it (today it does not: null, English). They are queued in the
 * transaction of the event (mail/service.ts queueMail); the mail module delivers them.
 */
import { formatQrReference, qrReferenceForOrder, trackingUrl, type Carrier } from '@marktgasse/shared';
import { defineMail, type MailKit, type MailLanguage } from '../mail/template.ts';

/** An order line as the e-mails tell it (an order item row has these fields). */
export interface MailItem {
  name: string;
  quantity: number;
  priceRappen: number;
  orderType: 'inStore' | 'online';
  storeName: string | null;
}

/** Whose words a line's destination is in: the customer's ("sent to you"), the seller's ("to send"). */
type LineView = 'customer' | 'seller' | 'none';

const PLACE: Record<MailLanguage, { pickup: (store: string) => string; customer: string; seller: string }> = {
  en: { pickup: (s) => `pick-up at ${s}`, customer: 'sent to you', seller: 'to send' },
  de: { pickup: (s) => `Abholung in ${s}`, customer: 'wird Ihnen geschickt', seller: 'zu versenden' },
  fr: { pickup: (s) => `à retirer chez ${s}`, customer: 'envoyé chez vous', seller: 'à expédier' },
  it: { pickup: (s) => `da ritirare presso ${s}`, customer: 'spedito a te', seller: 'da spedire' },
};

function lines(k: MailKit, items: readonly MailItem[], view: LineView): string {
  const words = PLACE[k.language];
  return items
    .map((i) => {
      const place =
        view === 'none' ? '' : i.orderType === 'inStore' ? words.pickup(i.storeName ?? '') : words[view];
      return `  ${i.quantity} × ${i.name} — ${k.chf(i.priceRappen)}${place ? ` (${place})` : ''}`;
    })
    .join('\n');
}

const orderLink = (k: MailKit, orderId: number) => k.app(`/customer-order/${orderId}`);

/** The carriers as each language names them (Swiss Post is "Die Post", "La Poste", "La Posta"). */
const CARRIER_LABELS: Record<MailLanguage, Record<Carrier, string>> = {
  en: { swisspost: 'Swiss Post', dpd: 'DPD', dhl: 'DHL', other: 'another carrier' },
  de: { swisspost: 'Die Post', dpd: 'DPD', dhl: 'DHL', other: 'ein anderer Paketdienst' },
  fr: { swisspost: 'La Poste', dpd: 'DPD', dhl: 'DHL', other: 'un autre transporteur' },
  it: { swisspost: 'La Posta', dpd: 'DPD', dhl: 'DHL', other: 'un altro corriere' },
};

const PARCEL_WORDS: Record<MailLanguage, { carrier: string; number: string; follow: string }> = {
  en: { carrier: 'Carrier', number: 'Tracking number', follow: 'Follow your parcel' },
  de: { carrier: 'Versand mit', number: 'Sendungsnummer', follow: 'Sendung verfolgen' },
  fr: { carrier: 'Transporteur', number: 'Numéro de suivi', follow: 'Suivre votre colis' },
  it: { carrier: 'Corriere', number: 'Numero di tracking', follow: 'Segui il tuo pacco' },
};

interface Parcel {
  carrier: Carrier | null;
  trackingNumber: string | null;
}

/** Carrier, tracking number and the carrier's tracking link, each when known. */
function parcelDetails(k: MailKit, parcel: Parcel): string {
  const words = PARCEL_WORDS[k.language];
  const url = trackingUrl(parcel.carrier, parcel.trackingNumber);
  const details = [
    parcel.carrier ? `${words.carrier}: ${CARRIER_LABELS[k.language][parcel.carrier]}` : null,
    parcel.trackingNumber ? `${words.number}: ${parcel.trackingNumber}` : null,
    url ? `${words.follow}: ${url}` : null,
  ].filter((line) => line !== null);
  return details.length ? `\n\n${details.join('\n')}` : '';
}

interface InvoiceFacts {
  orderId: number;
  totalRappen: number;
  dueAt: Date;
}

const invoiceFacts = (f: InvoiceFacts, k: MailKit) => ({
  id: f.orderId,
  total: k.chf(f.totalRappen),
  due: k.date(f.dueAt),
  ref: formatQrReference(qrReferenceForOrder(f.orderId)),
  pdf: k.api(`/api/orders/${f.orderId}/qr-bill/`),
  link: orderLink(k, f.orderId),
});

interface PaidFacts {
  orderId: number;
  totalRappen: number;
  items: readonly MailItem[];
}

const paidFacts = (f: PaidFacts, k: MailKit) => ({
  id: f.orderId,
  total: k.chf(f.totalRappen),
  lines: lines(k, f.items, 'customer'),
  pdf: k.api(`/api/orders/${f.orderId}/receipt/`),
  link: orderLink(k, f.orderId),
});

interface PickupFacts {
  orderId: number;
  code: string;
  seller: string;
  items: readonly MailItem[];
}

interface SellerPaidFacts {
  orderId: number;
  sellerOrderId: number;
  totalRappen: number;
  items: readonly MailItem[];
}

interface ShippedFacts extends Parcel {
  orderId: number;
  seller: string;
  items: readonly MailItem[];
}

interface PickedUpFacts {
  orderId: number;
  item: MailItem;
}

export const mails = {
  /** An invoice order's bill (decision 247): the one e-mail sent at placement, since it asks for payment. */
  invoiceIssued: defineMail<InvoiceFacts>({
    en: (f, k) => {
      const x = invoiceFacts(f, k);
      return {
        subject: `Marktgasse: your invoice for order #${x.id}`,
        body:
          `thank you for your order #${x.id}. Please pay ${x.total} by ${x.due} with the QR-bill in your ` +
          `e-banking (reference ${x.ref}); the items are held for you until then.\n\n` +
          `QR-bill (PDF, when signed in): ${x.pdf}\nYour order: ${x.link}`,
      };
    },
    de: (f, k) => {
      const x = invoiceFacts(f, k);
      return {
        subject: `Marktgasse: Ihre Rechnung für Bestellung #${x.id}`,
        body:
          `Danke für Ihre Bestellung #${x.id}. Bitte bezahlen Sie ${x.total} bis ${x.due} mit der QR-Rechnung in ` +
          `Ihrem E-Banking (Referenz ${x.ref}); bis dahin sind die Artikel für Sie reserviert.\n\n` +
          `QR-Rechnung (PDF, angemeldet): ${x.pdf}\nIhre Bestellung: ${x.link}`,
      };
    },
    fr: (f, k) => {
      const x = invoiceFacts(f, k);
      return {
        subject: `Marktgasse : votre facture pour la commande n° ${x.id}`,
        body:
          `merci pour votre commande n° ${x.id}. Veuillez payer ${x.total} d’ici au ${x.due} avec la QR-facture ` +
          `dans votre e-banking (référence ${x.ref}) ; les articles vous sont réservés jusque-là.\n\n` +
          `QR-facture (PDF, une fois connecté) : ${x.pdf}\nVotre commande : ${x.link}`,
      };
    },
    it: (f, k) => {
      const x = invoiceFacts(f, k);
      return {
        subject: `Marktgasse: la tua fattura per l’ordine n. ${x.id}`,
        body:
          `grazie per il tuo ordine n. ${x.id}. Paga ${x.total} entro il ${x.due} con la QR-fattura nel tuo ` +
          `e-banking (riferimento ${x.ref}); fino ad allora gli articoli restano riservati per te.\n\n` +
          `QR-fattura (PDF, dopo l’accesso): ${x.pdf}\nIl tuo ordine: ${x.link}`,
      };
    },
  }),

  /**
   * The customer's first e-mail about an order: none is sent at placement (decision 170).
   * It links the platform's receipt with the VAT of each rate (Art. 20a MWSTG, decision 235).
   */
  orderPaid: defineMail<PaidFacts>({
    en: (f, k) => {
      const x = paidFacts(f, k);
      return {
        subject: `Marktgasse: payment received for order #${x.id}`,
        body:
          `we received your payment of ${x.total} for order #${x.id}. The sellers are preparing it.\n\n` +
          `${x.lines}\n\nTotal: ${x.total}\nReceipt with VAT (PDF, when signed in): ${x.pdf}\n${x.link}`,
      };
    },
    de: (f, k) => {
      const x = paidFacts(f, k);
      return {
        subject: `Marktgasse: Zahlung für Bestellung #${x.id} erhalten`,
        body:
          `Wir haben Ihre Zahlung von ${x.total} für Bestellung #${x.id} erhalten. Die Verkäufer bereiten sie vor.\n\n` +
          `${x.lines}\n\nTotal: ${x.total}\nQuittung mit MWST (PDF, angemeldet): ${x.pdf}\n${x.link}`,
      };
    },
    fr: (f, k) => {
      const x = paidFacts(f, k);
      return {
        subject: `Marktgasse : paiement reçu pour la commande n° ${x.id}`,
        body:
          `nous avons reçu votre paiement de ${x.total} pour la commande n° ${x.id}. Les vendeurs la préparent.\n\n` +
          `${x.lines}\n\nTotal : ${x.total}\nQuittance avec TVA (PDF, une fois connecté) : ${x.pdf}\n${x.link}`,
      };
    },
    it: (f, k) => {
      const x = paidFacts(f, k);
      return {
        subject: `Marktgasse: pagamento ricevuto per l’ordine n. ${x.id}`,
        body:
          `abbiamo ricevuto il tuo pagamento di ${x.total} per l’ordine n. ${x.id}. I venditori lo stanno preparando.\n\n` +
          `${x.lines}\n\nTotale: ${x.total}\nRicevuta con IVA (PDF, dopo l’accesso): ${x.pdf}\n${x.link}`,
      };
    },
  }),

  readyForPickup: defineMail<PickupFacts>({
    en: (f, k) => ({
      subject: `Marktgasse: order #${f.orderId} is ready for pick-up (code ${f.code})`,
      body:
        `your items from ${f.seller} are ready for pick-up:\n\n${lines(k, f.items, 'none')}\n\n` +
        `Show this pick-up code in the store: ${f.code}\n${orderLink(k, f.orderId)}`,
    }),
    de: (f, k) => ({
      subject: `Marktgasse: Bestellung #${f.orderId} ist abholbereit (Code ${f.code})`,
      body:
        `Ihre Artikel von ${f.seller} sind abholbereit:\n\n${lines(k, f.items, 'none')}\n\n` +
        `Zeigen Sie diesen Abholcode im Laden: ${f.code}\n${orderLink(k, f.orderId)}`,
    }),
    fr: (f, k) => ({
      subject: `Marktgasse : la commande n° ${f.orderId} est prête à être retirée (code ${f.code})`,
      body:
        `vos articles de ${f.seller} sont prêts à être retirés :\n\n${lines(k, f.items, 'none')}\n\n` +
        `Montrez ce code de retrait au magasin : ${f.code}\n${orderLink(k, f.orderId)}`,
    }),
    it: (f, k) => ({
      subject: `Marktgasse: l’ordine n. ${f.orderId} è pronto per il ritiro (codice ${f.code})`,
      body:
        `i tuoi articoli di ${f.seller} sono pronti per il ritiro:\n\n${lines(k, f.items, 'none')}\n\n` +
        `Mostra questo codice di ritiro in negozio: ${f.code}\n${orderLink(k, f.orderId)}`,
    }),
  }),

  sellerNewPaidOrder: defineMail<SellerPaidFacts>({
    en: (f, k) => ({
      subject: `Marktgasse: new paid order, seller order #${f.sellerOrderId}`,
      body:
        `order #${f.orderId} has been paid. Your part (seller order #${f.sellerOrderId}):\n\n` +
        `${lines(k, f.items, 'seller')}\n\nTotal: ${k.chf(f.totalRappen)}\n${k.app(`/seller-order/${f.sellerOrderId}`)}`,
    }),
    de: (f, k) => ({
      subject: `Marktgasse: neue bezahlte Bestellung, Verkäuferbestellung #${f.sellerOrderId}`,
      body:
        `Bestellung #${f.orderId} wurde bezahlt. Ihr Teil (Verkäuferbestellung #${f.sellerOrderId}):\n\n` +
        `${lines(k, f.items, 'seller')}\n\nTotal: ${k.chf(f.totalRappen)}\n${k.app(`/seller-order/${f.sellerOrderId}`)}`,
    }),
    fr: (f, k) => ({
      subject: `Marktgasse : nouvelle commande payée, commande vendeur n° ${f.sellerOrderId}`,
      body:
        `la commande n° ${f.orderId} a été payée. Votre part (commande vendeur n° ${f.sellerOrderId}) :\n\n` +
        `${lines(k, f.items, 'seller')}\n\nTotal : ${k.chf(f.totalRappen)}\n${k.app(`/seller-order/${f.sellerOrderId}`)}`,
    }),
    it: (f, k) => ({
      subject: `Marktgasse: nuovo ordine pagato, ordine venditore n. ${f.sellerOrderId}`,
      body:
        `l’ordine n. ${f.orderId} è stato pagato. La tua parte (ordine venditore n. ${f.sellerOrderId}):\n\n` +
        `${lines(k, f.items, 'seller')}\n\nTotale: ${k.chf(f.totalRappen)}\n${k.app(`/seller-order/${f.sellerOrderId}`)}`,
    }),
  }),

  /** With the carrier's tracking link when known. */
  shipped: defineMail<ShippedFacts>({
    en: (f, k) => ({
      subject: `Marktgasse: ${f.seller} has shipped your items of order #${f.orderId}`,
      body:
        `${f.seller} has sent these items of order #${f.orderId}:\n\n${lines(k, f.items, 'none')}` +
        `${parcelDetails(k, f)}\n${orderLink(k, f.orderId)}`,
    }),
    de: (f, k) => ({
      subject: `Marktgasse: ${f.seller} hat Ihre Artikel der Bestellung #${f.orderId} versandt`,
      body:
        `${f.seller} hat diese Artikel der Bestellung #${f.orderId} versandt:\n\n${lines(k, f.items, 'none')}` +
        `${parcelDetails(k, f)}\n${orderLink(k, f.orderId)}`,
    }),
    fr: (f, k) => ({
      subject: `Marktgasse : ${f.seller} a expédié vos articles de la commande n° ${f.orderId}`,
      body:
        `${f.seller} a expédié ces articles de la commande n° ${f.orderId} :\n\n${lines(k, f.items, 'none')}` +
        `${parcelDetails(k, f)}\n${orderLink(k, f.orderId)}`,
    }),
    it: (f, k) => ({
      subject: `Marktgasse: ${f.seller} ha spedito i tuoi articoli dell’ordine n. ${f.orderId}`,
      body:
        `${f.seller} ha spedito questi articoli dell’ordine n. ${f.orderId}:\n\n${lines(k, f.items, 'none')}` +
        `${parcelDetails(k, f)}\n${orderLink(k, f.orderId)}`,
    }),
  }),

  pickedUp: defineMail<PickedUpFacts>({
    en: ({ orderId, item }, k) => ({
      subject: `Marktgasse: ${item.name} picked up (order #${orderId})`,
      body:
        `${item.quantity} × ${item.name} of order #${orderId} was picked up at ${item.storeName ?? 'the store'}.\n` +
        orderLink(k, orderId),
    }),
    de: ({ orderId, item }, k) => ({
      subject: `Marktgasse: ${item.name} abgeholt (Bestellung #${orderId})`,
      body:
        `${item.quantity} × ${item.name} der Bestellung #${orderId} wurde ${item.storeName ? `in ${item.storeName}` : 'im Laden'} abgeholt.\n` +
        orderLink(k, orderId),
    }),
    fr: ({ orderId, item }, k) => ({
      subject: `Marktgasse : ${item.name} retiré (commande n° ${orderId})`,
      body:
        `${item.quantity} × ${item.name} de la commande n° ${orderId} a été retiré ${item.storeName ? `chez ${item.storeName}` : 'au magasin'}.\n` +
        orderLink(k, orderId),
    }),
    it: ({ orderId, item }, k) => ({
      subject: `Marktgasse: ${item.name} ritirato (ordine n. ${orderId})`,
      body:
        `${item.quantity} × ${item.name} dell’ordine n. ${orderId} è stato ritirato ${item.storeName ? `presso ${item.storeName}` : 'in negozio'}.\n` +
        orderLink(k, orderId),
    }),
  }),
};

interface CancelFacts {
  orderId: number;
  /** 0 for an unpaid order. */
  refundedRappen: number;
}

interface PartCancelFacts extends CancelFacts {
  seller: string;
  reason: string;
  items: readonly MailItem[];
}

/** E-mails about cancellations and refunds (decision 158). */
export const cancelMails = {
  /** The customer cancelled; `refundedRappen` is 0 for an unpaid order. */
  customerCancelled: defineMail<CancelFacts>({
    en: (f, k) => ({
      subject: `Marktgasse: order #${f.orderId} cancelled`,
      body:
        `your order #${f.orderId} is cancelled. ` +
        (f.refundedRappen > 0
          ? `We refunded ${k.chf(f.refundedRappen)} to your original payment method.`
          : 'Nothing was charged.') +
        `\n${orderLink(k, f.orderId)}`,
    }),
    de: (f, k) => ({
      subject: `Marktgasse: Bestellung #${f.orderId} storniert`,
      body:
        `Ihre Bestellung #${f.orderId} ist storniert. ` +
        (f.refundedRappen > 0
          ? `Wir haben ${k.chf(f.refundedRappen)} auf Ihr ursprüngliches Zahlungsmittel zurückerstattet.`
          : 'Es wurde nichts belastet.') +
        `\n${orderLink(k, f.orderId)}`,
    }),
    fr: (f, k) => ({
      subject: `Marktgasse : commande n° ${f.orderId} annulée`,
      body:
        `votre commande n° ${f.orderId} est annulée. ` +
        (f.refundedRappen > 0
          ? `Nous avons remboursé ${k.chf(f.refundedRappen)} sur votre moyen de paiement d’origine.`
          : 'Rien n’a été débité.') +
        `\n${orderLink(k, f.orderId)}`,
    }),
    it: (f, k) => ({
      subject: `Marktgasse: ordine n. ${f.orderId} annullato`,
      body:
        `il tuo ordine n. ${f.orderId} è annullato. ` +
        (f.refundedRappen > 0
          ? `Abbiamo rimborsato ${k.chf(f.refundedRappen)} sul tuo metodo di pagamento originale.`
          : 'Non è stato addebitato nulla.') +
        `\n${orderLink(k, f.orderId)}`,
    }),
  }),

  /** A seller cancelled their part, with their reason; `refundedRappen` 0 when unpaid. */
  sellerCancelled: defineMail<PartCancelFacts>({
    en: (f, k) => ({
      subject: `Marktgasse: ${f.seller} cancelled their part of order #${f.orderId}`,
      body:
        `${f.seller} cannot deliver these items of order #${f.orderId}:\n\n${lines(k, f.items, 'customer')}\n\n` +
        `Reason: ${f.reason}\n\n` +
        (f.refundedRappen > 0
          ? `We refunded ${k.chf(f.refundedRappen)} to your original payment method. `
          : '') +
        `The rest of your order goes on as planned.\n${orderLink(k, f.orderId)}`,
    }),
    de: (f, k) => ({
      subject: `Marktgasse: ${f.seller} hat seinen Teil der Bestellung #${f.orderId} storniert`,
      body:
        `${f.seller} kann diese Artikel der Bestellung #${f.orderId} nicht liefern:\n\n${lines(k, f.items, 'customer')}\n\n` +
        `Grund: ${f.reason}\n\n` +
        (f.refundedRappen > 0
          ? `Wir haben ${k.chf(f.refundedRappen)} auf Ihr ursprüngliches Zahlungsmittel zurückerstattet. `
          : '') +
        `Der Rest Ihrer Bestellung läuft wie geplant weiter.\n${orderLink(k, f.orderId)}`,
    }),
    fr: (f, k) => ({
      subject: `Marktgasse : ${f.seller} a annulé sa part de la commande n° ${f.orderId}`,
      body:
        `${f.seller} ne peut pas livrer ces articles de la commande n° ${f.orderId} :\n\n${lines(k, f.items, 'customer')}\n\n` +
        `Motif : ${f.reason}\n\n` +
        (f.refundedRappen > 0
          ? `Nous avons remboursé ${k.chf(f.refundedRappen)} sur votre moyen de paiement d’origine. `
          : '') +
        `Le reste de votre commande suit son cours.\n${orderLink(k, f.orderId)}`,
    }),
    it: (f, k) => ({
      subject: `Marktgasse: ${f.seller} ha annullato la sua parte dell’ordine n. ${f.orderId}`,
      body:
        `${f.seller} non può consegnare questi articoli dell’ordine n. ${f.orderId}:\n\n${lines(k, f.items, 'customer')}\n\n` +
        `Motivo: ${f.reason}\n\n` +
        (f.refundedRappen > 0
          ? `Abbiamo rimborsato ${k.chf(f.refundedRappen)} sul tuo metodo di pagamento originale. `
          : '') +
        `Il resto del tuo ordine prosegue come previsto.\n${orderLink(k, f.orderId)}`,
    }),
  }),

  /** A payment taken for an order that could no longer be honoured went back at once. */
  refunded: defineMail<CancelFacts>({
    en: (f, k) => ({
      subject: `Marktgasse: payment for order #${f.orderId} refunded`,
      body:
        `your payment of ${k.chf(f.refundedRappen)} for order #${f.orderId} arrived after the order had run out, ` +
        'so its items could not be kept for you. We refunded the full amount to your original payment method.' +
        `\n${orderLink(k, f.orderId)}`,
    }),
    de: (f, k) => ({
      subject: `Marktgasse: Zahlung für Bestellung #${f.orderId} zurückerstattet`,
      body:
        `Ihre Zahlung von ${k.chf(f.refundedRappen)} für Bestellung #${f.orderId} kam an, nachdem die Bestellung abgelaufen war; ` +
        'die Artikel konnten nicht mehr für Sie reserviert bleiben. Wir haben den ganzen Betrag auf Ihr ursprüngliches Zahlungsmittel zurückerstattet.' +
        `\n${orderLink(k, f.orderId)}`,
    }),
    fr: (f, k) => ({
      subject: `Marktgasse : paiement de la commande n° ${f.orderId} remboursé`,
      body:
        `votre paiement de ${k.chf(f.refundedRappen)} pour la commande n° ${f.orderId} est arrivé après l’expiration de la commande ; ` +
        'ses articles n’ont pas pu vous être réservés. Nous avons remboursé le montant total sur votre moyen de paiement d’origine.' +
        `\n${orderLink(k, f.orderId)}`,
    }),
    it: (f, k) => ({
      subject: `Marktgasse: pagamento dell’ordine n. ${f.orderId} rimborsato`,
      body:
        `il tuo pagamento di ${k.chf(f.refundedRappen)} per l’ordine n. ${f.orderId} è arrivato dopo la scadenza dell’ordine; ` +
        'i suoi articoli non potevano più essere riservati per te. Abbiamo rimborsato l’intero importo sul tuo metodo di pagamento originale.' +
        `\n${orderLink(k, f.orderId)}`,
    }),
  }),
};
