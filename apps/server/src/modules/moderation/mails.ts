/**
 * The e-mails moderation sends to a seller, in four languages (the mail module's templates,
 * decision 272). The approval is written in the seller's account language (users.locale);
 * the older notices still pass null (English).
 */
import { defineMail } from '../mail/template.ts';

interface ProductFacts {
  product: string;
  hidden: boolean;
  reason: string;
}

export const productHiddenMail = defineMail<ProductFacts>({
  en: (f) => ({
    subject: f.hidden
      ? `Marktgasse: your product "${f.product}" was hidden`
      : `Marktgasse: your product "${f.product}" is visible again`,
    body:
      (f.hidden
        ? `our moderation team hid your product "${f.product}": customers can no longer see or buy it.`
        : `our moderation team made your product "${f.product}" visible again.`) + `\nReason: ${f.reason}`,
  }),
  de: (f) => ({
    subject: f.hidden
      ? `Marktgasse: Ihr Produkt «${f.product}» wurde ausgeblendet`
      : `Marktgasse: Ihr Produkt «${f.product}» ist wieder sichtbar`,
    body:
      (f.hidden
        ? `Unser Moderationsteam hat Ihr Produkt «${f.product}» ausgeblendet: Kundinnen und Kunden können es nicht mehr sehen oder kaufen.`
        : `Unser Moderationsteam hat Ihr Produkt «${f.product}» wieder sichtbar gemacht.`) +
      `\nGrund: ${f.reason}`,
  }),
  fr: (f) => ({
    subject: f.hidden
      ? `Marktgasse : votre produit « ${f.product} » a été masqué`
      : `Marktgasse : votre produit « ${f.product} » est de nouveau visible`,
    body:
      (f.hidden
        ? `notre équipe de modération a masqué votre produit « ${f.product} » : les clients ne peuvent plus le voir ni l’acheter.`
        : `notre équipe de modération a rendu votre produit « ${f.product} » de nouveau visible.`) +
      `\nMotif : ${f.reason}`,
  }),
  it: (f) => ({
    subject: f.hidden
      ? `Marktgasse: il tuo prodotto «${f.product}» è stato nascosto`
      : `Marktgasse: il tuo prodotto «${f.product}» è di nuovo visibile`,
    body:
      (f.hidden
        ? `il nostro team di moderazione ha nascosto il tuo prodotto «${f.product}»: i clienti non possono più vederlo né acquistarlo.`
        : `il nostro team di moderazione ha reso di nuovo visibile il tuo prodotto «${f.product}».`) +
      `\nMotivo: ${f.reason}`,
  }),
});

export const sellerSuspendedMail = defineMail<{ reason: string }>({
  en: (f) => ({
    subject: 'Marktgasse: your seller account was suspended',
    body:
      'your seller account was suspended: your products and stores are no longer shown to customers.\n' +
      `Orders that customers have already paid stay yours to send or hand over.\nReason: ${f.reason}`,
  }),
  de: (f) => ({
    subject: 'Marktgasse: Ihr Verkäuferkonto wurde gesperrt',
    body:
      'Ihr Verkäuferkonto wurde gesperrt: Ihre Produkte und Läden werden Kundinnen und Kunden nicht mehr gezeigt.\n' +
      `Bereits bezahlte Bestellungen versenden oder übergeben Sie weiterhin.\nGrund: ${f.reason}`,
  }),
  fr: (f) => ({
    subject: 'Marktgasse : votre compte vendeur a été suspendu',
    body:
      'votre compte vendeur a été suspendu : vos produits et magasins ne sont plus montrés aux clients.\n' +
      `Les commandes déjà payées restent à votre charge : à expédier ou à remettre.\nMotif : ${f.reason}`,
  }),
  it: (f) => ({
    subject: 'Marktgasse: il tuo account venditore è stato sospeso',
    body:
      'il tuo account venditore è stato sospeso: i tuoi prodotti e negozi non sono più mostrati ai clienti.\n' +
      `Gli ordini già pagati restano tuoi da spedire o consegnare.\nMotivo: ${f.reason}`,
  }),
});

export const sellerReinstatedMail = defineMail<{ reason: string }>({
  en: (f) => ({
    subject: 'Marktgasse: your seller account is active again',
    body:
      'your seller account was reinstated: your products and stores are shown to customers again.\n' +
      `Note: ${f.reason}`,
  }),
  de: (f) => ({
    subject: 'Marktgasse: Ihr Verkäuferkonto ist wieder aktiv',
    body:
      'Ihr Verkäuferkonto wurde wieder freigegeben: Ihre Produkte und Läden werden wieder gezeigt.\n' +
      `Hinweis: ${f.reason}`,
  }),
  fr: (f) => ({
    subject: 'Marktgasse : votre compte vendeur est de nouveau actif',
    body:
      'votre compte vendeur a été rétabli : vos produits et magasins sont de nouveau montrés aux clients.\n' +
      `Remarque : ${f.reason}`,
  }),
  it: (f) => ({
    subject: 'Marktgasse: il tuo account venditore è di nuovo attivo',
    body:
      'il tuo account venditore è stato riattivato: i tuoi prodotti e negozi sono di nuovo mostrati ai clienti.\n' +
      `Nota: ${f.reason}`,
  }),
});

/** A waiting seller was approved (decision 290): their shop is public now, with its link. */
export const sellerApprovedMail = defineMail<{ sellerId: number }>({
  en: (f, k) => ({
    subject: 'Marktgasse: your shop is approved',
    body:
      'our team approved your shop: your products and stores are now shown to customers.\n' +
      `Your shop: ${k.app(`/seller/${f.sellerId}`)}`,
  }),
  de: (f, k) => ({
    subject: 'Marktgasse: Ihr Shop ist freigegeben',
    body:
      'Unser Team hat Ihren Shop freigegeben: Ihre Produkte und Läden werden Kundinnen und Kunden jetzt gezeigt.\n' +
      `Ihr Shop: ${k.app(`/seller/${f.sellerId}`)}`,
  }),
  fr: (f, k) => ({
    subject: 'Marktgasse : votre boutique est approuvée',
    body:
      'notre équipe a approuvé votre boutique : vos produits et magasins sont désormais montrés aux clients.\n' +
      `Votre boutique : ${k.app(`/seller/${f.sellerId}`)}`,
  }),
  it: (f, k) => ({
    subject: 'Marktgasse: il tuo negozio è stato approvato',
    body:
      'il nostro team ha approvato il tuo negozio: i tuoi prodotti e punti vendita sono ora mostrati ai clienti.\n' +
      `Il tuo negozio: ${k.app(`/seller/${f.sellerId}`)}`,
  }),
});
