import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CamtError, parseCamt } from './camt.ts';

const sample = readFileSync(new URL('./test-data/camt054-sample.xml', import.meta.url), 'utf8');

describe('camt.054 import', () => {
  const file = parseCamt(sample);

  it('reads every booked credit of a batch booking as its own payment', () => {
    expect(file.kind).toBe('camt.054');
    expect(file.messageId).toBe('CAMT054-20261127-0001');
    expect(file.credits.map((c) => [c.amountRappen, c.qrReference])).toEqual([
      [12_990, '510000000000000000000001011'],
      [5_000, '510000000000000000000001026'],
      [2_000, '210000000003139471430009017'],
      [10_000, '510000000000000000000001034'],
      [4_550, '510000000000000000000001042'],
      [1_000, null],
    ]);
  });

  it('keeps the debtor, currency, booking date and a key per bank entry', () => {
    const [first, second] = file.credits;
    expect(first).toEqual({
      key: 'CH4431999123000889012/20261127001234567-0001',
      amountRappen: 12_990,
      currency: 'CHF',
      qrReference: '510000000000000000000001011',
      otherReference: null,
      debtorName: 'Anna Muster',
      debtorIban: 'CH9300762011623852957',
      bookingDate: '2026-11-27',
    });
    expect(second?.debtorName).toBe('Marco Rossi');
    expect(new Set(file.credits.map((c) => c.key)).size).toBe(file.credits.length);
  });

  it('reads the older debtor form, a date-time booking, and an entry without its own reference', () => {
    const unstructured = file.credits.at(-1)!;
    expect(unstructured.debtorName).toBe('Hans Keller');
    expect(unstructured.otherReference).toBe('Bestellung 105 Danke');
    const noTxRef = file.credits[4]!;
    expect(noTxRef.bookingDate).toBe('2026-11-27');
    expect(noTxRef.key).toBe('CH4431999123000889012/20261127001234569#1');
  });

  it('leaves out debits (fees) and entries not yet booked', () => {
    expect(file.credits.some((c) => c.amountRappen === 250 || c.amountRappen === 7_700)).toBe(false);
  });

  it('reads a camt.053 statement too', () => {
    const statement = `<?xml version="1.0"?>
      <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"><BkToCstmrStmt>
        <GrpHdr><MsgId>STMT-1</MsgId></GrpHdr>
        <Stmt><Acct><Id><IBAN>CH4431999123000889012</IBAN></Id></Acct>
          <Ntry><Amt Ccy="CHF">12.5</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
            <BookgDt><Dt>2026-11-20</Dt></BookgDt><AcctSvcrRef>S-1</AcctSvcrRef>
            <NtryDtls><TxDtls><RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Prtry>QRR</Prtry></CdOrPrtry></Tp>
              <Ref>510000000000000000000001011</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls>
          </Ntry></Stmt></BkToCstmrStmt></Document>`;
    const parsed = parseCamt(statement);
    expect(parsed.kind).toBe('camt.053');
    expect(parsed.credits).toEqual([
      expect.objectContaining({
        key: 'CH4431999123000889012/S-1#1',
        amountRappen: 1_250,
        qrReference: '510000000000000000000001011',
        bookingDate: '2026-11-20',
      }),
    ]);
  });

  it('refuses what is not a camt file, malformed XML and entity declarations', () => {
    expect(() => parseCamt('<Document><Other/></Document>')).toThrow(CamtError);
    expect(() => parseCamt('<Document><BkToCstmrStmt>')).toThrow(CamtError);
    expect(() => parseCamt('<!DOCTYPE x [<!ENTITY a "aaaa">]><Document/>')).toThrow(CamtError);
  });
});
