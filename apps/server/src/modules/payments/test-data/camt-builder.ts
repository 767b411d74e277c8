/** Builds small camt.054 files for tests: each call's entries get fresh bank references. */
import { randomBytes } from 'node:crypto';

export interface TestCredit {
  amount: string;
  qrReference?: string;
  debtor?: string;
  currency?: string;
}

export function camt054(credits: TestCredit[], account = 'CH4431999123000889012'): string {
  const run = randomBytes(4).toString('hex');
  const entries = credits
    .map(
      (c, i) => `
      <Ntry>
        <Amt Ccy="${c.currency ?? 'CHF'}">${c.amount}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-11-27</Dt></BookgDt>
        <AcctSvcrRef>${run}-${i + 1}</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <Refs><AcctSvcrRef>${run}-${i + 1}-1</AcctSvcrRef></Refs>
          <Amt Ccy="${c.currency ?? 'CHF'}">${c.amount}</Amt>
          <CdtDbtInd>CRDT</CdtDbtInd>
          <RltdPties><Dbtr><Pty><Nm>${c.debtor ?? 'Anna Muster'}</Nm></Pty></Dbtr></RltdPties>
          ${
            c.qrReference
              ? `<RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Prtry>QRR</Prtry></CdOrPrtry></Tp><Ref>${c.qrReference}</Ref></CdtrRefInf></Strd></RmtInf>`
              : '<RmtInf><Ustrd>no reference</Ustrd></RmtInf>'
          }
        </TxDtls></NtryDtls>
      </Ntry>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn>
  <GrpHdr><MsgId>TEST-${run}</MsgId><CreDtTm>2026-11-27T18:00:00+01:00</CreDtTm></GrpHdr>
  <Ntfctn><Id>N-${run}</Id><Acct><Id><IBAN>${account}</IBAN></Id></Acct>${entries}
  </Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;
}
