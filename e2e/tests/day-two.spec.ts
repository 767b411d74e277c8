/**
 * Day two of a shop (issue 17): a seller adds a product with stock in one step, a customer
 * orders it, the seller changes its price and photo (the product page shows it at once, the
 * older order keeps the old price), moves a store to a new address, and names the shop.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_CUSTOMER, loginAs, registerViaUi, screenshots, uniqueName } from '../support/helpers';
import { pngImage } from '../support/png';

/** A small PNG of one colour. */
const png = (rgb: [number, number, number], size = 64): Buffer => pngImage(size, () => rgb);

async function token(page: Page): Promise<string> {
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { access: string }).access,
  );
}

async function mapReady(page: Page) {
  await expect(page.locator('[data-map-status="ready"]')).toBeVisible({ timeout: 30_000 });
}

test('a seller edits price and photo of a sold product and moves a store; old orders keep their price', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { username } = await registerViaUi(page, 'Seller');
  const sellerAuth = { authorization: `Bearer ${await token(page)}` };
  const storeName = uniqueName('Laden Altstadt ');
  const productName = uniqueName('Nusstorte ');

  // A store to keep stock in (through the API: the store form is tested below and in seller.spec).
  const storeRes = await page.request.post('/api/stores/new/', {
    headers: sellerAuth,
    data: {
      name: storeName,
      address: 'Bahnhofstrasse 1, 8001 Zürich, Switzerland',
      city: 'Zürich',
      country: 'Switzerland',
      latitude: 47.372,
      longitude: 8.539,
    },
  });
  expect(storeRes.status()).toBe(201);
  const store = (await storeRes.json()) as { id: number };

  // --- Add Product with its stock in the same form ---
  await page.goto('/#/myproducts/add-product');
  await expect(page.getByRole('heading', { name: 'Add Product' })).toBeVisible();
  await page.getByLabel('Brand').fill('Bündner Backstube');
  await page.getByLabel('Name', { exact: true }).fill(productName);
  await page.getByLabel('Price').fill('24.50');
  await page
    .getByLabel('Image')
    .setInputFiles({ name: 'old.png', mimeType: 'image/png', buffer: png([180, 40, 40]) });
  await page.getByLabel('Category', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Subcategory').selectOption({ index: 1 });
  const stockField = page.getByLabel(`Stock in ${storeName}`);
  await stockField.fill('2.5');
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByText('Enter a whole number from 0 to 1,000,000.')).toBeVisible();
  await stockField.fill('8');
  await screenshots(page, 'day-two-add-product-with-stock');
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.locator('main').getByText('Product Created Successfully!')).toBeVisible();
  const mine = (await (
    await page.request.get('/api/products/myproducts/', { headers: sellerAuth })
  ).json()) as {
    id: number;
    name: string;
    image: string;
    countInStock: number;
  }[];
  const product = mine.find((p) => p.name === productName)!;
  expect(product.countInStock).toBe(8);

  // --- A customer orders one at CHF 24.50 ---
  const login = await page.request.post('/api/users/login/', {
    data: { username: DEMO_CUSTOMER, password: 'marktgasse-demo' },
  });
  const customerAuth = { authorization: `Bearer ${(await login.json()).access}` };
  const orderRes = await page.request.post('/api/orders/add/', {
    headers: customerAuth,
    data: {
      orderItems: [
        {
          id: product.id,
          name: productName,
          price: '24.50',
          quantity: 1,
          orderType: 'inStore',
          storeId: store.id,
        },
      ],
      paymentMethod: 'PayPal',
      shippingAddress: null,
      totalPrice: '24.50',
      totalShippingPrice: '0.00',
    },
  });
  expect(orderRes.status()).toBe(201);
  const orderId = (await orderRes.json()).id as number;

  // --- The product page before: old price; its owner sees Edit ---
  await page.goto(`/#/product/${product.id}`);
  await expect(page.getByTestId('product-price')).toHaveText('CHF 24.50');
  const oldSrc = await page.locator('.product-image-frame img').getAttribute('src');

  // --- Edit from My Products: the form is filled in ---
  await page.goto('/#/myproducts');
  const row = page.locator('tr:not(:has(tr))').filter({ has: page.getByRole('link', { name: productName }) });
  await row.getByRole('link', { name: /Edit/ }).click();
  await expect(page.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(productName);
  await expect(page.getByLabel('Price')).toHaveValue('24.50');
  await expect(page.getByLabel('Subcategory')).not.toHaveValue('');
  // Validation as at creation.
  await page.getByLabel('Price').fill('0');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(/The price must be above CHF 0|price/i).first()).toBeVisible();
  await page.getByLabel('Price').fill('27.90');
  await page
    .getByLabel('Image')
    .setInputFiles({ name: 'new.png', mimeType: 'image/png', buffer: png([40, 120, 200]) });
  await screenshots(page, 'day-two-edit-product');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.locator('main').getByText('Product Updated Successfully!')).toBeVisible();
  await expect(page).toHaveURL(/#\/myproducts$/);

  // --- The product page shows the new price and photo at once ---
  await page.getByRole('link', { name: productName, exact: true }).click();
  await expect(page.getByTestId('product-price')).toHaveText('CHF 27.90');
  const newSrc = await page.locator('.product-image-frame img').getAttribute('src');
  expect(newSrc).toBeTruthy();
  expect(newSrc).not.toBe(oldSrc);
  await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();
  await screenshots(page, 'day-two-product-after-edit');

  // --- The older order still shows the old price (and its photo) ---
  await loginAs(page, DEMO_CUSTOMER, undefined, `/customer-order/${orderId}`);
  await expect(page.getByRole('heading', { name: `CUSTOMER ORDER # ${orderId}` })).toBeVisible();
  await expect(page.getByRole('link', { name: productName })).toBeVisible();
  await expect(page.getByText(/1 × CHF 24\.50/)).toBeVisible();
  await expect(page.locator('body')).not.toContainText('27.90');
  // The line keeps the picture it was sold with, not the new one.
  const orderImage = await page.getByRole('img', { name: productName }).getAttribute('src');
  expect(orderImage).toBeTruthy();
  expect(orderImage).not.toBe(newSrc);
  await screenshots(page, 'day-two-old-order-keeps-price');
  // A customer sees no Edit on the product page.
  await page.goto(`/#/product/${product.id}`);
  await expect(page.getByTestId('product-price')).toHaveText('CHF 27.90');
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);

  // --- The seller moves the store to a new address through the lookup ---
  await loginAs(page, username, 'secret-pass-1', '/mystores');
  const storeRow = page.locator('tr:not(:has(tr))').filter({ hasText: storeName });
  await storeRow.getByRole('link', { name: /Edit/ }).click();
  await expect(page.getByRole('heading', { name: 'Edit Store' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(storeName);
  await expect(page.getByLabel('City')).toHaveValue('Zürich');
  const address = page.getByRole('combobox', { name: 'Address' });
  await address.fill('Marktgasse 10 Bern');
  await expect(page.getByRole('option', { name: /Marktgasse 10.*Bern/ }).first()).toBeVisible();
  await mapReady(page);
  await address.press('ArrowDown');
  await address.press('Enter');
  await expect(page.getByLabel('City')).toHaveValue('Bern');
  await expect(page.getByLabel('Latitude')).toHaveValue(/^46\.9\d{4}/);
  await screenshots(page, 'day-two-edit-store');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.locator('main').getByText('Store Updated Successfully!')).toBeVisible();
  await expect(page.locator('tr:not(:has(tr))').filter({ hasText: storeName })).toContainText(
    'Marktgasse 10',
  );
  const moved = await (await page.request.get(`/api/stores/${store.id}/`)).json();
  expect(moved).toMatchObject({ city: 'Bern' });
  expect(moved.latitude).toBeGreaterThan(46.9);
  expect(moved.latitude).toBeLessThan(47);
  await screenshots(page, 'day-two-my-stores-after-move');

  // --- A shop name in the profile shows as "Sold by" ---
  const shopName = uniqueName('Backstube Sonnenberg ');
  await page.goto('/#/profile');
  await page.getByRole('button', { name: /Edit Profile/ }).click();
  await page.getByLabel('Shop name').fill(shopName);
  await page.getByRole('button', { name: /Update/ }).click();
  await expect(page.getByTestId('profile-details')).toContainText(shopName);
  await page.goto(`/#/product/${product.id}`);
  await expect(page.getByRole('link', { name: shopName })).toHaveAttribute('href', /#\/seller\/\d+/);
  await screenshots(page, 'day-two-shop-name');
});
