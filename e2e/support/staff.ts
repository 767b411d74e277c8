/**
 * The demo staff member (every permission) signed in through the API with its second factor:
 * enrolled here when no spec did it yet, otherwise with the secret the enrolling spec left in the
 * e2e data directory (admin.spec enrols through the UI and leaves it too).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_PASSWORD } from './helpers';

export const DEMO_STAFF = 'demo-staff';

const secretFile = () => path.join(process.env.E2E_DATA_DIR ?? '.', 'demo-staff-totp.txt');

/** Called by whoever enrols the demo staff member, so later specs can sign in too. */
export function rememberStaffSecret(secret: string): void {
  writeFileSync(secretFile(), secret);
}

/** The secret the enrolling spec left, or null when nobody enrolled the demo staff member yet. */
export function rememberedStaffSecret(): string | null {
  return existsSync(secretFile()) ? readFileSync(secretFile(), 'utf8').trim() : null;
}

const totp = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

/** Bearer headers of the demo staff member. */
export async function staffHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  return { authorization: `Bearer ${(await staffLogin(request)).access}` };
}

/** The demo staff member's sign-in answer (the session the web app keeps). */
export async function staffLogin(
  request: APIRequestContext,
): Promise<{ access: string } & Record<string, unknown>> {
  const login = (otp?: string) =>
    request.post('/api/users/login/', {
      data: { username: DEMO_STAFF, password: DEMO_PASSWORD, ...(otp ? { otp } : {}) },
    });
  const first = await login();
  expect(first.status(), await first.text()).toBe(401);
  const asked = (await first.json()) as { enrolment?: { secret: string } | null };
  let secret = asked.enrolment?.secret;
  if (secret) rememberStaffSecret(secret);
  else {
    expect(
      existsSync(secretFile()),
      'the demo staff member was enrolled by a spec that kept its secret',
    ).toBe(true);
    secret = readFileSync(secretFile(), 'utf8').trim();
  }
  let res = await login(totp(secret));
  if (res.status() !== 200) {
    // That code was used a moment ago (another spec): the next period's code is fresh.
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 500));
    res = await login(totp(secret));
  }
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { access: string } & Record<string, unknown>;
}

/** A camt.054 with one booked QR payment, as a Swiss bank sends it for the platform's account. */
export function camt054(qrReference: string, amount: string): string {
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn>
  <GrpHdr><MsgId>E2E-${run}</MsgId><CreDtTm>${new Date().toISOString()}</CreDtTm></GrpHdr>
  <Ntfctn><Id>N-${run}</Id><Acct><Id><IBAN>CH4431999123000889012</IBAN></Id></Acct>
    <Ntry>
      <Amt Ccy="CHF">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
      <BookgDt><Dt>${new Date().toISOString().slice(0, 10)}</Dt></BookgDt><AcctSvcrRef>${run}-1</AcctSvcrRef>
      <NtryDtls><TxDtls>
        <Refs><AcctSvcrRef>${run}-1-1</AcctSvcrRef></Refs>
        <Amt Ccy="CHF">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd>
        <RltdPties><Dbtr><Pty><Nm>Anna Muster</Nm></Pty></Dbtr></RltdPties>
        <RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Prtry>QRR</Prtry></CdOrPrtry></Tp><Ref>${qrReference}</Ref></CdtrRefInf></Strd></RmtInf>
      </TxDtls></NtryDtls>
    </Ntry>
  </Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;
}
