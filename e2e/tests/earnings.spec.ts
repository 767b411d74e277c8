import { expect, test } from '@playwright/test';
import { registerViaUi, screenshots, settled } from '../support/helpers';

/**
 * The seller's earnings screen (issue 26): reached from the seller menu, it shows the balance,
 * the next payout and the statements, and keeps the payout account (IBAN checked by its
 * checksum, saved to the seller's own profile). Screenshots at 1280 and 390 px.
 */
test('a seller opens Earnings from the menu and saves a payout account', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerViaUi(page, 'Seller');
  // The payout form shows its fields once the seller's profile has arrived.
  const profile = page.waitForResponse(
    (r) => /\/api\/profiles\/\d+\/$/.test(new URL(r.url()).pathname) && r.request().method() === 'GET',
  );
  await page.locator('#seller-menu').click();
  await page.getByRole('link', { name: 'Earnings' }).click();
  await profile;
  await settled(page);

  await expect(page.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
  await expect(page.getByTestId('earnings-pending')).toHaveText('CHF 0.-');
  await expect(page.getByTestId('earnings-available')).toHaveText('CHF 0.-');
  await expect(page.getByText('Balances below CHF 50.-')).toBeVisible();
  await expect(page.getByText('No statements yet')).toBeVisible();

  await page.getByLabel('Account holder').fill('Käserei Muster');
  await page.getByLabel('IBAN').fill('CH56 0483 5012 3456 7800 8');
  await page.getByRole('button', { name: 'Save payout account' }).click();
  // Refused by its checksum: the message stands under the field.
  await expect(page.getByText('This is not a valid IBAN')).toBeVisible();
  await expect(page.getByLabel('IBAN')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Payout account saved.')).toHaveCount(0);

  await page.getByLabel('IBAN').fill('ch56 0483 5012 3456 7800 9');
  await page.getByRole('button', { name: 'Save payout account' }).click();
  await expect(page.getByText('Payout account saved.')).toBeVisible();
  await expect(page.getByLabel('IBAN')).toHaveValue('CH56 0483 5012 3456 7800 9');

  await page.reload();
  await expect(page.getByLabel('Account holder')).toHaveValue('Käserei Muster');
  await screenshots(page, 'issue26-earnings');
});
