import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import jsQR from 'jsqr';
import { SwissQRCode } from 'swissqrbill/svg';
import { isQRIBAN } from 'ibantools';
import { isValidQrReference, orderIdFromQrReference } from '@marktgasse/shared';
import { testConfig } from '../../../test/config.ts';
import {
  platformAccount,
  qrBillData,
  renderQrBillPdf,
  type InvoiceOrder,
  type PlatformAccount,
} from './qr-bill.ts';

const account: PlatformAccount = {
  name: 'Marktgasse AG',
  address: { street: 'Marktgasse', buildingNumber: '1', postalCode: '3011', city: 'Bern', country: 'CH' },
  qrIban: 'CH4431999123000889012',
};

const order = (overrides: Partial<InvoiceOrder> = {}): InvoiceOrder => ({
  id: 4711,
  totalRappen: 12_990,
  language: 'de',
  customerName: 'Anna Muster',
  address: { address: 'Bahnhofstrasse 12', city: 'Zürich', postalCode: '8001', country: 'Schweiz' },
  ...overrides,
});

/** Renders the library's QR code (SVG) to pixels and reads it back as a phone would. */
async function decodeQr(svg: string): Promise<string | null> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 300 })
    .resize(600, 600)
    .flatten({ background: '#ffffff' })
    .extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

/** The text PDFKit drew: its content streams inflated, the hex strings of TJ operators decoded. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const hex of content.matchAll(/<([0-9a-fA-F]+)>/g))
      texts.push(Buffer.from(hex[1]!, 'hex').toString('latin1'));
  }
  return texts.join('');
}

describe('QR-bill', () => {
  it('encodes a Swiss QR payload (SPC 0200) that a scanner reads: IBAN, amount, reference, debtor', async () => {
    const payload = await decodeQr(new SwissQRCode(qrBillData(order(), account), 46).toString());
    expect(payload).not.toBeNull();
    const lines = payload!.split(/\r?\n/);
    expect(lines.slice(0, 3)).toEqual(['SPC', '0200', '1']);
    expect(lines[3]).toBe('CH4431999123000889012');
    expect(lines.slice(4, 11)).toEqual(['S', 'Marktgasse AG', 'Marktgasse', '1', '3011', 'Bern', 'CH']);
    expect(lines[18]).toBe('129.90');
    expect(lines[19]).toBe('CHF');
    expect(lines.slice(20, 27)).toEqual(['S', 'Anna Muster', 'Bahnhofstrasse', '12', '8001', 'Zürich', 'CH']);
    expect(lines[27]).toBe('QRR');
    expect(isValidQrReference(lines[28]!)).toBe(true);
    expect(orderIdFromQrReference(lines[28]!)).toBe(4711);
    expect(lines).toContain('EPD');
  });

  it('leaves the debtor empty when the order has no address the bill can print', async () => {
    const payload = await decodeQr(
      new SwissQRCode(qrBillData(order({ address: null }), account), 46).toString(),
    );
    const lines = payload!.split(/\r?\n/);
    expect(lines.slice(20, 27).every((l) => l === '')).toBe(true);
    expect(lines[18]).toBe('129.90');
  });

  it.each([
    ['de', 'Zahlteil', 'Rechnung zur Bestellung 4711'],
    ['fr', 'Section paiement', 'Facture de la commande 4711'],
    ['it', 'Sezione pagamento', "Fattura dell'ordine 4711"],
    ['en', 'Payment part', 'Invoice for order 4711'],
  ] as const)('renders a PDF with the payment part in %s', async (language, paymentPart, title) => {
    const pdf = await renderQrBillPdf(order({ language }), account);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(paymentPart);
    expect(text).toContain(title);
    expect(text).toContain('CHF 129.90');
    expect(text).toContain('51 00000 00000 00000 00000 47117');
  });

  it('pays to the configured QR-IBAN, and outside production to the guidelines’ example one', () => {
    const configured = platformAccount(testConfig({ PLATFORM_QR_IBAN: 'CH44 3199 9123 0008 8901 2' }));
    expect(configured?.qrIban).toBe('CH4431999123000889012');
    expect(isQRIBAN(platformAccount(testConfig())!.qrIban)).toBe(true);
    expect(platformAccount(testConfig())!.address.city).toBe('Bern');
  });

  it('refuses an ordinary IBAN as PLATFORM_QR_IBAN at start', () => {
    expect(() => testConfig({ PLATFORM_QR_IBAN: 'CH9300762011623852957' })).toThrow(/PLATFORM_QR_IBAN/);
    expect(() => testConfig({ PLATFORM_ADDRESS: 'somewhere' })).toThrow(/PLATFORM_ADDRESS/);
  });
});
