/**
 * An ISO 20022 customer credit transfer initiation, pain.001.001.09, as the Swiss Payment
 * Standards (SIX, Implementation Guidelines for Customer Credit Transfer, version 2022+)
 * describe it: one group header, one payment information block (batch booking) debiting the
 * platform's account, and one credit transfer per seller (payment type: IBAN, CHF).
 * Built with xmlbuilder2, which escapes every text.
 */
import { create } from 'xmlbuilder2';
import { rappenToDecimal } from '@marktgasse/shared';
import type { RunRow } from './repo.ts';

export const PAIN001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

export interface PlatformAccount {
  iban: string;
  name: string;
  /** "Street 1, 8001 Zürich" (parts separated by "," or "|"). */
  address: string;
}

/** SPS allows the Latin character set; names are cut to 70 characters. */
const text70 = (value: string) =>
  value
    .replace(/[^\p{L}\p{N} .,'’:?()+/&-]/gu, ' ')
    .slice(0, 70)
    .trim() || 'n/a';

/** ISO date-time without milliseconds and zone, as the SPS examples show (local time of the sender). */
function isoLocal(date: Date): string {
  return date.toISOString().slice(0, 19);
}

/** The structured debtor address when PLATFORM_ADDRESS reads "street, postcode town". */
function postalAddress(address: string): Record<string, string> | null {
  const parts = address
    .split(/[|,]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const town = /^(\d{4,5})\s+(.+)$/.exec(parts[parts.length - 1] ?? '');
  if (!town) return null;
  const street = parts.length > 1 ? parts[0]! : '';
  return {
    ...(street ? { StrtNm: street.slice(0, 70) } : {}),
    PstCd: town[1]!,
    TwnNm: town[2]!.slice(0, 35),
    Ctry: 'CH',
  };
}

/** The bank of a Swiss or Liechtenstein IBAN: its institution id (IID), digits 5–9. */
function debtorAgent(iban: string) {
  if (/^(CH|LI)/.test(iban)) {
    return {
      FinInstnId: { ClrSysMmbId: { ClrSysId: { Cd: 'CHBCC' }, MmbId: String(Number(iban.slice(4, 9))) } },
    };
  }
  return { FinInstnId: { Othr: { Id: 'NOTPROVIDED' } } };
}

export function buildPain001(run: RunRow, platform: PlatformAccount, now: Date): string {
  const total = run.transfers.reduce((sum, t) => sum + t.amountRappen, 0);
  const count = String(run.transfers.length);
  const execution = new Date(Math.max(now.getTime(), run.createdAt.getTime())).toISOString().slice(0, 10);
  const address = postalAddress(platform.address);
  const doc = create({ version: '1.0', encoding: 'UTF-8' }).ele(PAIN001_NAMESPACE, 'Document');
  const root = doc.ele('CstmrCdtTrfInitn');
  root.ele({
    GrpHdr: {
      MsgId: `MG-PAYOUT-${run.id}`,
      CreDtTm: isoLocal(now),
      NbOfTxs: count,
      CtrlSum: rappenToDecimal(total),
      InitgPty: { Nm: text70(platform.name) },
    },
  });
  const info = root.ele('PmtInf');
  info.ele({
    PmtInfId: `PAYOUT-${run.id}`,
    PmtMtd: 'TRF',
    BtchBookg: 'true',
    NbOfTxs: count,
    CtrlSum: rappenToDecimal(total),
    ReqdExctnDt: { Dt: execution },
    Dbtr: { Nm: text70(platform.name), ...(address ? { PstlAdr: address } : {}) },
    DbtrAcct: { Id: { IBAN: platform.iban } },
    DbtrAgt: debtorAgent(platform.iban),
  });
  for (const t of run.transfers) {
    info.ele({
      CdtTrfTxInf: {
        PmtId: { InstrId: `MG-${run.id}-${t.sellerId}`, EndToEndId: `MG-PAYOUT-${run.id}-${t.sellerId}` },
        Amt: { InstdAmt: { '@Ccy': 'CHF', '#': rappenToDecimal(t.amountRappen) } },
        Cdtr: { Nm: text70(t.accountHolder) },
        CdtrAcct: { Id: { IBAN: t.iban } },
        RmtInf: { Ustrd: `Marktgasse payout ${run.id}` },
      },
    });
  }
  return doc.end({ prettyPrint: true });
}
