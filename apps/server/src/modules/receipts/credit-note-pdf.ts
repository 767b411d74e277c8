/**
 * A credit note as PDF (decision 280): the receipt's library and font (pdfkit, DejaVu Sans), the
 * order's language, the platform as supplier (Art. 20a MWSTG), the receipt it corrects, the amount
 * given back and the VAT of each rate in it.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { formatCHFIn, type CreditNote, type Receipt } from '@marktgasse/shared';
import type { Locale } from '../../i18n/translate.ts';
import { RECEIPT_LABELS } from './labels.ts';

/** The credit note's own words; the rest are the receipt's (labels.ts). */
export const CREDIT_NOTE_LABELS = {
  en: {
    creditNote: 'Credit note',
    receipt: 'Corrects receipt',
    refund: 'Refunded incl. VAT',
    note: 'The amount is refunded to the means of payment of the order.',
  },
  de: {
    creditNote: 'Gutschrift',
    receipt: 'Korrigiert Quittung',
    refund: 'Rückerstattet inkl. MWST',
    note: 'Der Betrag wird auf das Zahlungsmittel der Bestellung zurückerstattet.',
  },
  fr: {
    creditNote: 'Note de crédit',
    receipt: 'Corrige la quittance',
    refund: 'Remboursé TVA incl.',
    note: 'Le montant est remboursé sur le moyen de paiement de la commande.',
  },
  it: {
    creditNote: 'Nota di credito',
    receipt: 'Rettifica la ricevuta',
    refund: 'Rimborsato IVA incl.',
    note: 'L’importo è rimborsato sul mezzo di pagamento dell’ordine.',
  },
} as const satisfies Record<Locale, Record<string, string>>;

const fontDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
const COLUMNS = [50, 250, 400];

export interface CreditNoteDocument {
  note: CreditNote;
  order: number;
  supplier: Receipt['seller'];
  buyer: Receipt['buyer'];
}

export function creditNotePdf({ note, order, supplier, buyer }: CreditNoteDocument, language: Locale) {
  const r = RECEIPT_LABELS[language];
  const c = CREDIT_NOTE_LABELS[language];
  const chf = (decimal: string) => formatCHFIn(language, decimal, { bare: true });
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${c.creditNote} ${note.number}`, Author: supplier.name },
  });
  doc.registerFont('text', path.join(fontDir, 'DejaVuSans.ttf'));
  doc.registerFont('bold', path.join(fontDir, 'DejaVuSans-Bold.ttf'));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.font('bold').fontSize(16).text(supplier.name);
  doc.font('text').fontSize(9).text(supplier.address);
  if (supplier.vatNumber) doc.text(`${r.vatNumber} ${supplier.vatNumber}`);
  doc.moveDown();
  doc.font('bold').fontSize(13).text(`${c.creditNote} ${note.number}`);
  doc.font('text').fontSize(10);
  doc.text(`${c.receipt} ${note.receipt} · ${r.order} ${order} · ${r.date} ${note.date}`);
  doc.text(`${r.buyer}: ${buyer.name}, ${buyer.address}`).moveDown();

  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'bold' : 'text').fontSize(9);
    cells.forEach((cell, i) =>
      doc.text(cell, COLUMNS[i]!, y, {
        width: (COLUMNS[i + 1] ?? 545) - COLUMNS[i]! - 4,
        align: i >= 1 ? 'right' : 'left',
      }),
    );
    doc.moveDown(0.4);
  };
  row([r.vatRate, r.net, r.vat], true);
  for (const v of note.vat) row([`${v.rate} %`, chf(v.net), chf(v.amount)]);
  doc.moveDown(0.5);
  row([`${c.refund} (CHF)`, '', chf(note.amount)], true);
  doc.moveDown().font('text').fontSize(8).text(c.note, 50).text(r.supplier, 50);
  doc.end();
  return done;
}
