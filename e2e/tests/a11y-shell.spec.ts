import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import {
  DEMO_CUSTOMER,
  DEMO_PASSWORD,
  DEMO_SELLER,
  SCREENSHOT_DIR,
  loginAs,
  settled,
} from '../support/helpers';
import { expectAnnounced, expectPageAnnounced, messages, paidOrderToFulfil, tabTo } from '../support/a11y';

/**
 * The app-wide parts a keyboard and screen-reader user meets: skip link, focus and announcement
 * after a navigation, the focus ring's contrast (computed from the page's own styles, also under
 * forced colours), dialogs, the user menu, the language switcher, the error pattern of every
 * form, and reflow at 320 px.
 */
const m = messages('en');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function axeClean(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode().analyze();
  expect
    .soft(
      violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `axe on ${where}`,
    )
    .toEqual([]);
}

async function ready(page: Page) {
  await expect(page.locator('main h1')).not.toHaveCount(0);
  await expect(page.locator('main > [role="status"] .spinner-border')).toHaveCount(0);
}

test('skip link, focus and announcement after navigation, user menu, language switcher', async ({ page }) => {
  await page.goto('/#/sellers');
  await ready(page);
  // Skip link: the first Tab stop; it focuses main and leaves the route alone.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: m('nav.skip') });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await expect(page).toHaveURL(/#\/sellers$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(m('notFound.title'));
  await expect(page.locator('header nav')).toBeVisible();

  // A header link by keyboard: focus lands on the new page's h1, its title said politely.
  await page.keyboard.press('Shift+Tab');
  await tabTo(page, 'Find a Store', (f) => f.tag === 'a' && f.text === m('nav.findStore'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/map$/);
  await expectPageAnnounced(page);
  await expect(page.locator('#announcer')).toHaveAttribute('aria-live', 'polite');

  // Language switcher: arrow keys only preselect; Enter (or Apply) switches.
  const select = page.locator('header [data-testid="language-switcher"]');
  await select.focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('header').getByRole('button', { name: 'Applica' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it-CH');
  await select.selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // The user menu closes when focus leaves it.
  await loginAs(page, DEMO_CUSTOMER, DEMO_PASSWORD, '/');
  const menuButton = page.locator('#user-menu');
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
});

/** WCAG contrast of the focused element's outline against what is beside it. */
async function ringContrast(page: Page) {
  return page.evaluate(() => {
    const parse = (c: string) => (c.match(/[\d.]+/g) ?? ['0', '0', '0', '0']).map(Number);
    const lum = ([r, g, b]: number[]) => {
      const ch = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * ch(r!) + 0.7152 * ch(g!) + 0.0722 * ch(b!);
    };
    const background = (start: Element | null): number[] => {
      for (let el = start; el; el = el.parentElement) {
        const c = parse(getComputedStyle(el).backgroundColor);
        if (c.length < 4 || c[3]! > 0.5) return c;
      }
      return [255, 255, 255];
    };
    let el = document.activeElement!;
    if (el.matches('.btn-check') && el.nextElementSibling) el = el.nextElementSibling;
    const style = getComputedStyle(el);
    const inside = parseFloat(style.outlineOffset) < 0;
    const ring = parse(style.outlineColor);
    const beside = background(inside ? el : el.parentElement);
    const [a, b] = [lum(ring), lum(beside)].sort((x, y) => y - x);
    return {
      what: `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 80),
      width: parseFloat(style.outlineWidth),
      style: style.outlineStyle,
      ratio: (a! + 0.05) / (b! + 0.05),
    };
  });
}

async function checkRingsAlongTab(page: Page, presses: number, where: string) {
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press('Tab');
    const ring = await ringContrast(page);
    if (ring.what.startsWith('body')) continue;
    expect.soft(ring.style, `outline style of ${ring.what} on ${where}`).not.toBe('none');
    expect.soft(ring.width, `outline width of ${ring.what} on ${where}`).toBeGreaterThanOrEqual(2);
    expect.soft(ring.ratio, `focus ring contrast of ${ring.what} on ${where}`).toBeGreaterThanOrEqual(3);
  }
}

test('focus ring: at least 3:1 against every background, kept under forced colours', async ({ page }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await ready(page);
    if (width === 390) {
      // The folded header: its toggler, then the links on red.
      await page.locator('.navbar-toggler').focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Shift+Tab');
    }
    await checkRingsAlongTab(page, 40, `home at ${width}px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/#/login');
  await ready(page);
  await checkRingsAlongTab(page, 18, 'login');
  const product = (await (await page.request.get('/api/products/?limit=1')).json()).results[0];
  await page.goto(`/#/product/${product.id}`);
  await ready(page);
  await checkRingsAlongTab(page, 25, 'a product page');

  // Forced colours: the header link, a category link and a primary button keep an outline, and
  // the selected category keeps a mark of its own.
  await page.emulateMedia({ forcedColors: 'active' });
  await page.goto('/');
  await ready(page);
  for (const selector of [
    'header .nav-link',
    '.category-bar .nav-link.active',
    'main .btn-primary, main .btn',
  ]) {
    await page.keyboard.press('Tab');
    await page.locator(selector).first().focus();
    const style = await page
      .locator(selector)
      .first()
      .evaluate((el) => getComputedStyle(el).outlineStyle);
    expect.soft(style, `forced-colours focus on ${selector}`).not.toBe('none');
  }
  await page
    .locator('main h1')
    .first()
    .evaluate((el) => (el as HTMLElement).focus());
  const active = await page
    .locator('.category-bar .nav-link.active')
    .evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(active, 'the selected category is marked in forced colours').not.toBe('none');
});

test('dialogs: focus on the safe answer, question as description, Tab kept inside; focus kept after delete', async ({
  page,
}) => {
  await loginAs(page, DEMO_SELLER, DEMO_PASSWORD, '/mystores');
  await ready(page);
  const expand = page
    .getByRole('button', { name: new RegExp(`^${m('seller.stores.viewProducts')}`) })
    .first();
  await expand.click();
  const panel = page.locator('tr[id] table').first();
  await expect(panel).toBeVisible();
  // Headings in order and one search landmark.
  await expect(page.getByRole('search')).toHaveCount(1);
  const levels = await page
    .locator('main :is(h1,h2,h3,h4)')
    .evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
  for (let i = 1; i < levels.length; i += 1) expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);

  // A stock with a number above 0: its Delete opens the confirmation.
  const index = await panel
    .locator('tbody tr')
    .evaluateAll((rows) => rows.findIndex((r) => r.querySelector('.badge.bg-success')));
  expect(index).toBeGreaterThanOrEqual(0);
  // The row by its product's link, not its place: specs running alongside may add products to the
  // demo seller, which come first in the list once it is loaded again after the delete.
  const href = (await panel.locator('tbody tr').nth(index).getByRole('link').first().getAttribute('href'))!;
  const row = panel.locator('tbody tr').filter({ has: page.locator(`a[href="${href}"]`) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: new RegExp(`^${m('seller.delete')}`) }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: m('components.confirm.no') })).toBeFocused();
  const describedBy = (await dialog.getAttribute('aria-describedby'))!;
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(/0/);
  for (let i = 0; i < 7; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await dialog.getByRole('button', { name: m('components.confirm.yes') }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  // Delete is now disabled (stock 0): focus is on the row's Edit button, the new number said.
  await expect(row.getByRole('button', { name: new RegExp(`^${m('seller.edit')}`) })).toBeFocused();
  await expectAnnounced(page, /: 0$/);

  // Stock edit: a bad number is marked and described; Escape returns focus to Edit.
  await page.keyboard.press('Enter');
  const input = row.locator('input');
  await expect(input).toBeFocused();
  await input.fill('-3');
  await page.keyboard.press('Enter');
  await expectInvalidDescribed(page, 'the stock edit');
  await page.keyboard.press('Escape');
  await expect(row.getByRole('button', { name: new RegExp(`^${m('seller.edit')}`) })).toBeFocused();
  await axeClean(page, 'My Stores with an open stock panel');
});

/** Every control marked invalid names a visible message; every red control is marked invalid. */
async function expectInvalidDescribed(page: Page, form: string) {
  const invalid = page.locator('[aria-invalid="true"]');
  await expect(invalid.first(), `an invalid field in ${form}`).toBeVisible();
  const report = await page.evaluate(() => {
    const problems: string[] = [];
    for (const el of document.querySelectorAll('.is-invalid')) {
      if (el.getAttribute('aria-invalid') !== 'true') problems.push(`${el.id} is red but not aria-invalid`);
    }
    for (const el of document.querySelectorAll('[aria-invalid="true"]')) {
      const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
      const texts = ids.map((id) => document.getElementById(id)?.textContent?.trim() ?? '');
      if (!texts.some((t) => t.length > 0)) problems.push(`${el.id} names no message`);
    }
    return problems;
  });
  expect(report, `error pattern in ${form}`).toEqual([]);
}

test('every form marks its errors on the fields and names them', async ({ page }) => {
  test.setTimeout(120_000);
  // Login: a wrong password.
  await page.goto('/#/login');
  await page.getByLabel(m('auth.username')).fill(DEMO_CUSTOMER);
  await page.getByLabel(m('auth.password')).fill('not-the-password');
  await page.getByLabel(m('auth.password')).press('Enter');
  await expectInvalidDescribed(page, 'Login');
  await axeClean(page, 'Login with an error');

  // Register: the confirmation differs; focus goes to it.
  await page.goto('/#/register');
  await expect(page.getByRole('radiogroup').or(page.locator('fieldset'))).toBeVisible();
  await expect(page.getByRole('radio', { name: m('auth.role.customer') })).toBeChecked();
  await expect(page.getByRole('form', { name: m('auth.register.title') })).toBeVisible();
  await page.getByLabel(m('auth.username')).fill('someone-new');
  await page.getByLabel(m('auth.email')).fill('someone@example.ch');
  await page.getByLabel(m('auth.password'), { exact: true }).fill('secret-pass-1');
  await page.getByLabel(m('auth.register.confirm')).fill('secret-pass-2');
  await page.getByLabel(m('auth.register.confirm')).press('Enter');
  await expect(page.getByLabel(m('auth.register.confirm'))).toBeFocused();
  await expectInvalidDescribed(page, 'Register');
  await axeClean(page, 'Register with an error');

  // Seller forms: Add Store and Add Product sent empty.
  await loginAs(page, DEMO_SELLER, DEMO_PASSWORD, '/mystores/add-store');
  await ready(page);
  await page.getByRole('button', { name: m('seller.addStore.submit') }).click();
  await expectInvalidDescribed(page, 'Add Store');
  await page.goto('/#/myproducts/add-product');
  await ready(page);
  await page.getByRole('button', { name: m('seller.addProduct.submit') }).click();
  await expectInvalidDescribed(page, 'Add Product');

  // Pick-up code sent empty.
  const { sellerOrder, seller } = await paidOrderToFulfil(page);
  await loginAs(page, seller, DEMO_PASSWORD, `/seller-order/${sellerOrder.id}`);
  await ready(page);
  await page
    .getByRole('button', { name: new RegExp(m('orders.seller.markPickedUp')) })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(m('orders.pickup.label'))).toBeFocused();
  await dialog.getByRole('button', { name: m('orders.pickup.confirm') }).click();
  await expectInvalidDescribed(page, 'the pick-up code');
});

/** No horizontal scrolling: the page is no wider than the window. */
async function expectNoSideways(page: Page, route: string, width: number) {
  await page.goto(`/#${route}`);
  await ready(page);
  await settled(page);
  const extra = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect.soft(extra, `horizontal overflow on ${route} at ${width}px`).toBeLessThanOrEqual(0);
}

test('reflow: no horizontal scrolling at 320 px on every route, orders as cards at 640 px', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const { order, sellerOrder, seller } = await paidOrderToFulfil(page);
  const product = (await (await page.request.get('/api/products/?limit=1')).json()).results[0];
  await page.setViewportSize({ width: 320, height: 640 });
  for (const route of [
    '/',
    '/sellers',
    `/seller/${product.seller}`,
    `/product/${product.id}`,
    '/map',
    '/cart',
    '/login',
    '/register',
    '/nowhere',
  ])
    await expectNoSideways(page, route, 320);
  await page.goto('/');
  await ready(page);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'a11y-reflow-home-320.png'), fullPage: true });
  await loginAs(page, DEMO_CUSTOMER, DEMO_PASSWORD, '/');
  for (const route of [
    '/profile',
    '/shipping',
    '/payment',
    '/placeorder',
    '/customer-orders',
    `/customer-order/${order.id}`,
  ])
    await expectNoSideways(page, route, 320);
  await loginAs(page, seller, DEMO_PASSWORD, '/');
  for (const route of [
    '/mystores',
    '/mystores/add-store',
    '/myproducts',
    '/myproducts/add-product',
    '/seller-orders',
    `/seller-order/${sellerOrder.id}`,
  ])
    await expectNoSideways(page, route, 320);
  // My Products with a stock panel open.
  await page.goto('/#/myproducts');
  await ready(page);
  await page
    .getByRole('button', { name: new RegExp(`^${m('seller.products.viewStock')}`) })
    .first()
    .click();
  await settled(page);
  const extra = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect.soft(extra, 'My Products with a stock panel at 320px').toBeLessThanOrEqual(0);
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, 'a11y-reflow-myproducts-320.png'),
    fullPage: true,
  });

  // 200 % zoom of a 1280 px window: the customer's orders as cards, Details in view.
  await loginAs(page, DEMO_CUSTOMER, DEMO_PASSWORD, '/');
  await page.setViewportSize({ width: 640, height: 800 });
  await expectNoSideways(page, '/customer-orders', 640);
  const details = page.getByRole('link', { name: m('orders.list.detailsOf', { id: order.id }) });
  const box = (await details.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(640);
});
