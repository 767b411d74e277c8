/**
 * Staff invitations (decision 293): an admin creates a staff account without a password, the
 * new colleague is mailed a link that sets the password once and until it expires, then enrols
 * the second factor at the first sign-in; sending again replaces the link; each is audited.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, uniqueName } from '../../../test/fixtures.ts';
import { makeStaff, type TestStaff } from '../../../test/staff-builders.ts';
import { accountTokens, outbox } from '../../db/schema.ts';
import { mailedToken } from '../../../test/outbox-mails.ts';
import { totpCode } from './totp.ts';

const PASSWORD = 'Gletscher-Seil-42';

let t: TestApp;
let admin: TestStaff;
beforeAll(async () => {
  t = await build();
  admin = await makeStaff(t, ['admin']);
});
afterAll(async () => {
  await t?.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  who: { auth: Record<string, string> },
  payload?: object,
) => t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

const accept = (token: string, password = PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/users/staff-invitation/accept/', payload: { token, password } });

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/login/', payload: { username, password } });

async function mailsTo(email: string) {
  return t.database.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id));
}

/** The token of the newest invitation mailed to `email`. */
async function invitationToken(email: string): Promise<string> {
  for (const mail of await mailsTo(email)) {
    const match = /\/#\/accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.body);
    if (match) return match[1]!;
  }
  throw new Error(`no invitation mailed to ${email}`);
}

const auditOf = async (id: number) =>
  (await call('GET', `/api/admin/audit/?object=staff:${id}`, admin)).json().results as {
    action: string;
    staff: string;
    reason: string;
    after: Record<string, unknown> | null;
  }[];

async function invite(headers: Record<string, string> = {}) {
  const username = uniqueName('desk');
  const email = `${username}@example.ch`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/staff/',
    headers: { ...admin.auth, ...headers },
    payload: { username, email, permissions: ['support'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { username, email, id: res.json().id as number, account: res.json() };
}

describe('staff invitation', () => {
  it('mails a link that sets the password once; the second factor follows at the first sign-in', async () => {
    const { username, email, id, account } = await invite({ 'accept-language': 'de-CH' });
    expect(account).toMatchObject({ username, permissions: ['support'], enrolled: false, disabled: false });
    // The invitation alone: its link confirms the address, no separate confirmation is asked.
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails.filter((m) => m.body.includes('accept-invitation'));
    expect(mail!.subject).toBe('Marktgasse: Ihr Mitarbeiterkonto ist bereit');
    expect(mail!.body).toContain('innert 72 Stunden');
    const token = await invitationToken(email);
    // Nobody knows a password before the link is used.
    expect((await login(username, PASSWORD)).statusCode).toBe(401);
    expect((await login(username, PASSWORD)).json().otp_required).toBeUndefined();

    expect((await accept(token)).statusCode).toBe(204);
    const again = await accept(token, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/invitation link is invalid, was already used or has expired/);

    const signIn = await login(username, PASSWORD);
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json()).toMatchObject({ otp_required: true, enrolment: { secret: expect.any(String) } });
    expect((await login(username, 'yet another passphrase')).json().otp_required).toBeUndefined();

    const audit = await auditOf(id);
    expect(audit.map((a) => a.action).sort()).toEqual(
      ['staff.create', 'staff.invitation-accepted', 'staff.invite'].sort(),
    );
    expect(audit.find((a) => a.action === 'staff.invite')).toMatchObject({ staff: admin.username });
    expect(audit.find((a) => a.action === 'staff.create')!.after).toMatchObject({ invited: true });
  });

  it('refuses an expired link and a wrong one with the same 400, and sets nothing', async () => {
    const { username, email, id } = await invite();
    const token = await invitationToken(email);
    await t.database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, id));
    const expired = await accept(token);
    expect(expired.statusCode).toBe(400);
    const wrong = await accept('A'.repeat(43));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe(expired.json().detail);
    expect((await login(username, PASSWORD)).json().otp_required).toBeUndefined();
  });

  it('sends a new link on request, which ends the one before; each sending is audited with its reason', async () => {
    const { email, id } = await invite();
    const first = await invitationToken(email);
    const resent = await call('POST', `/api/admin/staff/${id}/invite/`, admin, { reason: 'lost the e-mail' });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ id, enrolled: false });
    const second = await invitationToken(email);
    expect(second).not.toBe(first);
    expect((await accept(first)).statusCode).toBe(400);
    expect((await accept(second)).statusCode).toBe(204);
    const invites = (await auditOf(id)).filter((a) => a.action === 'staff.invite');
    expect(invites.map((a) => a.reason)).toContain('lost the e-mail');
    expect(invites).toHaveLength(2);
    // The reason is optional.
    const { id: other } = await invite();
    expect((await call('POST', `/api/admin/staff/${other}/invite/`, admin, {})).statusCode).toBe(200);
  });

  it('refuses to invite an account that signed in already or is disabled, or that is not staff', async () => {
    const enrolled = await makeStaff(t, ['support']);
    const signedIn = await call('POST', `/api/admin/staff/${enrolled.id}/invite/`, admin, {});
    expect(signedIn.statusCode).toBe(409);
    const { id, email } = await invite();
    const token = await invitationToken(email);
    expect((await call('PUT', `/api/admin/staff/${id}/disable/`, admin, { reason: 'left' })).statusCode).toBe(
      200,
    );
    expect((await call('POST', `/api/admin/staff/${id}/invite/`, admin, {})).statusCode).toBe(409);
    // A disabled account's earlier link opens nothing.
    expect((await accept(token)).statusCode).toBe(400);
    const customer = await registerUser(t.app, { status: 'CUSTOMER' });
    expect((await call('POST', `/api/admin/staff/${customer.id}/invite/`, admin, {})).statusCode).toBe(404);
  });

  it('stops working once the password was reset afterwards, as a reset link stops at a new password (decision 332)', async () => {
    const support = await makeStaff(t, ['support']);
    const { username, email, id } = await invite();
    const invitation = await invitationToken(email);
    const sent = await call('POST', `/api/admin/users/${id}/password-reset/`, support, {
      reason: 'asked by phone',
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/users/password-reset/confirm/',
      payload: { token: await mailedToken(t, email, 'reset-password'), password: PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(204);

    const late = await accept(invitation, 'an intruder’s passphrase');
    expect(late.statusCode).toBe(400);
    expect(late.json().detail).toMatch(/invitation link is invalid, was already used or has expired/);
    // The password from the reset stands: it is right (the second factor is asked next).
    expect((await login(username, PASSWORD)).json().otp_required).toBe(true);
    expect((await login(username, 'an intruder’s passphrase')).json().otp_required).toBeUndefined();
  });

  it('used at the same moment as a reset link, never replaces the password the reset set', async () => {
    const support = await makeStaff(t, ['support']);
    const RESET = 'Rhone-Gletscher-17';
    for (let round = 0; round < 10; round += 1) {
      const { username, email, id } = await invite();
      const invitation = await invitationToken(email);
      expect(
        (await call('POST', `/api/admin/users/${id}/password-reset/`, support, { reason: 'phone' }))
          .statusCode,
      ).toBe(202);
      const resetLink = await mailedToken(t, email, 'reset-password');
      const [accepted, reset] = await Promise.all([
        accept(invitation),
        t.app.inject({
          method: 'POST',
          url: '/api/users/password-reset/confirm/',
          payload: { token: resetLink, password: RESET },
        }),
      ]);
      // The reset always sets its password: before the invitation's (which it then ends) or after.
      expect(reset.statusCode, reset.body).toBe(204);
      expect([204, 400], accepted.body).toContain(accepted.statusCode);
      expect((await login(username, RESET)).json().otp_required).toBe(true);
    }
  });

  it('stops working once the colleague signed in with a password an admin passed on', async () => {
    // Created with a password an admin passed on, and invited as well.
    const username = uniqueName('desk');
    const email = `${username}@example.ch`;
    const created = await call('POST', '/api/admin/staff/', admin, {
      username,
      email,
      password: PASSWORD,
      permissions: ['support'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect((await call('POST', `/api/admin/staff/${id}/invite/`, admin, {})).statusCode).toBe(200);
    const afterSignIn = await invitationToken(email);
    const secret: string = (await login(username, PASSWORD)).json().enrolment.secret;
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { username, password: PASSWORD, otp: totpCode(secret) },
    });
    expect(signedIn.statusCode).toBe(200);
    const late = await accept(afterSignIn, 'an intruder’s passphrase');
    expect(late.statusCode).toBe(400);
    expect(late.json().detail).toMatch(/invitation link is invalid, was already used or has expired/);
    expect((await login(username, PASSWORD)).json().otp_required).toBe(true);
  });

  it('answers staff without admin, and everyone else, like a missing route', async () => {
    const support = await makeStaff(t, ['support']);
    const { id } = await invite();
    const customer = await registerUser(t.app, { status: 'CUSTOMER' });
    for (const who of [support, customer]) {
      const resend = await call('POST', `/api/admin/staff/${id}/invite/`, who, {});
      expect(resend.statusCode).toBe(404);
      const create = await call('POST', '/api/admin/staff/', who, {
        username: uniqueName('desk'),
        email: 'x@example.ch',
        permissions: ['admin'],
      });
      expect(create.statusCode).toBe(404);
    }
  });
});
