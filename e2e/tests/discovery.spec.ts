import { expect, test, type Page } from '@playwright/test';
import { screenshots } from '../support/helpers';

/**
 * The prices of the cards in `scope`, in CHF, in the order shown. The grid draws its cards a batch
 * per task: where the list says how many it shows ('Showing 14 of 14 products', 'Showing 13–24
 * of 87 products'), the prices are read once that many cards are drawn, not a part of them.
 */
async function prices(page: Page, scope = page.locator('body')) {
  const cards = scope.getByTestId('product-card');
  await expect(cards.first()).toBeVisible();
  const line = scope.getByText(/^Showing [\d,]+(–[\d,]+)? (of [\d,]+ )?products$/);
  if ((await line.count()) === 1) {
    const [first, last] = (await line.textContent())!
      .replace(/,/g, '')
      .match(/^Showing (\d+)(?:–(\d+))?/)!
      .slice(1);
    await expect(cards).toHaveCount(last ? Number(last) - Number(first) + 1 : Number(first));
  }
  const texts = await cards.locator('.fs-5').allTextContents();
  return texts.map((t) => Number(t.replace(/[^\d.]/g, '')));
}

const ascending = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1]! <= v);

test.describe('sort and filters (kept in the URL)', () => {
  test('a category opened from a shared link is sorted by price, then filtered in place', async ({
    page,
  }) => {
    await page.goto('/#/?category=Food%20%26%20Drinks&sort=price_asc');
    await expect(page.getByLabel('Sort by')).toHaveValue('price_asc');
    const sorted = await prices(page);
    expect(sorted.length).toBeGreaterThan(3);
    expect(ascending(sorted)).toBe(true);

    await page.getByLabel('Max. price (CHF)').fill('15');
    await page.getByLabel('In stock only').check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/max_price=15/);
    await expect(page).toHaveURL(/in_stock=true/);
    await expect(page).toHaveURL(/category=Food/);
    const filtered = await prices(page);
    expect(filtered.every((p) => p <= 15)).toBe(true);
    expect(ascending(filtered)).toBe(true);
    const availability = page.getByTestId('product-card').getByTestId('availability');
    await expect(availability.first()).toContainText('In stock');
    expect(await availability.filter({ hasText: 'Out of stock' }).count()).toBe(0);
    await screenshots(page, 'discovery-category-filters');

    // The same link in a new tab shows the same list.
    const again = await page.context().newPage();
    await again.goto(page.url());
    expect(await prices(again)).toEqual(filtered);
    await again.close();
  });

  test('cards say whether anything is left and where to pick it up', async ({ page }) => {
    await page.goto('/#/?subcategory=Cheese%20%26%20Dairy');
    const availability = page.getByTestId('product-card').getByTestId('availability');
    await expect(availability.first()).toBeVisible();
    const texts = await availability.allTextContents();
    for (const text of texts) expect(text).toMatch(/^(Out of stock|In stock · Pick up in .+)$/);
  });

  test('search results sort by price and filter by the pick-up town', async ({ page }) => {
    await page.goto('/#/?sort=price_desc');
    await page.getByLabel('Search products, brands or sellers').fill('Käse');
    const results = page.getByTestId('search-results');
    await expect(results.getByTestId('product-card').first()).toBeVisible();
    await expect(results.getByLabel('Sort by')).toHaveValue('price_desc');
    const byPrice = await prices(page, results);
    expect([...byPrice].sort((a, b) => b - a)).toEqual(byPrice);
    await results.getByLabel('Pick up in (town)').fill('Bern');
    await results.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/pickup_city=Bern/);
    const inBern = await prices(page, results);
    expect(inBern.length).toBeGreaterThan(0);
    expect(inBern.length).toBeLessThanOrEqual(byPrice.length);
    await results.getByLabel('Sort by').selectOption('relevance');
    await expect(page).not.toHaveURL(/sort=/);
    await expect(page).toHaveURL(/pickup_city=Bern/);
    // "Käse" finds cheeses in every language (decision 240): the best match in Bern is a cheese,
    // whether or not its card says "Käse".
    const first = results.getByTestId('product-card').first();
    const href = await first.locator('a[href*="product/"]').first().getAttribute('href');
    const id = href?.match(/product\/(\d+)/)?.[1];
    const product = await (await page.request.get(`/api/products/${id}/`)).json();
    expect(product.subcategoryName).toBe('Cheese & Dairy');
    const cities = (product.stocks as { city: string; number: number }[])
      .filter((s) => s.number > 0)
      .map((s) => s.city);
    expect(cities).toContain('Bern');
    await expect(first.getByTestId('availability')).toContainText('Pick up in');
  });

  test('a seller’s products sort and filter, and on a phone the filters open behind one button', async ({
    page,
  }) => {
    const sellers = (await (await page.request.get('/api/profiles/sellers/')).json()) as { user: number }[];
    const id = sellers[0]!.user;
    await page.goto(`/#/seller/${id}?sort=price_desc`);
    await expect(page.getByLabel('Sort by')).toHaveValue('price_desc');
    const byPrice = await prices(page);
    expect([...byPrice].sort((a, b) => b - a)).toEqual(byPrice);

    await page.setViewportSize({ width: 390, height: 844 });
    const filters = page.getByRole('button', { name: /^Filters/ });
    await expect(page.getByLabel('Min. price (CHF)')).toBeHidden();
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await filters.click();
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
    await page.getByLabel('Min. price (CHF)').fill((byPrice[byPrice.length - 1]! + 0.05).toFixed(2));
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/min_price=/);
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
    // The cheapest product is gone once the filtered list has arrived.
    await expect
      .poll(async () => (await prices(page)).length, { timeout: 15_000 })
      .toBeLessThan(byPrice.length);
    await page.getByRole('button', { name: 'Filters (1)' }).click();
    await screenshots(page, 'discovery-seller-filters');
  });
});

test.describe('the store map with places', () => {
  test('a postcode lists the nearest stores first, and a store close up shows its town and the places around', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/#/map');
    // WebGL in software on a busy machine: the map can take a while.
    await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 60_000 });
    // The whole country: main towns, lakes and cantons are named.
    const labels = page.locator('.map-place-label');
    await expect(labels.filter({ hasText: /^Bern$/ })).toBeVisible();
    await expect(
      page
        .locator('.map-place-lake')
        .filter({ hasText: /^Lake / })
        .first(),
    ).toBeVisible();
    await expect(
      page
        .locator('.map-place-canton')
        .filter({ hasText: /^[A-Z]{2}$/ })
        .first(),
    ).toBeVisible();

    await page.getByLabel('Search stores').fill('3011');
    await expect(page.getByRole('heading', { level: 2 })).toContainText('nearest to Bern');
    const distances = page.getByTestId('store-distance');
    await expect(distances.first()).toBeVisible();
    const km = (await distances.allTextContents()).map((t) => Number(t.replace(/[^\d.]/g, '')));
    expect(km.length).toBeGreaterThan(2);
    expect(km.every((v, i) => i === 0 || km[i - 1]! <= v)).toBe(true);

    const first = page.getByRole('main').getByRole('listitem').first();
    const city = (await first.locator('.text-body-secondary').first().textContent())!;
    await first.getByRole('button', { name: /Show/ }).click();
    await expect(page.locator('.maplibregl-popup')).toBeVisible();
    await page.waitForTimeout(1500);
    expect(await labels.count()).toBeGreaterThanOrEqual(4);
    const names = await labels.allTextContents();
    expect(names.some((n) => city.includes(n))).toBe(true);
    await screenshots(page, 'discovery-map-store-close-up');
  });
});

test('the map’s category chips and lakes read in the chosen language', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await page.getByRole('banner').getByLabel('Language').selectOption({ label: 'Deutsch' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-CH');
  await page.goto('/#/map');
  const chips = page.getByRole('navigation', { name: 'Ladenkategorien' });
  await expect(chips.getByRole('button', { name: 'Essen & Trinken' })).toBeVisible();
  await expect(chips.getByRole('button', { name: 'Food & Drinks' })).toHaveCount(0);
  await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.map-place-lake').filter({ hasText: /see$/ }).first()).toBeVisible();
  await expect(page.locator('.map-place-lake').filter({ hasText: /^Lake / })).toHaveCount(0);
});
