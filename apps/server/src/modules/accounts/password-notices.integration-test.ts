/**
 * Decision 328: a changed password is told to the account's address (signed in, or by a reset
 * link).
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, uniqueName, type TestUser } from '../../../test/fixtures.ts';
import { makeStaff } from '../../../test/staff-builders.ts';
import { outbox } from '../../db/schema.ts';

const NEW_PASSWORD = 'a brand new passphrase';
const NOTICE = 'Marktgasse: your password was changed';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

const mailsTo = (email: string) =>
  t.database.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id));

/** The token of the newest link of this kind mailed to `email`. */
async function linkToken(email: string, route: string, param = 'token'): Promise<string> {
  for (const mail of await mailsTo(email)) {
    const match = new RegExp(`/#/${route}\\?${param}=([A-Za-z0-9_-]+)`).exec(mail.body);
    if (match) return match[1]!;
  }
  throw new Error(`no ${route} link mailed to ${email}`);
}

const notices = async (email: string, subject = NOTICE) =>
  (await mailsTo(email)).filter((m) => m.subject === subject);

const changePassword = (user: TestUser, currentPassword: string, newPassword = NEW_PASSWORD) =>
  post('/api/users/me/password/', { currentPassword, newPassword }, user.auth);
/** "Forgot password?" for the account; `ip` keeps a loop of requests under the per-address limit. */
const askReset = (user: TestUser, ip = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/password-reset/',
    payload: { username: user.username },
    remoteAddress: ip,
  });
const reset = (token: string, password = NEW_PASSWORD) =>
  post('/api/users/password-reset/confirm/', { token, password });

/** A customer whose account language is German (the registration's Accept-Language). */
async function germanUser(): Promise<TestUser> {
  const username = uniqueName('anna');
  const email = `${username}@example.ch`;
  const password = 'correct horse battery';
  const res = await post(
    '/api/users/registration/',
    { username, email, password, status: 'CUSTOMER' },
    { 'accept-language': 'de-CH' },
  );
  expect(res.statusCode, res.body).toBe(201);
  const access = res.json().access as string;
  return {
    id: res.json().id,
    username,
    email,
    password,
    token: access,
    auth: { authorization: `Bearer ${access}` },
  };
}

describe('the "your password was changed" notice', () => {
  it('goes to the account’s address after a change in the settings, in the account’s language', async () => {
    const user = await germanUser();
    const wrong = await changePassword(user, 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(await notices(user.email, 'Marktgasse: Ihr Passwort wurde geändert')).toHaveLength(0);

    const before = (await mailsTo(user.email)).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/password/',
      headers: { ...user.auth, 'accept-language': 'fr' },
      payload: { currentPassword: user.password, newPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(204);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(before + 1);
    const [notice] = mails;
    // The account's language, not the request's: the notice is for the owner, whoever asked.
    expect(notice!.subject).toBe('Marktgasse: Ihr Passwort wurde geändert');
    expect(notice!.body).toContain('in den Kontoeinstellungen geändert');
    expect(notice!.body).toContain('/#/forgot-password');
    expect(notice!.body).not.toContain(NEW_PASSWORD);
    expect(notice!.body).not.toContain(user.password);
    expect(notice!.body).not.toMatch(/token=/);
  });

  it('goes to the account’s address after a reset by link, without the link’s token', async () => {
    const user = await registerUser(t.app);
    expect((await askReset(user)).statusCode).toBe(202);
    const token = await linkToken(user.email, 'reset-password');
    // A refused password sets nothing and tells nothing.
    expect((await reset(token, 'short')).statusCode).toBe(400);
    expect(await notices(user.email)).toHaveLength(0);

    expect((await reset(token)).statusCode).toBe(204);
    const [notice] = await notices(user.email);
    expect(notice).toBeDefined();
    expect(notice!.body).toContain('with a password reset link sent to this address');
    expect(notice!.body).toContain('/#/forgot-password');
    expect(notice!.body).not.toContain(token);
    expect(notice!.body).not.toContain(NEW_PASSWORD);
    expect((await mailsTo(user.email))[0]!.id).toBe(notice!.id);
    // A used link sends nothing more.
    expect((await reset(token, 'yet another passphrase')).statusCode).toBe(400);
    expect(await notices(user.email)).toHaveLength(1);
  });

  it('is not sent when a new colleague chooses the first password with the staff invitation', async () => {
    const admin = await makeStaff(t, ['admin']);
    const username = uniqueName('desk');
    const email = `${username}@example.ch`;
    const created = await post(
      '/api/admin/staff/',
      { username, email, permissions: ['support'] },
      admin.auth,
    );
    expect(created.statusCode, created.body).toBe(201);
    const token = await linkToken(email, 'accept-invitation');
    const accepted = await post('/api/users/staff-invitation/accept/', { token, password: NEW_PASSWORD });
    expect(accepted.statusCode).toBe(204);
    expect(await notices(email)).toHaveLength(0);
  });
});
