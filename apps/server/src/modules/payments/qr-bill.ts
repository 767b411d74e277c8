/**
 * The QR-bill of an invoice order: an A4 PDF with a short cover text and the payment part
 * (SIX QR-bill, made by `swissqrbill` on PDFKit's built-in Helvetica, so nothing is fetched
 * or embedded at run time), in the order's language.
 */
import PDFDocument from 'pdfkit';
import { SwissQRBill } from 'swissqrbill/pdf';
import type { Data, Debtor } from 'swissqrbill/types';
import {
  countryCode,
  formatCHFIn,
  formatQrReference,
  parseStructuredAddress,
  qrReferenceForOrder,
  splitStreet,
  type StructuredAddress,
} from '@marktgasse/shared';
import type { Config } from '../../config/env.ts';

export type BillLanguage = 'de' | 'fr' | 'it' | 'en';

/** The example QR-IBAN of the SIX guidelines: stands in outside production when none is set. */
export const TEST_QR_IBAN = 'CH4431999123000889012';

export interface PlatformAccount {
  name: string;
  address: StructuredAddress;
  qrIban: string;
}

export interface InvoiceOrder {
  id: number;
  totalRappen: number;
  language: BillLanguage;
  customerName: string;
  /** As the order keeps it (free text); the debtor box stays empty when it does not read. */
  address: { address: string; city: string; postalCode: string; country: string } | null;
}

/** The platform as creditor, or null when this installation cannot take invoice payments. */
export function platformAccount(config: Config): PlatformAccount | null {
  const qrIban = config.PLATFORM_QR_IBAN ?? (config.NODE_ENV === 'production' ? null : TEST_QR_IBAN);
  const address = parseStructuredAddress(config.PLATFORM_ADDRESS);
  if (!qrIban || !address) return null;
  return { name: config.PLATFORM_NAME, address, qrIban };
}

function debtorOf(order: InvoiceOrder): Debtor | undefined {
  const a = order.address;
  const country = a ? countryCode(a.country) : null;
  if (!a || !country || !a.address.trim() || !a.city.trim() || !a.postalCode.trim()) return undefined;
  const { street, buildingNumber } = splitStreet(a.address);
  return {
    name: order.customerName.slice(0, 70),
    address: street.slice(0, 70),
    ...(buildingNumber ? { buildingNumber: buildingNumber.slice(0, 16) } : {}),
    zip: a.postalCode.trim().slice(0, 16),
    city: a.city.trim().slice(0, 35),
    country,
  };
}

/** What the QR code carries (SPC 0200): creditor, amount, QR reference, debtor. */
export function qrBillData(order: InvoiceOrder, account: PlatformAccount): Data {
  const debtor = debtorOf(order);
  const { address } = account;
  return {
    currency: 'CHF',
    amount: order.totalRappen / 100,
    reference: qrReferenceForOrder(order.id),
    creditor: {
      account: account.qrIban,
      name: account.name,
      address: address.street,
      ...(address.buildingNumber ? { buildingNumber: address.buildingNumber } : {}),
      zip: address.postalCode,
      city: address.city,
      country: address.country,
    },
    ...(debtor ? { debtor } : {}),
    message: `Marktgasse ${order.id}`,
  };
}

const BILL_TEXTS: Record<BillLanguage, { title: string; body: string }> = {
  de: {
    title: 'Rechnung zur Bestellung {id}',
    body: 'Bitte überweisen Sie {amount} mit dem Einzahlungsschein unten (Referenz {ref}). Die Bestellung wird versandt, sobald die Zahlung eingegangen ist.',
  },
  fr: {
    title: 'Facture de la commande {id}',
    body: 'Veuillez verser {amount} au moyen de la section paiement ci-dessous (référence {ref}). La commande sera expédiée dès réception du paiement.',
  },
  it: {
    title: "Fattura dell'ordine {id}",
    body: "Versa {amount} con la sezione pagamento qui sotto (riferimento {ref}). L'ordine verrà spedito appena ricevuto il pagamento.",
  },
  en: {
    title: 'Invoice for order {id}',
    body: 'Please pay {amount} with the payment part below (reference {ref}). The order ships as soon as the payment has arrived.',
  },
};

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/** The PDF, whole, in memory (one page: a few kilobytes). */
export function renderQrBillPdf(order: InvoiceOrder, account: PlatformAccount): Promise<Buffer> {
  const bill = new SwissQRBill(qrBillData(order, account), {
    language: order.language.toUpperCase() as 'DE' | 'FR' | 'IT' | 'EN',
  });
  const doc = new PDFDocument({ size: 'A4', info: { Title: `QR-bill ${order.id}`, Author: account.name } });
  const texts = BILL_TEXTS[order.language];
  const values = {
    id: String(order.id),
    amount: formatCHFIn(order.language, order.totalRappen),
    ref: formatQrReference(qrReferenceForOrder(order.id)),
  };
  doc.font('Helvetica-Bold').fontSize(16).text(fill(texts.title, values), 50, 60);
  doc.moveDown().font('Helvetica').fontSize(11).text(fill(texts.body, values), { width: 495 });
  bill.attachTo(doc);
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
