/**
 * A signed-in customer changes their e-mail address and their password from the profile page
 * (decision 324): the link mailed to the new address makes it the account's, confirmed; the new
 * password signs in, the old one no longer does. The e-mails are read from the server's outbox
 * folder (DATA_DIR/outbox, written every 15 s without SMTP). Screenshots at 1280 and 390 px, in
 * English and German.
 */
import { expect, test } from '@playwright/test';
import { loginAs, registerViaUi, screenshots, uniqueName } from '../support/helpers';
import { mailedLink } from '../support/mail';

test.setTimeout(150_000);

test('a customer changes the address through the mailed link, then the password, and signs in with it', async ({
  page,
}) => {
  const { username, password } = await registerViaUi(page, 'Customer');
  const target = `${uniqueName('neu')}@example.ch`;
  await page.goto('/#/profile');
  const settings = page.getByTestId('account-settings');
  await expect(settings.getByRole('heading', { name: 'E-mail address and password' })).toBeVisible();

  // A wrong password is refused with the server's message at the field.
  const emailForm = page.locator('#email-change-form');
  await emailForm.getByLabel('New e-mail address').fill(target);
  await emailForm.getByLabel('Current password').fill('not my password');
  await emailForm.getByRole('button', { name: 'Send link to new address' }).click();
  await expect(emailForm.getByText('Your current password is not correct.')).toBeVisible();
  await expect(emailForm.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');

  // With the keyboard: the password field, then Enter submits the form.
  await emailForm.getByLabel('Current password').fill(password);
  await emailForm.getByLabel('Current password').press('Enter');
  await expect(page.locator('#email-change-sent')).toContainText('We have sent a link to your new address');
  await screenshots(page, 'account-settings-email-sent');

  const link = await mailedLink(target, 'confirm-email', 'change');
  await page.goto(`/#${link}`);
  await expect(page.locator('#confirm-email-done')).toContainText(`${target} is now your e-mail address`);
  await screenshots(page, 'account-settings-email-changed');
  await page.reload();
  await expect(page.locator('#confirm-email-error')).toContainText('already used or has expired');

  await page.goto('/#/profile');
  await expect(page.getByTestId('profile-details')).toContainText(target);
  await expect(page.getByTestId('email-confirmed')).toBeVisible();

  const passwordForm = page.locator('#password-change-form');
  await passwordForm.getByLabel('Current password').fill(password);
  await passwordForm.getByLabel('New password', { exact: true }).fill('another-secret-pass-7');
  await passwordForm.getByLabel('Repeat new password').fill('another-secret-pass-8');
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordForm.getByText('Passwords do not match')).toBeVisible();
  await passwordForm.getByLabel('Repeat new password').fill('another-secret-pass-7');
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await expect(page.locator('#password-change-done')).toContainText('Your password is changed');
  await screenshots(page, 'account-settings-password-changed');
  // This browser was signed in again with the new password; the profile still shows.
  await expect(page.getByTestId('profile-username')).toHaveText(username);

  await page.getByRole('button', { name: username }).click();
  await page.locator('.dropdown-menu.show').getByText('Logout', { exact: true }).click();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await page.goto('/#/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('another-secret-pass-7');
  await page.locator('#login-form').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  const old = await page.request.post('/api/users/login/', { data: { username, password } });
  expect(old.status()).toBe(401);
});

test.describe('in German', () => {
  test.use({ locale: 'de-CH' });

  test('the section and its server errors are German', async ({ page }) => {
    const username = uniqueName('kundin');
    const registered = await page.request.post('/api/users/registration/', {
      data: { username, email: `${username}@example.ch`, password: 'geheimes-pass-1', status: 'CUSTOMER' },
    });
    expect(registered.status()).toBe(201);
    await loginAs(page, username, 'geheimes-pass-1', '/profile');
    const settings = page.getByTestId('account-settings');
    await expect(settings.getByRole('heading', { name: 'E-Mail-Adresse und Passwort' })).toBeVisible();
    const passwordForm = page.locator('#password-change-form');
    await passwordForm.getByLabel('Aktuelles Passwort').fill('falsches-pass-1');
    await passwordForm.getByLabel('Neues Passwort', { exact: true }).fill('neues-geheimes-pass-2');
    await passwordForm.getByLabel('Neues Passwort wiederholen').fill('neues-geheimes-pass-2');
    await passwordForm.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(passwordForm.getByText('Ihr aktuelles Passwort ist nicht korrekt.')).toBeVisible();
    await screenshots(page, 'account-settings-de');
  });
});
