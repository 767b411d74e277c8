import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_SELLER, loginAs, registerViaUi, screenshots } from '../support/helpers';

interface ApiProduct {
  id: number;
  name: string;
  seller: number;
  username: string;
  numReviews: number;
  countInStock: number;
  stocks: { store: number; number: number }[];
}

/** A demo product that has stock and is not sold by `notSeller`. */
async function productInStock(request: APIRequestContext, notSeller?: string): Promise<ApiProduct> {
  const res = await request.get('/api/products/?offset=0&limit=100');
  expect(res.status()).toBe(200);
  const { results } = (await res.json()) as { results: ApiProduct[] };
  // Several units: a test orders two while other specs buy at the same time. Those pick from the
  // start (admin) and the end (Swiss payments) of the newest-first list, so this one from its middle.
  const usable = (p: ApiProduct) => p.countInStock >= 6 && p.username !== notSeller;
  const product = results.slice(20).find(usable) ?? results.find(usable);
  expect(product, 'a demo product in stock').toBeTruthy();
  return product!;
}

const cards = (page: Page) => page.getByTestId('product-grid').getByTestId('product-card');

test.describe('catalogue', () => {
  test('the home page shows demo products and Load More appends 12', async ({ page }) => {
    await page.goto('/');
    await expect(cards(page)).toHaveCount(12);
    const first = cards(page).first();
    await expect(first).toContainText('CHF');
    await expect(first.getByRole('link', { name: /./ }).last()).toHaveAttribute('href', /#\/seller\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Latest Reviews' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Latest Sellers' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Latest products' })).toBeVisible();
    await screenshots(page, 'home');
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect(cards(page)).toHaveCount(24);
  });

  test('the carousel has a pause control, stops on keyboard focus and under reduced motion', async ({
    page,
  }) => {
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Latest products' });
    await expect(carousel).toHaveAttribute('data-rotating', 'true');
    await carousel.getByRole('button', { name: 'Pause' }).click();
    await expect(carousel).toHaveAttribute('data-rotating', 'false');
    await carousel.getByRole('button', { name: 'Play' }).click();
    await expect(carousel).toHaveAttribute('data-rotating', 'true');
    // Keyboard focus moving on into the slides stops the rotation for good.
    await page.keyboard.press('Tab');
    await expect(carousel.locator(':focus')).toHaveCount(1);
    await expect(carousel).toHaveAttribute('data-rotating', 'false');
    await expect(carousel.getByRole('button', { name: 'Play' })).toBeVisible();

    // The system setting stops it at once, and the page opens still with it.
    await page.reload();
    await expect(carousel).toHaveAttribute('data-rotating', 'true');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(carousel).toHaveAttribute('data-rotating', 'false');
    await page.reload();
    await expect(carousel).toHaveAttribute('data-rotating', 'false');
    const active = await carousel.locator('.carousel-item.active').getAttribute('aria-label');
    await page.waitForTimeout(6000);
    await expect(carousel.locator('.carousel-item.active')).toHaveAttribute('aria-label', active!);
  });

  test('a 2-character search shows results and Back restores the grid', async ({ page }) => {
    const product = await productInStock(page.request);
    await page.goto('/');
    await expect(cards(page)).toHaveCount(12);
    const term = product.name.slice(0, 2);
    await page.getByLabel('Search products, brands or sellers').fill(term);
    const results = page.getByTestId('search-results');
    await expect(results).toBeVisible();
    await expect(results.getByTestId('product-card').first()).toBeVisible();
    await expect(page.getByTestId('product-grid')).toHaveCount(1);
    await results.getByRole('button', { name: 'Back' }).click();
    await expect(results).toHaveCount(0);
    await expect(cards(page)).toHaveCount(12);
    await expect(page.getByLabel('Search products, brands or sellers')).toHaveValue('');
  });

  test('a category filter narrows the grid', async ({ page }) => {
    await page.goto('/');
    const counter = page.getByText(/^Showing [\d,]+ of [\d,]+ products$/);
    await expect(counter).toBeVisible();
    const total = Number((await counter.textContent())!.replace(/,/g, '').match(/of (\d+)/)![1]);
    const categoryLink = page.getByRole('navigation', { name: 'Categories' }).getByRole('link').nth(1);
    const category = (await categoryLink.textContent())!.trim();
    await categoryLink.click();
    await expect(page.getByRole('heading', { level: 2, name: category })).toBeVisible();
    await expect(counter).toBeVisible();
    const narrowed = Number((await counter.textContent())!.replace(/,/g, '').match(/of (\d+)/)![1]);
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThan(total);

    // A subcategory radio narrows further (or equally) and the cards belong to it.
    const radio = page.getByRole('radio').first();
    await radio.check({ force: true });
    await expect(page).toHaveURL(/subcategory=/);
    await expect(counter).toBeVisible();
    const sub = Number((await counter.textContent())!.replace(/,/g, '').match(/of (\d+)/)![1]);
    expect(sub).toBeLessThan(total);
  });

  test('a customer submits a review and sees it with the new rating', async ({ page }) => {
    const product = await productInStock(page.request);
    const { username } = await registerViaUi(page, 'Customer');
    await page.goto(`/#/product/${product.id}`);
    const rating = page.getByTestId('product-rating');
    await expect(rating).toContainText(`${product.numReviews} review`);
    await page.getByLabel('Rating').selectOption({ label: '5 - Excellent' });
    await page.getByLabel('Comment').fill('Schnell geliefert und genau wie beschrieben.');
    await page.getByRole('button', { name: 'Submit' }).click();
    // The notice in the page (the live region outside main says it too, a moment later).
    await expect(page.getByRole('main').getByText('Review Submitted')).toBeVisible();
    await expect(rating).toContainText(`${product.numReviews + 1} review`);
    const list = page.getByTestId('review-list');
    await expect(list).toContainText(username);
    await expect(list).toContainText('Schnell geliefert und genau wie beschrieben.');
    const after = await (await page.request.get(`/api/products/${product.id}`)).json();
    await expect(rating.getByRole('img')).toHaveAttribute(
      'aria-label',
      `Rated ${after.rating.toFixed(1)} out of 5`,
    );

    // A second review of the same product shows the server's message.
    await page.getByLabel('Rating').selectOption({ label: '1 - Poor' });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toContainText('already reviewed');
  });

  test("a seller sees 'Only users with a customer profile can write a review'", async ({ page }) => {
    const product = await productInStock(page.request);
    await loginAs(page, DEMO_SELLER, undefined, `/product/${product.id}`);
    await expect(page.getByText('Only users with a customer profile can write a review')).toBeVisible();
    await expect(page.getByLabel('Comment')).toHaveCount(0);
  });

  test("a visitor sees 'Please login to write a review' and the product page", async ({ page }) => {
    const product = await productInStock(page.request);
    await page.goto(`/#/product/${product.id}`);
    await expect(page.getByText('Please login to write a review')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' }).last()).toHaveAttribute(
      'href',
      `#/login?redirect=${encodeURIComponent(`/product/${product.id}`)}`,
    );
    await expect(page.getByTestId('stock-badge')).toHaveClass(/bg-success/);
    await expect(page.getByTestId('product-price')).toContainText('CHF');
    await screenshots(page, 'product');
  });

  test('add to cart updates the header badge', async ({ page }) => {
    const product = await productInStock(page.request);
    await page.goto(`/#/product/${product.id}`);
    const add = page.getByRole('button', { name: 'Add to Cart' });
    await expect(add).toBeDisabled();
    await page.getByLabel('Order type').selectOption('online');
    await expect(add).toBeDisabled();
    await page.getByLabel('Quantity').selectOption('2');
    await add.click();
    await expect(page).toHaveURL(/#\/cart$/);
    await expect(page.getByTestId('cart-badge')).toHaveText('2');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '[]'));
    expect(stored).toMatchObject([
      { id: product.id, quantity: 2, orderType: 'online', sellerId: product.seller },
    ]);
  });

  test('a seller cannot buy own products', async ({ page }) => {
    const info = await loginAs(page, DEMO_SELLER);
    const own = (await (await page.request.get(`/api/products/user/${info.id}`)).json()) as ApiProduct[];
    expect(own.length, 'the demo seller has products').toBeGreaterThan(0);
    await page.goto(`/#/product/${own[0]!.id}`);
    await expect(page.getByText("Seller accounts can't buy products from their own stores.")).toBeVisible();
    await expect(page.getByLabel('Order type')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });

  test('sellers page filters by category, Back reloads all; seller page filters by store', async ({
    page,
  }) => {
    await page.goto('/#/sellers');
    const grid = page.getByTestId('seller-grid');
    await expect(grid.getByRole('link').first()).toBeVisible();
    // Sellers by their page's address: specs running alongside edit their new sellers' profiles
    // (the industry shown under the name) while this one runs.
    const sellers = () =>
      grid.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    const shown = await sellers();
    await screenshots(page, 'sellers');
    const select = page.getByLabel('Filter by Category');
    const options = await select.locator('option').allTextContents();
    expect(options[0]).toBe('Filter by Category');
    await select.selectOption({ index: 1 });
    await expect(page.getByRole('heading', { name: `Sellers in ${options[1]}` })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    // Every seller shown before is back. Not an equal count: specs running alongside (seller,
    // seller-paging) register sellers meanwhile, and Back reloads the list from the server.
    await expect.poll(sellers).toEqual(expect.arrayContaining(shown));

    await grid.getByRole('link').first().click();
    await expect(page).toHaveURL(/#\/seller\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const storeButtons = page.getByRole('group', { name: 'Filter by store' }).getByRole('button');
    await expect(storeButtons.first()).toHaveText('All');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await screenshots(page, 'seller');
    if ((await storeButtons.count()) > 1) {
      await storeButtons.nth(1).click();
      await expect(storeButtons.nth(1)).toHaveAttribute('aria-pressed', 'true');
    }
  });
});
