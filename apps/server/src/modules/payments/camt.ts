/**
 * Reads ISO 20022 bank-to-customer files: camt.054 (debit/credit notification) and camt.053
 * (statement), any version from .04 on. Each booked credit becomes one BankCredit: a batch
 * booking (Swiss banks book a day's QR payments as one entry) gives one per transaction.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parseRappen } from '@marktgasse/shared';

export interface BankCredit {
  /** Unique per bank entry, stable across imports of the same file: the idempotency key. */
  key: string;
  amountRappen: number;
  currency: string;
  /** The QR reference (QRR), digits only; null for SCOR or unstructured payments. */
  qrReference: string | null;
  /** Any other reference the payer gave (SCOR, unstructured text), for a person to read. */
  otherReference: string | null;
  debtorName: string | null;
  debtorIban: string | null;
  /** YYYY-MM-DD. */
  bookingDate: string | null;
}

export interface BankFile {
  kind: 'camt.053' | 'camt.054';
  messageId: string;
  credits: BankCredit[];
}

export class CamtError extends Error {}

type Node = Record<string, unknown>;

const LISTS = new Set(['Ntfctn', 'Stmt', 'Ntry', 'TxDtls', 'Strd', 'CdtrRefInf', 'Ustrd']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  // Keep every value a string: a 27-digit reference is no number.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => LISTS.has(name),
});

const child = (node: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((n, key) => (n && typeof n === 'object' ? (n as Node)[key] : undefined), node);
const text = (node: unknown, ...path: string[]): string | null => {
  const value = child(node, ...path);
  if (typeof value === 'string') return value.trim() || null;
  if (value && typeof value === 'object' && typeof (value as Node)['#text'] === 'string')
    return ((value as Node)['#text'] as string).trim() || null;
  return null;
};
const list = (node: unknown, ...path: string[]): unknown[] => {
  const value = child(node, ...path);
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
};

function amountOf(node: unknown): { rappen: number; currency: string } | null {
  const amount = child(node, 'Amt');
  const rappen = parseRappen(text(amount) ?? '');
  const currency = text(amount, '@Ccy');
  return rappen === null || rappen <= 0 || !currency ? null : { rappen, currency };
}

function references(tx: unknown): { qr: string | null; other: string | null } {
  const refs = list(tx, 'RmtInf', 'Strd').flatMap((s) => list(s, 'CdtrRefInf'));
  let qr: string | null = null;
  let other: string | null = null;
  for (const ref of refs) {
    const value = text(ref, 'Ref');
    if (!value) continue;
    if (text(ref, 'Tp', 'CdOrPrtry', 'Prtry') === 'QRR') qr ??= value.replace(/\s+/g, '');
    else other ??= value;
  }
  other ??= list(tx, 'RmtInf', 'Ustrd')
    .map((u) => text(u))
    .filter(Boolean)
    .join(' ');
  return { qr, other: other || null };
}

/** A debtor is `Dbtr/Pty/Nm` from version .08 on, `Dbtr/Nm` before. */
function debtorName(tx: unknown): string | null {
  return text(tx, 'RltdPties', 'Dbtr', 'Pty', 'Nm') ?? text(tx, 'RltdPties', 'Dbtr', 'Nm');
}

function bookingDate(entry: unknown): string | null {
  const date = text(entry, 'BookgDt', 'Dt') ?? text(entry, 'BookgDt', 'DtTm');
  return date ? date.slice(0, 10) : null;
}

function entryCredits(entry: unknown, account: string, index: number): BankCredit[] {
  if (text(entry, 'CdtDbtInd') !== 'CRDT' || text(entry, 'RvslInd') === 'true') return [];
  // Only booked entries move money; PDNG and INFO announce what may come.
  const status = text(entry, 'Sts', 'Cd') ?? text(entry, 'Sts');
  if (status !== 'BOOK') return [];
  const entryKey = text(entry, 'AcctSvcrRef') ?? text(entry, 'NtryRef') ?? `entry-${index}`;
  const details = list(entry, 'NtryDtls').flatMap((d) => list(d, 'TxDtls'));
  const transactions = details.length > 0 ? details : [entry];
  return transactions.flatMap((tx, n) => {
    if (details.length > 0 && text(tx, 'CdtDbtInd') === 'DBIT') return [];
    const amount = amountOf(tx) ?? (transactions.length === 1 ? amountOf(entry) : null);
    if (!amount) return [];
    const ref = references(tx);
    const own = text(tx, 'Refs', 'AcctSvcrRef');
    return [
      {
        key: `${account}/${own ?? `${entryKey}#${n + 1}`}`,
        amountRappen: amount.rappen,
        currency: amount.currency,
        qrReference: ref.qr,
        otherReference: ref.other,
        debtorName: debtorName(tx),
        debtorIban: text(tx, 'RltdPties', 'DbtrAcct', 'Id', 'IBAN'),
        bookingDate: bookingDate(entry),
      },
    ];
  });
}

/** Parses a camt.053 or camt.054 file; throws CamtError with a sentence for anything else. */
export function parseCamt(xml: string): BankFile {
  if (/<!DOCTYPE/i.test(xml)) throw new CamtError('The bank file must not contain a DOCTYPE.');
  if (XMLValidator.validate(xml) !== true) throw new CamtError('The bank file is not well-formed XML.');
  const document = child(parser.parse(xml), 'Document');
  const notification = child(document, 'BkToCstmrDbtCdtNtfctn');
  const statement = child(document, 'BkToCstmrStmt');
  const root = notification ?? statement;
  if (!root)
    throw new CamtError('The bank file is neither a camt.054 notification nor a camt.053 statement.');
  const reports = notification ? list(root, 'Ntfctn') : list(root, 'Stmt');
  const credits = reports.flatMap((report) => {
    const account = text(report, 'Acct', 'Id', 'IBAN') ?? text(report, 'Acct', 'Id', 'Othr', 'Id') ?? '';
    return list(report, 'Ntry').flatMap((entry, i) => entryCredits(entry, account, i));
  });
  return {
    kind: notification ? 'camt.054' : 'camt.053',
    messageId: text(root, 'GrpHdr', 'MsgId') ?? '',
    credits,
  };
}
