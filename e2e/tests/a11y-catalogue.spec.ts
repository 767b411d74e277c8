import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_CUSTOMER, DEMO_SELLER, loginAs, settled } from '../support/helpers';

/**
 * axe-core (WCAG 2.0/2.1 A+AA, 2.2 AA) on the account and catalogue routes, at desktop and phone
 * width, as a visitor, a customer and a seller. Zero violations expected.
 * The whole page is scanned, header and footer included.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

function axe(page: Page) {
  // Legacy mode: axe runs in the page itself instead of gathering each frame's results in a new
  // blank page; the same rules on the same nodes (the app has no cross-origin frames).
  return new AxeBuilder({ page }).withTags(TAGS).setLegacyMode();
}

function summarize(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']) {
  return violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} :: ${n.failureSummary ?? ''}`),
  }));
}
const WIDTHS = [1280, 390] as const;

interface Ids {
  productId: number;
  sellerId: number;
  ownProductId: number;
}

async function demoIds(page: Page): Promise<Ids> {
  const login = await page.request.post('/api/users/login/', {
    data: { username: DEMO_SELLER, password: 'marktgasse-demo' },
  });
  const { id: sellerId } = (await login.json()) as { id: number };
  const own = (await (await page.request.get(`/api/products/user/${sellerId}`)).json()) as { id: number }[];
  const list = (await (await page.request.get('/api/products/?offset=0&limit=50')).json()) as {
    results: { id: number; countInStock: number; numReviews: number }[];
  };
  const product = list.results.find((p) => p.countInStock > 0 && p.numReviews > 0) ?? list.results[0]!;
  return { productId: product.id, sellerId, ownProductId: own[0]!.id };
}

/** Waits until the route has rendered its content (no loading spinner left), then runs axe. */
async function expectNoViolations(page: Page, route: string, width: number) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await page.goto(`/#${route}`);
  await expect(page.locator('main h1, main .h1')).not.toHaveCount(0);
  await expect(page.locator('main [role="status"] .spinner-border')).toHaveCount(0);
  // Lazily loaded images and the carousel's first slide settle.
  await settled(page);
  const result = await axe(page).analyze();
  expect.soft(summarize(result.violations), `axe violations on ${route} at ${width}px`).toEqual([]);
}

test.describe('accessibility of account and catalogue pages', () => {
  test.describe.configure({ timeout: 240_000 });
  let ids: Ids;

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    ids = await demoIds(page);
    await page.close();
  });

  for (const width of WIDTHS) {
    test(`visitor routes at ${width}px`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      for (const route of [
        '/',
        '/login',
        '/register',
        '/sellers',
        `/seller/${ids.sellerId}`,
        `/product/${ids.productId}`,
      ])
        await expectNoViolations(page, route, width);
    });

    test(`customer routes at ${width}px`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await loginAs(page, DEMO_CUSTOMER);
      for (const route of ['/', '/profile', `/product/${ids.productId}`, `/seller/${ids.sellerId}`])
        await expectNoViolations(page, route, width);
      // The profile editor and the delete dialog.
      await page.goto('/#/profile');
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await expect(page.getByLabel('Industry')).toBeVisible();
      expect.soft(summarize((await axe(page).analyze()).violations), 'profile editor').toEqual([]);
      await page.getByRole('button', { name: 'Delete Your Account' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settled(page);
      expect.soft(summarize((await axe(page).analyze()).violations), 'delete dialog').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    test(`seller routes at ${width}px`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await loginAs(page, DEMO_SELLER);
      for (const route of [
        '/',
        '/profile',
        '/sellers',
        `/seller/${ids.sellerId}`,
        `/product/${ids.ownProductId}`,
      ])
        await expectNoViolations(page, route, width);
    });
  }

  test('the home page with motion: the carousel runs and passes axe', async ({ page }) => {
    await expectNoViolations(page, '/', 1280);
  });
});
