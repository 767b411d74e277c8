import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_SELLER, loginAs, settled } from '../support/helpers';

/**
 * axe-core (WCAG 2.0/2.1 A+AA, 2.2 AA) on the store map and the seller back office at desktop
 * and phone width, with a store and a product expanded and the add forms showing their errors.
 * Zero violations expected. The map's keyboard alternative (the store list) is checked too.
 *
 * The page header and footer belong to the app shell and are checked by the shell's own spec; set
 * A11Y_INCLUDE_SHELL=1 to scan them here too.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const INCLUDE_SHELL = process.env.A11Y_INCLUDE_SHELL === '1';
const WIDTHS = [1280, 390] as const;

function axe(page: Page) {
  // Legacy mode: axe runs in the page itself instead of gathering each frame's results in a new
  // blank page; the same rules on the same nodes (the app has no cross-origin frames).
  const builder = new AxeBuilder({ page }).withTags(TAGS).setLegacyMode();
  return INCLUDE_SHELL ? builder : builder.exclude('#root > header').exclude('#root > footer');
}

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

function summarize(violations: Violations) {
  return violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} :: ${n.failureSummary ?? ''}`),
  }));
}

async function settle(page: Page) {
  await expect(page.locator('main h1')).not.toHaveCount(0);
  await expect(page.locator('main [role="status"] .spinner-border')).toHaveCount(0, { timeout: 30_000 });
  await settled(page);
}

async function check(page: Page, what: string) {
  await settle(page);
  const result = await axe(page).analyze();
  expect.soft(summarize(result.violations), `axe violations on ${what}`).toEqual([]);
}

async function open(page: Page, route: string, width: number) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await page.goto(`/#${route}`);
}

async function mapReady(page: Page) {
  await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });
  // Markers are placed once the map has settled.
  await expect(page.locator('.map-store-marker, .map-cluster-marker').first()).toBeVisible();
}

test.describe('accessibility of the store map and the seller back office', () => {
  for (const width of WIDTHS) {
    test(`the store map at ${width}px`, async ({ page }) => {
      await open(page, '/map', width);
      await mapReady(page);
      await check(page, `/map at ${width}px`);
      // With a store's popup open.
      await page
        .getByRole('listitem')
        .first()
        .getByRole('button', { name: /on the map$/ })
        .click();
      await expect(page.locator('.maplibregl-popup')).toBeVisible();
      await check(page, `/map with a popup at ${width}px`);
    });

    test(`seller pages at ${width}px`, async ({ page }) => {
      test.setTimeout(120_000);
      await loginAs(page, DEMO_SELLER);

      await open(page, '/mystores', width);
      await page
        .getByRole('button', { name: /^View Products of / })
        .first()
        .click();
      await expect(page.getByRole('heading', { level: 2, name: /^Stock in / })).toBeVisible();
      await check(page, `/mystores (expanded) at ${width}px`);
      // A stock row in edit mode.
      await page
        .getByRole('button', { name: /^Edit stock of / })
        .first()
        .click();
      await page.getByLabel(/^Stock of /).fill('-1');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(/must be a whole number/)).toBeVisible();
      await check(page, `/mystores stock editor at ${width}px`);

      await open(page, '/mystores/add-store', width);
      await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });
      await check(page, `/mystores/add-store at ${width}px`);
      await page.getByRole('button', { name: 'Create Store' }).click();
      await expect(page.getByText('Enter the store name.')).toBeVisible();
      await check(page, `/mystores/add-store with errors at ${width}px`);

      await open(page, '/myproducts', width);
      await page
        .getByRole('button', { name: /^View Stock of / })
        .first()
        .click();
      await expect(page.getByRole('heading', { level: 2, name: /^Stock of / })).toBeVisible();
      await check(page, `/myproducts (expanded) at ${width}px`);

      await open(page, '/myproducts/add-product', width);
      await check(page, `/myproducts/add-product at ${width}px`);
      await page.getByRole('button', { name: 'Create Product' }).click();
      await expect(page.getByText('Enter a brand.')).toBeVisible();
      await page.getByLabel('Category', { exact: true }).selectOption({ index: 1 });
      await check(page, `/myproducts/add-product with errors at ${width}px`);
    });
  }

  test('the store list is the keyboard alternative to the map', async ({ page }) => {
    await page.goto('/#/map');
    await mapReady(page);
    const search = page.getByLabel('Search stores');
    await search.focus();
    // Tab past the category buttons to the skip button.
    const skip = page.getByRole('button', { name: 'Skip the map and go to the store list' });
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      if (await skip.evaluate((el) => el === document.activeElement)) break;
    }
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: /^Stores/ })).toBeFocused();
    // Next stops: the first store's seller link, then its Show button.
    const first = page.getByRole('listitem').first();
    await page.keyboard.press('Tab');
    await expect(first.getByRole('link')).toBeFocused();
    await page.keyboard.press('Tab');
    const show = first.getByRole('button', { name: /on the map$/ });
    await expect(show).toBeFocused();
    await page.keyboard.press('Enter');
    const storeName = (await first.locator('.fw-semibold').textContent())!;
    await expect(page.locator('.maplibregl-popup')).toContainText(storeName);
    // The seller link works from the keyboard.
    await first.getByRole('link').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/seller\/\d+/);
  });
});
