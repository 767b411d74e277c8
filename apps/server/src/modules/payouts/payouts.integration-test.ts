/**
 * Payout runs end to end through the API (decision 226): a seller sells and ships, the holding
 * period passes, a run pays the available balance to their IBAN in a pain.001 file, execution
 * books it out, a later refund turns the balance negative and the next run nets it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { convert } from 'xmlbuilder2';
import { build, type TestApp } from '../../../test/build.ts';
import { registerSeller, registerUser, type TestUser } from '../../../test/fixtures.ts';
import { users } from '../../db/schema.ts';
import { LedgerService } from '../ledger/service.ts';

const PLATFORM_IBAN = 'CH9300762011623852957';
const SELLER_IBAN = 'CH5604835012345678009';

let t: TestApp;
let ledger: LedgerService;
let staff: TestUser;
let nextPart = 5000;

beforeAll(async () => {
  t = await build({
    PLATFORM_IBAN,
    PLATFORM_NAME: 'Marktgasse AG',
    PLATFORM_ADDRESS: 'Marktgasse 1, 3011 Bern',
  });
  ledger = new LedgerService(t.database.db);
  staff = await registerUser(t.app, { status: null });
  await t.database.db
    .update(users)
    .set({ isStaff: true, staffPermissions: ['finance'] })
    .where(sql`${users.id} = ${staff.id}`);
});
afterAll(() => t?.close());

const DAY = 24 * 60 * 60 * 1000;

/** A seller part paid and fulfilled `daysAgo` days ago (the orders wiring posts the same). */
async function soldAndShipped(seller: TestUser, grossRappen: number, daysAgo: number) {
  const at = new Date(Date.now() - daysAgo * DAY);
  const id = nextPart++;
  const commissionRappen = Math.round(grossRappen / 10);
  await t.database.db.transaction(async (tx) => {
    await ledger.recordCapture(tx, { orderId: id, amountRappen: grossRappen, at });
    await ledger.recordFulfilment(tx, {
      sellerOrderId: id,
      orderId: id,
      sellerId: seller.id,
      grossRappen,
      commissionRappen,
      vatRappen: Math.round((grossRappen * 81) / 1081),
      at,
    });
  });
  return id;
}

async function api(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, user: TestUser, payload?: object) {
  return t.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });
}

async function withIban(seller: TestUser, iban = SELLER_IBAN) {
  const res = await api('PATCH', `/api/profiles/${seller.id}/`, seller, {
    iban,
    accountHolder: 'Käserei Müller & Söhne',
  });
  expect(res.statusCode, res.body).toBe(200);
}

const balance = async (seller: TestUser) => (await api('GET', '/api/finance/balance/', seller)).json();

type Xml = Record<string, any>;

describe('payout account on the profile', () => {
  it('accepts a valid IBAN, refuses a wrong checksum and a QR-IBAN, and shows it (and the holder) to the owner only', async () => {
    const seller = await registerSeller(t.app);
    const wrong = await api('PATCH', `/api/profiles/${seller.id}/`, seller, {
      iban: 'CH5604835012345678008',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toMatch(/not a valid IBAN/);
    const qr = await api('PATCH', `/api/profiles/${seller.id}/`, seller, {
      iban: 'CH44 3199 9123 0008 8901 2',
    });
    expect(qr.statusCode).toBe(400);
    expect(qr.json().detail).toMatch(/QR-IBAN/);

    await withIban(seller, 'ch56 0483 5012 3456 7800 9');
    const own = (await api('GET', `/api/profiles/${seller.id}/`, seller)).json();
    expect(own).toMatchObject({
      iban: 'CH56 0483 5012 3456 7800 9',
      accountHolder: 'Käserei Müller & Söhne',
    });
    const other = await registerSeller(t.app);
    const seen = (await api('GET', `/api/profiles/${seller.id}/`, other)).json();
    // Not even masked: someone else's profile and the public list carry neither field.
    expect(seen).not.toHaveProperty('iban');
    expect(seen).not.toHaveProperty('accountHolder');
    const list = (await api('GET', '/api/profiles/', other)).json() as Record<string, unknown>[];
    const listed = list.find((p) => p.id === seller.id);
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('iban');
    expect(listed).not.toHaveProperty('accountHolder');
    expect(JSON.stringify(list)).not.toContain('0483');
  });

  it('gives customers no payout account', async () => {
    const customer = await registerUser(t.app, { status: 'CUSTOMER' });
    const res = await api('PATCH', `/api/profiles/${customer.id}/`, customer, { iban: SELLER_IBAN });
    expect(res.statusCode).toBe(400);
  });
});

describe('a payout run', () => {
  it('pays the available balance, writes a pain.001 that checks out, and nets a refund after payout', async () => {
    const seller = await registerSeller(t.app);
    const noIban = await registerSeller(t.app);
    const small = await registerSeller(t.app);
    await withIban(seller);
    await withIban(small);
    const part = await soldAndShipped(seller, 12_000, 20);
    await soldAndShipped(seller, 3_000, 2); // still inside the holding period
    await soldAndShipped(noIban, 8_000, 20);
    await soldAndShipped(small, 4_000, 20); // 36.00 available: below the minimum of 50.-

    const created = await api('POST', '/api/admin/payouts/', staff);
    expect(created.statusCode, created.body).toBe(201);
    const run = created.json();
    expect(run.transfers).toEqual([{ seller: seller.id, amount: '108.00', iban: SELLER_IBAN }]);
    expect(run.skipped).toContainEqual({ seller: noIban.id, reason: expect.stringMatching(/no IBAN/) });
    expect(run.skipped).toContainEqual({ seller: small.id, reason: expect.stringMatching(/minimum/) });
    expect(await balance(seller)).toMatchObject({ pending: '27.00', available: '0.00' });

    const file = await api('GET', `/api/admin/payouts/${run.id}/pain001/`, staff);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/application\/xml/);
    const doc = convert(file.body, { format: 'object' }) as Xml;
    expect(doc.Document['@xmlns']).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
    const initiation = doc.Document.CstmrCdtTrfInitn;
    expect(initiation.GrpHdr).toMatchObject({
      MsgId: `MG-PAYOUT-${run.id}`,
      NbOfTxs: '1',
      CtrlSum: '108.00',
    });
    expect(initiation.GrpHdr.CreDtTm).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(initiation.GrpHdr.InitgPty.Nm).toBe('Marktgasse AG');
    const info = initiation.PmtInf;
    expect(info).toMatchObject({ PmtMtd: 'TRF', NbOfTxs: '1', CtrlSum: '108.00' });
    expect(info.ReqdExctnDt.Dt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(info.DbtrAcct.Id.IBAN).toBe(PLATFORM_IBAN);
    expect(info.Dbtr).toMatchObject({
      Nm: 'Marktgasse AG',
      PstlAdr: { StrtNm: 'Marktgasse 1', PstCd: '3011', TwnNm: 'Bern', Ctry: 'CH' },
    });
    expect(info.DbtrAgt.FinInstnId.ClrSysMmbId).toEqual({ ClrSysId: { Cd: 'CHBCC' }, MmbId: '762' });
    const transfer = info.CdtTrfTxInf;
    expect(transfer.Amt.InstdAmt).toEqual({ '@Ccy': 'CHF', '#': '108.00' });
    expect(transfer.CdtrAcct.Id.IBAN).toBe(SELLER_IBAN);
    // xmlbuilder2's reader keeps entities as written: the file escapes the ampersand once.
    expect(file.body).toContain('<Nm>Käserei Müller &amp; Söhne</Nm>');
    expect(transfer.PmtId.EndToEndId).toBe(`MG-PAYOUT-${run.id}-${seller.id}`);

    const executed = await api('PUT', `/api/admin/payouts/${run.id}/executed/`, staff);
    expect(executed.statusCode).toBe(200);
    expect((await api('PUT', `/api/admin/payouts/${run.id}/executed/`, staff)).statusCode).toBe(200);
    expect(await balance(seller)).toMatchObject({ available: '0.00' });

    // The run's statement shows both sales and the payout; it closes at the balance (27.00 pending).
    const statement = (await api('GET', `/api/finance/statements/payout-${run.id}/`, seller)).json();
    expect(statement.lines.map((l: { kind: string }) => l.kind)).toEqual(['sold', 'sold', 'payout']);
    expect(statement.lines[0]).toMatchObject({
      order: part,
      gross: '120.00',
      commission: '12.00',
      net: '108.00',
    });
    expect(statement.lines[2]).toMatchObject({ order: null, net: '-108.00' });
    expect(statement).toMatchObject({
      opening: '0.00',
      closing: '27.00',
      totals: { gross: '150.00', net: '27.00' },
    });
    const csv = await api('GET', `/api/finance/statements/payout-${run.id}.csv`, seller);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\r\n')).toContain('date,kind,order,gross,commission,vat,net');
    expect(csv.body).toContain(',closing,,,,,27.00');
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/finance/statements/payout-${run.id}.pdf`,
      headers: { ...seller.auth, 'accept-language': 'de-CH' },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-language']).toBe('de-CH');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The font travels inside the file (no reader has to supply it).
    expect(pdf.rawPayload.includes(Buffer.from('/FontFile2'))).toBe(true);
    const list = (await api('GET', '/api/finance/statements/', seller)).json();
    expect(list.map((s: { id: string }) => s.id)).toContain(`payout-${run.id}`);

    // A staff refund of the delivered line after the payout: the seller owes 45.00 − 4.50.
    await t.database.db.transaction((tx) =>
      ledger.recordRefund(tx, {
        refundId: `after-${part}`,
        orderId: part,
        amountRappen: 4_500,
        sellerOrderId: part,
        sellerId: seller.id,
      }),
    );
    expect((await balance(seller)).available).toBe('-40.50');

    await soldAndShipped(seller, 10_000, 15);
    const next = (await api('POST', '/api/admin/payouts/', staff)).json();
    // 90.00 earned now + the pending 27.00 (not yet due) stays; 90.00 − 40.50 = 49.50 is below 50.-.
    expect(next.transfers).toEqual([]);
    expect(next.skipped).toContainEqual({ seller: seller.id, reason: expect.stringMatching(/minimum/) });
    await soldAndShipped(seller, 1_000, 15);
    const third = (await api('POST', '/api/admin/payouts/', staff)).json();
    expect(third.transfers).toEqual([{ seller: seller.id, amount: '58.50', iban: SELLER_IBAN }]);

    const trial = (await api('GET', '/api/admin/ledger/trial-balance/', staff)).json();
    expect(trial.total).toBe('0.00');
  });

  it('answers 404 for an unknown run and 409 for a file without PLATFORM_IBAN', async () => {
    expect((await api('GET', '/api/admin/payouts/424242/pain001/', staff)).statusCode).toBe(404);
    const bare = await build();
    try {
      const boss = await registerUser(bare.app, { status: null });
      await bare.database.db
        .update(users)
        .set({ isStaff: true, staffPermissions: ['finance'] })
        .where(sql`${users.id} = ${boss.id}`);
      const run = await bare.app.inject({ method: 'POST', url: '/api/admin/payouts/', headers: boss.auth });
      const file = await bare.app.inject({
        method: 'GET',
        url: `/api/admin/payouts/${run.json().id}/pain001/`,
        headers: boss.auth,
      });
      expect(file.statusCode).toBe(409);
      expect(file.json().detail).toMatch(/PLATFORM_IBAN/);
    } finally {
      await bare.close();
    }
  });
});
