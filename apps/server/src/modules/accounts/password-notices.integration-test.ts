/**
 * Decision 328: a changed password is told to the account's address (signed in, or by a reset
 * link), and the account's links answer to the address and the password they were made under:
 * a confirmed change of address ends the reset links mailed to the old one, and a new password
 * ends the open links to change the address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, uniqueName, type TestUser } from '../../../test/fixtures.ts';
import { makeStaff } from '../../../test/staff-builders.ts';
import { mailedToken, mailsTo as mailsToAddress } from '../../../test/outbox-mails.ts';

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

const mailsTo = (email: string) => mailsToAddress(t, email);
const linkToken = (email: string, route: string, param?: string) => mailedToken(t, email, route, param);

const notices = async (email: string, subject = NOTICE) =>
  (await mailsTo(email)).filter((m) => m.subject === subject);

const login = (username: string, password: string) => post('/api/users/login/', { username, password });
const newAddress = () => `${uniqueName('neu')}@example.ch`;

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
const askChange = (user: TestUser, email: string, password = user.password) =>
  post('/api/users/me/email/', { email, password }, user.auth);
const confirmChange = (token: string) => post('/api/users/email-change/confirm/', { token });

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

describe('a confirmed change of address ends the reset links mailed to the old one', () => {
  it('a reset link mailed before the change answers "invalid or expired" and changes nothing', async () => {
    const user = await registerUser(t.app);
    expect((await askReset(user)).statusCode).toBe(202);
    const oldLink = await linkToken(user.email, 'reset-password');
    const target = newAddress();
    expect((await askChange(user, target)).statusCode).toBe(202);
    expect((await confirmChange(await linkToken(target, 'confirm-email', 'change'))).statusCode).toBe(200);

    const res = await reset(oldLink);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(
      'This password reset link is invalid, was already used or has expired. Please ask for a new one.',
    );
    expect((await login(user.username, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.username, user.password)).statusCode).toBe(200);
    expect(await notices(user.email)).toHaveLength(0);
    expect(await notices(target)).toHaveLength(0);

    // A link asked after the change goes to the new address and works.
    expect((await askReset(user)).statusCode).toBe(202);
    expect((await reset(await linkToken(target, 'reset-password'))).statusCode).toBe(204);
    expect((await login(user.username, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await notices(target)).toHaveLength(1);
  });
});

describe('a new password ends the open links to change the address', () => {
  it('after a reset by link, a change link asked with the old password no longer works', async () => {
    // Someone who knows the password asks to move the account to their own address; the owner,
    // warned at the old address, resets the password: the intruder's link must die with it.
    const user = await registerUser(t.app);
    const intruder = newAddress();
    expect((await askChange(user, intruder)).statusCode).toBe(202);
    const changeLink = await linkToken(intruder, 'confirm-email', 'change');
    expect((await askReset(user)).statusCode).toBe(202);
    expect((await reset(await linkToken(user.email, 'reset-password'))).statusCode).toBe(204);

    const res = await confirmChange(changeLink);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/invalid, was already used or has expired/);
    const signedIn = await login(user.username, NEW_PASSWORD);
    expect(signedIn.json().email).toBe(user.email);
  });

  it('after a change in the settings, too', async () => {
    const user = await registerUser(t.app);
    const target = newAddress();
    expect((await askChange(user, target)).statusCode).toBe(202);
    const changeLink = await linkToken(target, 'confirm-email', 'change');
    expect((await changePassword(user, user.password)).statusCode).toBe(204);

    expect((await confirmChange(changeLink)).statusCode).toBe(400);
    const signedIn = await login(user.username, NEW_PASSWORD);
    expect(signedIn.json().email).toBe(user.email);
    // The owner can ask again with the new password.
    const again = await post(
      '/api/users/me/email/',
      { email: target, password: NEW_PASSWORD },
      { authorization: `Bearer ${signedIn.json().access}` },
    );
    expect(again.statusCode).toBe(202);
    expect((await confirmChange(await linkToken(target, 'confirm-email', 'change'))).statusCode).toBe(200);
  });

  it('of a reset and a change of address confirmed at the same moment, exactly one wins', async () => {
    for (let round = 0; round < 20; round += 1) {
      const user = await registerUser(t.app);
      const target = newAddress();
      expect((await askChange(user, target)).statusCode).toBe(202);
      expect((await askReset(user, `10.0.0.${round + 1}`)).statusCode).toBe(202);
      const changeLink = await linkToken(target, 'confirm-email', 'change');
      const resetLink = await linkToken(user.email, 'reset-password');
      const [changed, wasReset] = await Promise.all([confirmChange(changeLink), reset(resetLink)]);
      expect([changed.statusCode, wasReset.statusCode].sort()).toEqual(
        changed.statusCode === 200 ? [200, 400] : [204, 400],
      );
      const now = await login(user.username, wasReset.statusCode === 204 ? NEW_PASSWORD : user.password);
      expect(now.statusCode).toBe(200);
      expect(now.json().email).toBe(changed.statusCode === 200 ? target : user.email);
    }
  });
});
