/**
 * E-mail confirmation and password reset (issues 27 and 29, decisions 253 and 254): the mailed
 * links work once and until they expire, only for their own account, the "forgot password"
 * answer never tells who has an account, and the limits hold.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, uniqueName, type TestUser } from '../../../test/fixtures.ts';
import { buildShop, orderPayload } from '../../../test/order-builders.ts';
import { makeStaff, type TestStaff } from '../../../test/staff-builders.ts';
import { accountTokens, auditLog, outbox } from '../../db/schema.ts';
import { totpCode } from '../staff/totp.ts';
import { accountJobs } from './jobs.ts';

const NEW = 'another new passphrase';

let t: TestApp;
let support: TestStaff;
beforeAll(async () => {
  t = await build({ INVOICE_REQUIRE_CONFIRMED_EMAIL: 'true', INVOICE_MIN_PAID_ORDERS: '0' });
  support = await makeStaff(t, ['support']);
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

async function mailsTo(email: string) {
  return t.database.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id));
}

/** The token of the newest link of this kind mailed to `email`. */
async function linkToken(email: string, route: 'confirm-email' | 'reset-password'): Promise<string> {
  for (const mail of await mailsTo(email)) {
    const match = new RegExp(`/#/${route}\\?token=([A-Za-z0-9_-]+)`).exec(mail.body);
    if (match) return match[1]!;
  }
  throw new Error(`no ${route} link mailed to ${email}`);
}

const me = async (user: TestUser) =>
  (await t.app.inject({ url: '/api/users/me/', headers: user.auth })).json();

const login = (username: string, password: string, otp?: string) =>
  post('/api/users/login/', { username, password, ...(otp ? { otp } : {}) });

async function expireTokens(userId: number) {
  await t.database.db
    .update(accountTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(accountTokens.userId, userId));
}

describe('e-mail confirmation', () => {
  it('mails a link at registration in the language of the web app; the link confirms once', async () => {
    const username = uniqueName('anna');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/registration/',
      headers: { 'accept-language': 'de-CH' },
      payload: { username, email: `${username}@example.ch`, password: 'correct horse battery' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().emailConfirmed).toBe(false);
    const [mail] = await mailsTo(`${username}@example.ch`);
    expect(mail!.subject).toBe('Marktgasse: Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail!.body).toContain('innert 48 Stunden');
    const token = await linkToken(`${username}@example.ch`, 'confirm-email');
    // Only a hash is kept: the database does not hold the link's secret.
    const stored = await t.database.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.userId, res.json().id));
    expect(JSON.stringify(stored)).not.toContain(token);

    const first = await post('/api/users/email-confirmation/', { token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ emailConfirmed: true });
    const user = { auth: { authorization: `Bearer ${res.json().access}` } } as TestUser;
    expect((await me(user)).emailConfirmed).toBe(true);

    const again = await post('/api/users/email-confirmation/', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/already used or has expired/);
  });

  it('refuses an expired link and a wrong one alike, and confirms nothing', async () => {
    const user = await registerUser(t.app);
    const token = await linkToken(user.email, 'confirm-email');
    await expireTokens(user.id);
    const expired = await post('/api/users/email-confirmation/', { token });
    const wrong = await post('/api/users/email-confirmation/', { token: `${token.slice(0, -2)}xx` });
    const empty = await post('/api/users/email-confirmation/', { token: '' });
    expect(expired.statusCode).toBe(400);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe(expired.json().detail);
    expect(empty.statusCode).toBe(400);
    expect((await me(user)).emailConfirmed).toBe(false);
  });

  it('confirms the account the link was sent for, not the one signed in when it is opened', async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const token = await linkToken(owner.email, 'confirm-email');
    const res = await post('/api/users/email-confirmation/', { token }, other.auth);
    expect(res.statusCode).toBe(200);
    expect((await me(owner)).emailConfirmed).toBe(true);
    expect((await me(other)).emailConfirmed).toBe(false);
  });

  it('resends a new link on request (the old one keeps working), at most three an hour', async () => {
    const user = await registerUser(t.app);
    const anonymous = await post('/api/users/email-confirmation/resend/');
    expect(anonymous.statusCode).toBe(401);
    const before = (await mailsTo(user.email)).length;
    for (let i = 0; i < 3; i += 1) {
      const res = await post('/api/users/email-confirmation/resend/', undefined, user.auth);
      expect(res.statusCode).toBe(202);
    }
    expect((await mailsTo(user.email)).length).toBe(before + 3);
    const fourth = await post('/api/users/email-confirmation/resend/', undefined, user.auth);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBeDefined();
    expect((await mailsTo(user.email)).length).toBe(before + 3);

    const newest = await linkToken(user.email, 'confirm-email');
    expect((await post('/api/users/email-confirmation/', { token: newest })).statusCode).toBe(200);
    const resend = await post('/api/users/email-confirmation/resend/', undefined, user.auth);
    expect(resend.statusCode).toBe(409);
  });

  it('offers invoice only once the address is confirmed (INVOICE_REQUIRE_CONFIRMED_EMAIL=true)', async () => {
    const customer = await registerUser(t.app);
    const shop = await buildShop(t.app, t.database.db, { prices: ['30.00'] });
    const place = () =>
      post(
        '/api/orders/add/',
        orderPayload(
          [{ product: shop.products[0]! }],
          { totalPrice: '30.00', totalShippingPrice: '20.00' },
          {
            paymentMethod: 'Invoice',
          },
        ),
        customer.auth,
      );
    const refused = await place();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/e-mail address is confirmed/);
    await post('/api/users/email-confirmation/', { token: await linkToken(customer.email, 'confirm-email') });
    const placed = await place();
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().paymentMethod).toBe('Invoice');
  });
});

describe('password reset', () => {
  const NEW_PASSWORD = 'a brand new passphrase';

  it('answers the same 202 for an account, an unknown name and an unknown address', async () => {
    const user = await registerUser(t.app);
    const answers = await Promise.all([
      post('/api/users/password-reset/', { username: user.username.toUpperCase() }),
      post('/api/users/password-reset/', { username: uniqueName('nobody') }),
      post('/api/users/password-reset/', { email: `${uniqueName('nobody')}@example.ch` }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const [mail] = await mailsTo(user.email);
    expect(mail!.subject).toBe('Marktgasse: set a new password');
    expect(mail!.body).toContain('within 60 minutes');
  });

  it('wants exactly one of username and e-mail', async () => {
    expect((await post('/api/users/password-reset/', {})).statusCode).toBe(400);
    const both = await post('/api/users/password-reset/', { username: 'x', email: 'x@example.ch' });
    expect(both.statusCode).toBe(400);
    expect(both.json().detail).toMatch(/username or your e-mail address/);
  });

  it('sets the new password once, ends every session, and the old password stops working', async () => {
    const user = await registerUser(t.app);
    await post(
      '/api/users/password-reset/',
      { email: user.email.toUpperCase() },
      { 'accept-language': 'fr' },
    );
    const [mail] = await mailsTo(user.email);
    expect(mail!.subject).toBe('Marktgasse : choisir un nouveau mot de passe');
    const token = await linkToken(user.email, 'reset-password');

    const weak = await post('/api/users/password-reset/confirm/', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    const personal = await post('/api/users/password-reset/confirm/', { token, password: user.email });
    expect(personal.statusCode).toBe(400);
    expect(personal.json().detail).toMatch(/username or e-mail/);

    const done = await post('/api/users/password-reset/confirm/', { token, password: NEW_PASSWORD });
    expect(done.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/users/me/', headers: user.auth })).statusCode).toBe(401);
    expect((await login(user.username, user.password)).statusCode).toBe(401);
    expect((await login(user.username, NEW_PASSWORD)).statusCode).toBe(200);

    const reused = await post('/api/users/password-reset/confirm/', {
      token,
      password: 'yet another passphrase',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().detail).toMatch(/already used or has expired/);
    expect((await login(user.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired link and a wrong one, and changes nothing', async () => {
    const user = await registerUser(t.app);
    await post('/api/users/password-reset/', { username: user.username });
    const token = await linkToken(user.email, 'reset-password');
    const wrong = await post('/api/users/password-reset/confirm/', {
      token: token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
      password: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    await expireTokens(user.id);
    const expired = await post('/api/users/password-reset/confirm/', { token, password: NEW_PASSWORD });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().detail).toBe(wrong.json().detail);
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });

  it('changes only the account the link was sent for', async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    await post('/api/users/password-reset/', { username: owner.username });
    const token = await linkToken(owner.email, 'reset-password');
    const res = await post(
      '/api/users/password-reset/confirm/',
      { token, password: NEW_PASSWORD },
      other.auth,
    );
    expect(res.statusCode).toBe(204);
    expect((await login(owner.username, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(other.username, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await login(other.username, other.password)).statusCode).toBe(200);
  });

  it('limits requests per account named (3 an hour), whether or not it exists', async () => {
    const user = await registerUser(t.app);
    const nobody = uniqueName('nobody');
    for (const username of [user.username, nobody]) {
      for (let i = 0; i < 3; i += 1)
        expect((await post('/api/users/password-reset/', { username })).statusCode).toBe(202);
      const fourth = await post('/api/users/password-reset/', { username });
      expect(fourth.statusCode).toBe(429);
    }
    expect((await mailsTo(user.email)).filter((m) => m.body.includes('reset-password')).length).toBe(3);
  });

  it('limits requests per network address over all accounts', async () => {
    const t2 = await build();
    try {
      const answers = [];
      for (let i = 0; i < 21; i += 1)
        answers.push(
          (
            await t2.app.inject({
              method: 'POST',
              url: '/api/users/password-reset/',
              payload: { username: uniqueName('n') },
            })
          ).statusCode,
        );
      expect(answers.slice(0, 20).every((s) => s === 202)).toBe(true);
      expect(answers[20]).toBe(429);
    } finally {
      await t2.close();
    }
  });

  it('keeps a staff account behind its second factor after a reset', async () => {
    const staff = await makeStaff(t, ['support']);
    await post('/api/users/password-reset/', { username: staff.username });
    const token = await linkToken(staff.email, 'reset-password');
    expect(
      (await post('/api/users/password-reset/confirm/', { token, password: NEW_PASSWORD })).statusCode,
    ).toBe(204);
    const withoutCode = await login(staff.username, NEW_PASSWORD);
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json().otp_required).toBe(true);
    const withCode = await login(staff.username, NEW_PASSWORD, totpCode(staff.secret));
    expect(withCode.statusCode).toBe(200);
  });
});

describe('staff send a password reset', () => {
  it('mails the account its link and writes the reason to the audit log', async () => {
    const user = await registerUser(t.app);
    const res = await post(
      `/api/admin/users/${user.id}/password-reset/`,
      { reason: 'Customer called: cannot sign in' },
      support.auth,
    );
    expect(res.statusCode).toBe(202);
    const token = await linkToken(user.email, 'reset-password');
    expect((await post('/api/users/password-reset/confirm/', { token, password: NEW })).statusCode).toBe(204);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.password-reset'), eq(auditLog.objectId, String(user.id))));
    expect(entry).toMatchObject({ staffId: support.id, reason: 'Customer called: cannot sign in' });
  });

  it('answers 404 for a missing user, and a reason is required', async () => {
    const missing = await post('/api/admin/users/999999/password-reset/', { reason: 'x' }, support.auth);
    expect(missing.statusCode).toBe(404);
    const user = await registerUser(t.app);
    const noReason = await post(`/api/admin/users/${user.id}/password-reset/`, {}, support.auth);
    expect(noReason.statusCode).toBe(400);
  });

  it('is a missing route for a customer and for staff without the support permission', async () => {
    const user = await registerUser(t.app);
    const finance = await makeStaff(t, ['finance']);
    for (const caller of [user, finance]) {
      const res = await post(`/api/admin/users/${user.id}/password-reset/`, { reason: 'x' }, caller.auth);
      expect(res.statusCode).toBe(404);
    }
    expect((await mailsTo(user.email)).some((m) => m.body.includes('reset-password'))).toBe(false);
  });
});

describe('spent links', () => {
  it('are forgotten by the hourly job a day after they expired or were used; a live link stays and works', async () => {
    const user = await registerUser(t.app);
    const live = await linkToken(user.email, 'confirm-email');
    expect((await post('/api/users/password-reset/', { email: user.email })).statusCode).toBe(202);
    // The reset link expired two days ago.
    await t.database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, 'password_reset')));

    const purge = accountJobs.find((job) => job.name === 'accounts.purge-spent-links')!;
    await purge.run(t.app.ctx, t.app.log);
    const left = await t.database.db.select().from(accountTokens).where(eq(accountTokens.userId, user.id));
    expect(left.map((row) => row.purpose)).toEqual(['email_confirmation']);
    expect((await post('/api/users/email-confirmation/', { token: live })).statusCode).toBe(200);
  });
});
