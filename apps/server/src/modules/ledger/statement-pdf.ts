/**
 * A statement as PDF (decision 227): pdfkit with DejaVu Sans embedded from the
 * `dejavu-fonts-ttf` package (no network, every Latin accent), in the caller's language.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { formatCHFIn } from '@marktgasse/shared';
import type { Locale } from '../../i18n/translate.ts';
import type { StatementData } from './statements.ts';

const fontDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
const FONT = path.join(fontDir, 'DejaVuSans.ttf');
const FONT_BOLD = path.join(fontDir, 'DejaVuSans-Bold.ttf');

const LABELS = {
  en: {
    title: 'Statement',
    month: 'Month',
    payout: 'Payout run',
    date: 'Date',
    kind: 'Entry',
    order: 'Order',
    gross: 'Gross',
    commission: 'Commission',
    vat: 'VAT incl.',
    net: 'Net',
    opening: 'Opening balance',
    closing: 'Closing balance',
    total: 'Total',
    sold: 'Sold',
    refund: 'Refund',
    payoutLine: 'Payout',
  },
  de: {
    title: 'Abrechnung',
    month: 'Monat',
    payout: 'Auszahlungslauf',
    date: 'Datum',
    kind: 'Buchung',
    order: 'Bestellung',
    gross: 'Brutto',
    commission: 'Kommission',
    vat: 'inkl. MWST',
    net: 'Netto',
    opening: 'Anfangssaldo',
    closing: 'Schlusssaldo',
    total: 'Total',
    sold: 'Verkauf',
    refund: 'Rückerstattung',
    payoutLine: 'Auszahlung',
  },
  fr: {
    title: 'Relevé',
    month: 'Mois',
    payout: 'Versement groupé',
    date: 'Date',
    kind: 'Écriture',
    order: 'Commande',
    gross: 'Brut',
    commission: 'Commission',
    vat: 'TVA incl.',
    net: 'Net',
    opening: 'Solde initial',
    closing: 'Solde final',
    total: 'Total',
    sold: 'Vente',
    refund: 'Remboursement',
    payoutLine: 'Versement',
  },
  it: {
    title: 'Estratto',
    month: 'Mese',
    payout: 'Pagamento cumulativo',
    date: 'Data',
    kind: 'Registrazione',
    order: 'Ordine',
    gross: 'Lordo',
    commission: 'Commissione',
    vat: 'IVA incl.',
    net: 'Netto',
    opening: 'Saldo iniziale',
    closing: 'Saldo finale',
    total: 'Totale',
    sold: 'Vendita',
    refund: 'Rimborso',
    payoutLine: 'Pagamento',
  },
} as const;

const INTL_LOCALE: Record<Locale, string> = { en: 'en-CH', de: 'de-CH', fr: 'fr-CH', it: 'it-CH' };
const COLUMNS = [50, 125, 215, 275, 355, 435, 500];

export function statementPdf(
  data: StatementData,
  sellerName: string,
  platformName: string,
  language: Locale,
): Promise<Buffer> {
  const t = LABELS[language];
  const day = (d: Date) => d.toLocaleDateString(INTL_LOCALE[language], { timeZone: 'Europe/Zurich' });
  const chf = (rappen: number) => formatCHFIn(language, rappen, { bare: true });
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${t.title} ${data.id}`, Author: platformName },
  });
  doc.registerFont('text', FONT).registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.font('bold').fontSize(16).text(`${platformName} · ${t.title}`);
  doc.font('text').fontSize(10).moveDown(0.5).text(sellerName);
  const period =
    data.kind === 'month' ? `${t.month} ${data.id}` : `${t.payout} ${data.id.slice('payout-'.length)}`;
  doc.text(`${period}: ${data.from ? day(data.from) : '…'} – ${day(data.to)} · CHF`).moveDown();

  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'bold' : 'text').fontSize(9);
    cells.forEach((cell, i) =>
      doc.text(cell, COLUMNS[i]!, y, {
        width: (COLUMNS[i + 1] ?? 560) - COLUMNS[i]! - 4,
        align: i >= 3 ? 'right' : 'left',
      }),
    );
    doc.moveDown(0.4);
  };
  const kindLabel = (kind: string) =>
    kind === 'sold' ? t.sold : kind === 'refund' ? t.refund : kind === 'payout' ? t.payoutLine : kind;
  row([t.date, t.kind, t.order, t.gross, t.commission, t.vat, t.net], true);
  row(['', t.opening, '', '', '', '', chf(data.openingRappen)]);
  let gross = 0;
  let commission = 0;
  let net = 0;
  for (const line of data.lines) {
    gross += line.grossRappen;
    commission += line.commissionRappen;
    net += line.netRappen;
    row([
      day(line.date),
      kindLabel(line.kind),
      line.order === null ? '' : String(line.order),
      chf(line.grossRappen),
      chf(line.commissionRappen),
      chf(line.vatRappen),
      chf(line.netRappen),
    ]);
  }
  row(['', t.total, '', chf(gross), chf(commission), '', chf(net)], true);
  row(['', t.closing, '', '', '', '', chf(data.openingRappen + net)], true);
  doc.end();
  return done;
}
