/**
 * The account's e-mails (issues 27 and 29, decisions 253 and 254): a new customer confirms the
 * address from the mailed link and is then offered invoice; a customer who forgot the password
 * asks for a link, sets a new password and signs in with it; a new staff member invited by
 * e-mail chooses a password (decision 293). The e-mails are read from the
 * server's outbox folder (DATA_DIR/outbox, written every 15 s without SMTP). Screenshots at
 * 1280 and 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { registerViaUi, screenshots, uniqueName } from '../support/helpers';
import { mailedLink } from '../support/mail';
import { staffHeaders } from '../support/staff';

test.setTimeout(150_000);

async function token(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').access as string);
}

test('a new customer confirms the e-mail address from the mailed link and is offered invoice', async ({
  page,
}) => {
  const { username } = await registerViaUi(page, 'Customer');
  const email = `${username}@example.ch`;
  await page.goto('/#/profile');
  await expect(page.getByTestId('email-unconfirmed')).toContainText('not confirmed yet');
  await expect(page.getByRole('button', { name: 'Send the confirmation e-mail again' })).toBeVisible();
  await screenshots(page, 'account-email-unconfirmed');

  const link = await mailedLink(email, 'confirm-email');
  await page.goto(`/#${link}`);
  await expect(page.locator('#confirm-email-done')).toHaveText(/your e-mail address is confirmed/);
  await screenshots(page, 'account-email-confirmed');
  // The link counts once.
  await page.reload();
  await expect(page.locator('#confirm-email-error')).toContainText('already used or has expired');

  await page.goto('/#/profile');
  await expect(page.getByTestId('email-confirmed')).toHaveText('E-mail address confirmed');
  const me = await page.request.get('/api/users/me/', {
    headers: { authorization: `Bearer ${await token(page)}` },
  });
  expect((await me.json()).emailConfirmed).toBe(true);

  await page.goto('/#/payment');
  await expect(page.getByLabel('Invoice (QR-bill)')).toBeVisible();
});

test('a customer who forgot the password sets a new one from the mailed link and signs in', async ({
  page,
}) => {
  const username = uniqueName('vergesslich');
  const email = `${username}@example.ch`;
  const registered = await page.request.post('/api/users/registration/', {
    data: { username, email, password: 'old-secret-pass', status: 'CUSTOMER' },
  });
  expect(registered.status()).toBe(201);

  await page.goto('/#/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel('Username or e-mail address').fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.locator('#forgot-sent')).toContainText('If an account matches');
  await screenshots(page, 'account-forgot-password');

  const link = await mailedLink(email, 'reset-password');
  await page.goto(`/#${link}`);
  await page.getByLabel('New password', { exact: true }).fill('new-secret-pass-2');
  await page.getByLabel('Confirm Password').fill('new-secret-pass-2');
  await screenshots(page, 'account-reset-password');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.locator('#reset-done')).toContainText('Your password is changed');

  await page.getByRole('link', { name: 'Sign In' }).last().click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('new-secret-pass-2');
  await page.locator('#login-form').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  const old = await page.request.post('/api/users/login/', {
    data: { username, password: 'old-secret-pass' },
  });
  expect(old.status()).toBe(401);
});

test('a new staff member invited by e-mail chooses a password from the link, once', async ({ page }) => {
  const username = uniqueName('desk');
  const email = `${username}@example.ch`;
  const created = await page.request.post('/api/admin/staff/', {
    headers: await staffHeaders(page.request),
    data: { username, email, permissions: ['support'] },
  });
  expect(created.status(), await created.text()).toBe(201);

  const link = await mailedLink(email, 'accept-invitation');
  await page.goto(`/#${link}`);
  await expect(page.getByRole('heading', { name: 'Welcome: choose your password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Gletscher-Seil-42');
  await page.getByLabel('Confirm Password').fill('Gletscher-Seil-42');
  await screenshots(page, 'staff-invitation');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.locator('#reset-done')).toContainText('Your password is set');
  await expect(page.getByRole('link', { name: 'Sign in to the back office' })).toBeVisible();

  // The password works, and the second factor is set up next, as for every staff account.
  const login = await page.request.post('/api/users/login/', {
    data: { username, password: 'Gletscher-Seil-42' },
  });
  expect(login.status()).toBe(401);
  expect((await login.json()).otp_required).toBe(true);
  // The link worked once.
  await page.goto(`/#${link}`);
  await page.reload();
  await page.getByLabel('New password', { exact: true }).fill('another-secret-pass');
  await page.getByLabel('Confirm Password').fill('another-secret-pass');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(
    page.getByText(/invitation link is invalid, was already used or has expired/).first(),
  ).toBeVisible();
});
