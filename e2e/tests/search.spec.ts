import { expect, test, type Page } from '@playwright/test';
import { screenshots } from '../support/helpers';

const results = (page: Page) => page.getByTestId('search-results');
const cards = (page: Page) => results(page).getByTestId('product-card');

async function searchFor(page: Page, term: string) {
  await page.goto('/');
  await page.getByLabel('Search products, brands or sellers').fill(term);
  await expect(results(page)).toBeVisible();
}

test.describe('home search', () => {
  test('"Kaese" answers cheese first, with the count of what matched', async ({ page }) => {
    await searchFor(page, 'Kaese');
    await expect(cards(page).first()).toContainText('Käse');
    const heading = results(page).getByRole('heading', { name: /Results for “Kaese”/ });
    const shown = await cards(page).count();
    // Everything that matched fits on the first page: the count is the number of cards.
    await expect(heading).toHaveText(new RegExp(`· ${shown}$`));
    await screenshots(page, 'search-kaese');
  });

  test('a misspelt word still finds what was meant', async ({ page }) => {
    await searchFor(page, 'Schokolde');
    await expect(cards(page).first()).toContainText('Schokolade');
  });

  test('a broad word pages with Load More, 12 at a time', async ({ page }) => {
    await searchFor(page, 'mit');
    await expect(cards(page)).toHaveCount(12);
    await expect(results(page).getByText(/^Showing 12 of \d+ products$/)).toBeVisible();
    await results(page).getByRole('button', { name: 'Load More' }).click();
    await expect(cards(page)).toHaveCount(24);
    await expect(results(page).getByText(/^Showing 24 of \d+ products$/)).toBeVisible();
  });
});
