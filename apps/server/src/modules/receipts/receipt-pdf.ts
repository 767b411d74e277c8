/**
 * The receipt as PDF (decision 235): pdfkit with DejaVu Sans embedded from `dejavu-fonts-ttf`,
 * as the statements (decision 227), in the order's language, in the platform's name.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { formatCHFIn, parseRappen, rappenToDecimal, type Receipt } from '@marktgasse/shared';
import type { Locale } from '../../i18n/translate.ts';
import { RECEIPT_LABELS } from './labels.ts';

const fontDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
const COLUMNS = [50, 290, 330, 410, 470];

export function receiptPdf(receipt: Receipt, language: Locale): Promise<Buffer> {
  const t = RECEIPT_LABELS[language];
  const chf = (decimal: string) => formatCHFIn(language, decimal, { bare: true });
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${t.receipt} ${receipt.number}`, Author: receipt.seller.name },
  });
  doc.registerFont('text', path.join(fontDir, 'DejaVuSans.ttf'));
  doc.registerFont('bold', path.join(fontDir, 'DejaVuSans-Bold.ttf'));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.font('bold').fontSize(16).text(receipt.seller.name);
  doc.font('text').fontSize(9).text(receipt.seller.address);
  if (receipt.seller.vatNumber) doc.text(`${t.vatNumber} ${receipt.seller.vatNumber}`);
  doc.moveDown();
  doc.font('bold').fontSize(13).text(`${t.receipt} ${receipt.number}`);
  doc.font('text').fontSize(10);
  doc.text(`${t.order} ${receipt.order} · ${t.date} ${receipt.date}`);
  doc.text(`${t.buyer}: ${receipt.buyer.name}, ${receipt.buyer.address}`).moveDown();

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
  row([t.item, t.quantity, t.price, t.rate, t.amount], true);
  for (const line of receipt.lines) {
    const amount = rappenToDecimal((parseRappen(line.price) ?? 0) * line.quantity);
    row([line.name, String(line.quantity), chf(line.price), line.vatRate, chf(amount)]);
  }
  row(['', '', '', '', ''], false);
  row([t.vatRate, '', t.net, t.vat, ''], true);
  for (const v of receipt.vat) row([`${v.rate} %`, '', chf(v.net), chf(v.amount), '']);
  doc.moveDown(0.5);
  row([`${t.total} (CHF)`, '', '', '', chf(receipt.total)], true);
  doc.moveDown().font('text').fontSize(8).text(t.supplier, 50);
  doc.end();
  return done;
}
