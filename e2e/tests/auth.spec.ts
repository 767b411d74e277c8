import { expect, test } from '@playwright/test';
import { DEMO_CUSTOMER, DEMO_PASSWORD, registerViaUi, screenshots, uniqueName } from '../support/helpers';

const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

test.describe('accounts', () => {
  test('a customer registers, sees the username menu and logs out', async ({ page }) => {
    await page.goto('/#/register');
    await screenshots(page, 'register');
    const { username } = await registerViaUi(page, 'Customer');
    await expect(page).toHaveURL(/#\/$/);
    const menu = page.getByRole('button', { name: username });
    await expect(menu).toBeVisible();
    await menu.click();
    const items = page.locator('.dropdown-menu.show');
    await expect(items.getByText('Orders', { exact: true })).toBeVisible();
    await items.getByText('Logout', { exact: true }).click();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
  });

  test('a seller registers and sees Stores, Products and Orders in the menu', async ({ page }) => {
    await registerViaUi(page, 'Seller');
    await page.locator('#seller-menu').click();
    const items = page.locator('.dropdown-menu.show');
    for (const item of ['Profile', 'Stores', 'Products', 'Orders', 'Logout'])
      await expect(items.getByText(item, { exact: true })).toBeVisible();
  });

  test('a wrong password shows the red alert', async ({ page }) => {
    await page.goto('/#/login');
    await page.getByLabel('Username').fill(DEMO_CUSTOMER);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('Invalid username or password');
    await expect(alert).toHaveClass(/alert-danger/);
    await expect(page).toHaveURL(/#\/login/);
  });

  test('login goes to the redirect target', async ({ page }) => {
    await page.goto('/#/profile');
    await expect(page).toHaveURL(/#\/login\?redirect=%2Fprofile/);
    await screenshots(page, 'login');
    await page.locator('fieldset label', { hasText: 'Customer' }).click();
    await page.getByLabel('Username').fill(DEMO_CUSTOMER);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/#\/profile$/);
    await expect(page.getByTestId('profile-username')).toHaveText(DEMO_CUSTOMER);
  });

  test("mismatched passwords show 'Passwords do not match' and send nothing", async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/users/registration')) sent.push(r.url());
    });
    await page.goto('/#/register');
    const name = uniqueName('kunde');
    await page.getByLabel('Username').fill(name);
    await page.getByLabel('Email Address').fill(`${name}@example.ch`);
    await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
    await page.getByLabel('Confirm Password').fill('secret-pass-2');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
    await page.waitForTimeout(300);
    expect(sent).toEqual([]);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('a profile edit survives a reload', async ({ page }) => {
    await registerViaUi(page, 'Seller');
    await page.goto('/#/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Industry').fill('Käserei');
    await page.getByLabel('Headquarter').fill('Gruyères');
    await page.getByLabel('Description').fill('Alpkäse aus dem Greyerzerland, seit 1921.');
    const firstCategory = page.locator('fieldset input[type="checkbox"]').first();
    const categoryName = (await page.locator('fieldset .form-check-label').first().textContent()) ?? '';
    await firstCategory.check();
    await page.getByLabel('Image', { exact: true }).setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PNG_1X1, 'base64'),
    });
    await screenshots(page, 'profile-edit');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Profile updated')).toBeVisible();
    await page.reload();
    const details = page.getByTestId('profile-details');
    await expect(details).toContainText('Käserei');
    await expect(details).toContainText('Gruyères');
    await expect(details).toContainText('Alpkäse aus dem Greyerzerland, seit 1921.');
    await expect(details).toContainText(categoryName.trim());
    await expect(page.getByRole('img', { name: /^Profile image of / })).toHaveAttribute('src', /\/media\//);
    await screenshots(page, 'profile');
  });

  test('deleting the account asks first, then logs out and goes home', async ({ page }) => {
    await registerViaUi(page, 'Customer');
    await page.goto('/#/profile');
    await page.getByRole('button', { name: 'Delete Your Account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole('button', { name: 'Delete Your Account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(/#\/$/);
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  });
});
