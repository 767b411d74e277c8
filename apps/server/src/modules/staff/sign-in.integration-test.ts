import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, uniqueName, type TestUser } from '../../../test/fixtures.ts';
import { auditLog, users } from '../../db/schema.ts';
import { StaffService } from './service.ts';
import { newTotpSecret, totpCode } from './totp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await build({ STAFF_TOKEN_IDLE_MINUTES: '30' });
});
afterAll(async () => {
  await t?.close();
});

const login = (u: TestUser, otp?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/login/',
    payload: { username: u.username, password: u.password, ...(otp !== undefined ? { otp } : {}) },
  });

async function newStaff(): Promise<TestUser> {
  const u = await registerUser(t.app, { status: null, username: uniqueName('staff') });
  await t.database.db
    .update(users)
    .set({ isStaff: true, staffPermissions: ['support', 'moderation'] })
    .where(eq(users.id, u.id));
  return u;
}

const actions = async (userId: number) =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.staffId, userId))).map((r) => r.action);

describe('staff sign-in with a second factor', () => {
  it('enrols on the first sign-in, then accepts each code once and each recovery code once', async () => {
    const staff = await newStaff();
    const first = await login(staff);
    expect(first.statusCode).toBe(401);
    const body = first.json();
    expect(body.otp_required).toBe(true);
    expect(body.detail).toMatch(/authenticator/);
    const secret: string = body.enrolment.secret;
    expect(body.enrolment.otpauth_url).toContain(`secret=${secret}`);

    const wrong = await login(staff, '000000' === totpCode(secret) ? '111111' : '000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().otp_required).toBe(true);

    const enrolled = await login(staff, totpCode(secret));
    expect(enrolled.statusCode).toBe(200);
    const codes: string[] = enrolled.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(enrolled.json().permissions).toEqual(['support', 'moderation']);

    const again = await login(staff);
    expect(again.statusCode).toBe(401);
    expect(again.json().enrolment).toBeUndefined();

    const next = totpCode(secret, Date.now() + 30_000);
    expect((await login(staff, next)).statusCode).toBe(200);
    const replay = await login(staff, next);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().detail).toMatch(/used already/);

    expect((await login(staff, codes[0]!.toUpperCase())).statusCode).toBe(200);
    const usedTwice = await login(staff, codes[0]!);
    expect(usedTwice.statusCode).toBe(401);
    expect(usedTwice.json().otp_required).toBe(true);

    const rows = await actions(staff.id);
    expect(rows.filter((a) => a === 'staff.sign-in')).toHaveLength(2);
    expect(rows).toContain('staff.totp-enrolled');
    expect(rows.filter((a) => a === 'staff.sign-in-refused')).toHaveLength(2);
  });

  it('of parallel first sign-ins, every answer offers the one secret stored, which enrols (decision 332)', async () => {
    for (let round = 0; round < 5; round += 1) {
      const staff = await newStaff();
      const answers = await Promise.all(Array.from({ length: 6 }, () => login(staff)));
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(401);
        expect(answer.json().otp_required).toBe(true);
      }
      const secrets = new Set(answers.map((a) => a.json().enrolment.secret as string));
      expect(secrets.size).toBe(1);
      const [secret] = [...secrets];
      // What the authenticator app scanned from any of the answers is what the server checks.
      const enrolled = await login(staff, totpCode(secret!));
      expect(enrolled.statusCode, enrolled.body).toBe(200);
      expect(enrolled.json().recovery_codes).toHaveLength(10);
    }
  });

  it('of parallel enrolments with the same code, one signs in and the other is asked for a code', async () => {
    const staff = await newStaff();
    const secret: string = (await login(staff)).json().enrolment.secret;
    const code = totpCode(secret);
    const answers = await Promise.all([login(staff, code), login(staff, code)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    const refused = answers.find((a) => a.statusCode === 401)!;
    expect(refused.json()).toMatchObject({ otp_required: true, detail: expect.any(String) });
    expect(refused.json().enrolment).toBeUndefined();
    const winner = answers.find((a) => a.statusCode === 200)!;
    expect(winner.json().recovery_codes).toHaveLength(10);
    // The winner's recovery codes are the ones stored.
    expect((await login(staff, winner.json().recovery_codes[0])).statusCode).toBe(200);
  });

  it('gives staff a short-lived token that sign-out revokes; customers sign in as before', async () => {
    const staff = await newStaff();
    const secret: string = (await login(staff)).json().enrolment.secret;
    const res = await login(staff, totpCode(secret));
    const token: string = res.json().access;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      exp: number;
      iat: number;
    };
    expect(claims.exp - claims.iat).toBe(30 * 60);
    const auth = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ url: '/api/users/me/', headers: auth })).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/users/logout/', headers: auth });
    expect((await t.app.inject({ url: '/api/users/me/', headers: auth })).statusCode).toBe(401);

    const customer = await registerUser(t.app);
    const plain = await login(customer, '123456');
    expect(plain.statusCode).toBe(200);
    expect(plain.json().permissions).toBeUndefined();
  });

  it('refuses the audit log any change', async () => {
    const staff = await newStaff();
    const secret: string = (await login(staff)).json().enrolment.secret;
    expect((await login(staff, totpCode(secret))).statusCode).toBe(200);
    expect(await actions(staff.id)).toContain('staff.totp-enrolled');
    await expect(
      t.database.db.update(auditLog).set({ reason: 'x' }).where(eq(auditLog.staffId, staff.id)),
    ).rejects.toThrow();
    await expect(t.database.db.delete(auditLog).where(eq(auditLog.staffId, staff.id))).rejects.toThrow();
  });

  it('keeps TOTP secrets encrypted at rest and seals secrets stored in the clear before', async () => {
    const stored = async (id: number) =>
      (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
    const staff = await newStaff();
    const secret: string = (await login(staff)).json().enrolment.secret;
    expect((await stored(staff.id)).totpPendingSecret).not.toContain(secret);
    expect((await login(staff, totpCode(secret))).statusCode).toBe(200);
    const sealed = (await stored(staff.id)).totpSecret!;
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(secret);

    // An account from before: its secret in the clear, sealed by the sweep run at start.
    const old = await newStaff();
    const plain = newTotpSecret();
    await t.database.db.update(users).set({ totpSecret: plain, totpLastStep: 0 }).where(eq(users.id, old.id));
    expect(await new StaffService(t.app.ctx).sealPlainSecrets()).toBeGreaterThanOrEqual(1);
    const after = (await stored(old.id)).totpSecret!;
    expect(after).toMatch(/^v1\./);
    expect(after).not.toContain(plain);
    expect((await login(old, totpCode(plain))).statusCode).toBe(200);
    expect(await new StaffService(t.app.ctx).sealPlainSecrets()).toBe(0);
  });
});
