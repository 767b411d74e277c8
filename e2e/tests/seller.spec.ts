/**
 * The seller back office end to end: a new seller creates a store through the address
 * lookup and a product with an image, keeps its stock, finds it, sees it on the map and
 * on the product page, deletes a stock and the store. The map must work with no network.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_SELLER, loginAs, registerViaUi, screenshots, uniqueName } from '../support/helpers';
import { pngImage } from '../support/png';

/** A small PNG: a coloured tile with a white stripe. */
const pngFixture = (size = 96): Buffer =>
  pngImage(size, (x, y) => (Math.abs(x - y) < size / 8 ? [255, 255, 255] : [200, 16 + y, 46]));

/** Blocks every request that leaves the test server, and remembers them. */
async function offline(page: Page, baseURL: string): Promise<string[]> {
  const outside: string[] = [];
  await page.context().route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(baseURL) || url.startsWith('data:') || url.startsWith('blob:'))
      return route.continue();
    outside.push(url);
    return route.abort();
  });
  return outside;
}

/** The innermost table row holding `inner` (expanded rows hold tables of their own). */
const rowWith = (page: Page, inner: ReturnType<Page['locator']>) =>
  page.locator('tr:not(:has(tr))').filter({ has: inner });

async function mapReady(page: Page) {
  await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });
}

test('a seller manages a store, a product and its stock, and finds them on the map', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const outside = await offline(page, baseURL!);
  const { username } = await registerViaUi(page, 'Seller');
  const storeName = uniqueName('Laden ');
  const productName = uniqueName('Bergkaese ');

  // --- My stores: empty, then Add Store ---
  await page.goto('/#/mystores');
  await expect(page.getByRole('heading', { name: 'My Stores' })).toBeVisible();
  await page.getByRole('link', { name: 'Add Store' }).click();
  await expect(page.getByRole('heading', { name: 'Add Store' })).toBeVisible();

  // Validation: name, latitude and longitude are required.
  await page.getByRole('button', { name: 'Create Store' }).click();
  await expect(page.getByText('Enter the store name.')).toBeVisible();
  await expect(page.getByText('Enter a latitude.')).toBeVisible();
  await expect(page.getByText('Enter a longitude.')).toBeVisible();

  await page.getByLabel('Name').fill(storeName);
  const address = page.getByRole('combobox', { name: 'Address' });
  await address.fill('Bahnhofstrasse 1 Zürich');
  const suggestion = page.getByRole('option', { name: /Bahnhofstrasse 1.*Zürich/ }).first();
  await expect(suggestion).toBeVisible();
  await mapReady(page);
  // Choose with the keyboard: first suggestion.
  await address.press('ArrowDown');
  await address.press('Enter');
  await expect(page.getByRole('listbox', { name: 'Address suggestions' })).toBeHidden();
  await expect(page.getByLabel('Latitude')).toHaveValue(/^4[5-8]\.\d{6}$/);
  await expect(page.getByLabel('Longitude')).toHaveValue(/^[5-9]\.\d{6}$/);
  await expect(page.getByLabel('City')).toHaveValue('Zürich');
  await expect(page.getByLabel('Country')).not.toHaveValue('');
  await expect(page.getByRole('img', { name: /Store location/ })).toBeVisible();
  await page.getByLabel('Phone').fill('+41 44 123 45 67');
  await page.getByLabel('Description').fill('Cheese and bread from the region.');
  await page.locator('fieldset').getByRole('checkbox').first().check();
  await screenshots(page, 'seller-add-store');
  await page.getByRole('button', { name: 'Create Store' }).click();
  await expect(page.locator('main').getByText('Store Created Successfully!')).toBeVisible();
  await expect(page).toHaveURL(/#\/mystores$/);
  await expect(page.getByRole('cell', { name: new RegExp(`^${storeName}`) })).toBeVisible();
  // The notice stays until dismissed (decision 186).
  await page.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.locator('main').getByText('Store Created Successfully!')).toBeHidden();

  // --- Add a product with an image ---
  await page.goto('/#/myproducts');
  await expect(page.getByText('Currently no product to show!')).toBeVisible();
  await page.getByRole('link', { name: 'Add Product' }).click();
  await expect(page.getByRole('heading', { name: 'Add Product' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByText('Enter a brand.')).toBeVisible();
  await expect(page.getByText('Choose a category.')).toBeVisible();
  await expect(page.getByLabel('Subcategory')).toHaveCount(0);
  await page.getByLabel('Brand').fill('Alpkäserei');
  await page.getByLabel('Name').fill(productName);
  await page.getByLabel('Price').fill('12.90');
  await page.getByLabel('Description').fill('Aged for twelve months in a mountain cellar.');
  await expect(page.getByLabel('Image')).toHaveAttribute('accept', 'image/*');
  await page
    .getByLabel('Image')
    .setInputFiles({ name: 'cheese.png', mimeType: 'image/png', buffer: pngFixture() });
  await page.getByLabel('Category', { exact: true }).selectOption({ index: 1 });
  await expect(page.getByLabel('Subcategory')).toBeVisible();
  await page.getByLabel('Subcategory').selectOption({ index: 1 });
  await screenshots(page, 'seller-add-product');
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.locator('main').getByText('Product Created Successfully!')).toBeVisible();
  await expect(page).toHaveURL(/#\/myproducts$/);

  // --- Find it through search; the price is truncated to whole francs ---
  await page.getByLabel('Search my products').fill(productName.slice(0, 14));
  const productRow = rowWith(page, page.getByRole('link', { name: productName }));
  await expect(productRow).toBeVisible();
  await expect(productRow).toContainText('CHF 12');
  await expect(productRow).not.toContainText('12.90');
  await expect(productRow.locator('img')).toHaveCount(1);
  const href = await productRow.getByRole('link', { name: productName, exact: true }).getAttribute('href');
  const productId = /product\/(\d+)/.exec(href ?? '')?.[1];
  expect(productId).toBeTruthy();

  // --- Set its stock in the store (the row has no record yet: save creates it) ---
  await productRow.getByRole('button', { name: /View Stock/ }).click();
  const stockLabel = `Alpkäserei ${productName} in ${storeName}`;
  await page.getByRole('button', { name: `Edit stock of ${stockLabel}` }).click();
  await page.getByLabel(`Stock of ${stockLabel}`).fill('1.5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The stock number must be a whole number from 0 to 1,000,000.')).toBeVisible();
  await page.getByLabel(`Stock of ${stockLabel}`).fill('7');
  await page.getByRole('button', { name: 'Save' }).click();
  const deleteStock = page.getByRole('button', { name: `Delete stock of ${stockLabel}` });
  await expect(rowWith(page, deleteStock).locator('.badge')).toHaveText('7');
  await expect(rowWith(page, deleteStock)).toContainText(storeName);
  await expect(deleteStock).toBeEnabled();
  await screenshots(page, 'seller-my-products');

  // --- The product page shows the live stock ---
  await page.goto(`/#/product/${productId}`);
  await expect(page.getByTestId('stock-badge')).toHaveText(/In Stock \(7\)/);
  await expect(page.getByTestId('stock-badge')).toHaveClass(/bg-success/);

  // --- The map: Switzerland, the store markers, the popup link to the seller page ---
  await page.goto('/#/map');
  await expect(page.getByRole('heading', { name: 'Find a Store' })).toBeVisible();
  await mapReady(page);
  await expect(page.locator('.map-store-marker, .map-cluster-marker').first()).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: storeName })).toBeVisible();
  await screenshots(page, 'seller-map');
  await page.getByLabel('Search stores').fill(storeName);
  const listEntry = page.getByRole('listitem').filter({ hasText: storeName });
  await expect(listEntry).toBeVisible();
  await expect(listEntry.getByRole('link', { name: username })).toHaveAttribute('href', /#\/seller\/\d+/);
  const marker = page.getByRole('button', { name: new RegExp(`^${storeName}, `) });
  await expect(marker).toBeVisible();
  await marker.click();
  await expect(page.locator('.maplibregl-popup').getByRole('link', { name: username })).toBeVisible();

  // --- My stores: expand, delete the stock (0, button disabled), delete the store ---
  await page.goto('/#/mystores');
  await page.getByRole('button', { name: `View Products of ${storeName}` }).click();
  await expect(rowWith(page, deleteStock).locator('.badge')).toHaveText('7');
  await expect(rowWith(page, deleteStock)).toContainText(productName);
  await screenshots(page, 'seller-my-stores');
  await deleteStock.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(deleteStock).toBeDisabled();
  await expect(rowWith(page, deleteStock).locator('.badge')).toHaveText('0');
  // Searching inside the store for something it does not have.
  await page.getByLabel(`Search products in ${storeName}`).fill('zzqx-nothing');
  await expect(page.getByText(`No search results in ${storeName} store!`)).toBeVisible();

  await page.getByRole('button', { name: `Delete ${storeName}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.locator('main').getByText('Store Deleted Successfully!')).toBeVisible();
  await expect(page.getByRole('cell', { name: new RegExp(`^${storeName}`) })).toHaveCount(0);

  expect(outside, 'requests that left the test server').toEqual([]);
});

test('seller pages send visitors to the login with a way back', async ({ page }) => {
  await page.goto('/#/mystores');
  await expect(page).toHaveURL(/#\/login\?redirect=%2Fmystores/);
  await page.goto('/#/myproducts/add-product');
  await expect(page).toHaveURL(/#\/login\?redirect=%2Fmyproducts%2Fadd-product/);
});

test('the maps use the basemap style the server configures, and the offline style otherwise', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // Served from the test server's origin: the page's CSP admits the configured style's origin only,
  // which the test cannot change on the running server.
  const STYLE_URL = `${baseURL}/test-basemap/light.json`;
  const configCalls: string[] = [];
  const styleCalls: string[] = [];
  let mapStyleUrl: string | null = STYLE_URL;
  let configFails = false;
  await page.context().route('**/api/config/', (route) => {
    configCalls.push(route.request().url());
    if (configFails) return route.fulfill({ status: 503, json: { detail: 'Unavailable.' } });
    return route.fulfill({ json: { mapStyleUrl, currency: 'CHF' } });
  });
  await page.context().route('**/test-basemap/**', (route) => {
    styleCalls.push(route.request().url());
    return route.fulfill({
      json: {
        version: 8,
        name: 'Test basemap',
        sources: {},
        layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#dfe9d8' } }],
      },
    });
  });

  // Configured: the store map and, after an in-app navigation, the add-store map load that style;
  // the config is asked for once.
  await loginAs(page, DEMO_SELLER, undefined, '/map');
  await mapReady(page);
  expect(styleCalls).toEqual([STYLE_URL]);
  await page.evaluate(() => (window.location.hash = '#/mystores/add-store'));
  await expect(page.getByRole('heading', { name: 'Add Store' })).toBeVisible();
  await mapReady(page);
  expect(styleCalls).toEqual([STYLE_URL, STYLE_URL]);
  expect(configCalls).toHaveLength(1);

  // Not configured: the offline style, no request for a remote style.
  mapStyleUrl = null;
  await page.reload();
  await mapReady(page);
  expect(configCalls).toHaveLength(2);
  expect(styleCalls).toHaveLength(2);

  // The config cannot be read: still the offline style, and the map works.
  // One page load: a goto would change the address (it carries ?session=) and load the app once
  // more, or not, depending on how soon the reload cuts it off.
  configFails = true;
  await page.evaluate(() => (window.location.hash = '#/map'));
  await page.reload();
  await mapReady(page);
  await expect(page.locator('.map-store-marker, .map-cluster-marker').first()).toBeVisible();
  expect(configCalls).toHaveLength(3);
  expect(styleCalls).toHaveLength(2);
});
