import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_CUSTOMER, loginAs } from '../support/helpers';

/**
 * Server-rendered pages (decision 210): the HTML carries the page, the same React app hydrates
 * it without fetching what it carries, without console errors and without moving anything;
 * browsing works without JavaScript; the spec's hash addresses still open the same screens.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Listed {
  id: number;
  brand: string;
  name: string;
}

/** A listed product's stock per store, as the JSON answer gives it. */
interface Stocked {
  id: number;
  stocks: { storeName: string; number: number }[];
}

async function someProduct(page: Page): Promise<Listed> {
  const list = (await (await page.request.get('/api/products/?offset=0&limit=1')).json()) as {
    results: Listed[];
  };
  return list.results[0]!;
}

/** Sums the layout shifts from the first paint on (window.__shift). */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) w.__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * What a hydrating page does wrong: console errors, requests to the products' API (the HTML
 * carries what the page shows), and layout shifts (`window.__shift`, from `watchLayoutShifts`).
 */
async function watchHydration(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  const apiCalls: string[] = [];
  page.on('request', (r) => new URL(r.url()).pathname.startsWith('/api/products') && apiCalls.push(r.url()));
  await watchLayoutShifts(page);
  return { errors, apiCalls };
}

test('a product page hydrates without a second fetch, console errors or layout shift', async ({ page }) => {
  const product = await someProduct(page);
  const { errors, apiCalls } = await watchHydration(page);

  await page.goto(`/de/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The product and its reviews came with the HTML.
  expect(apiCalls).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.01);
  expect(errors).toEqual([]);

  // Hydrated: a link navigates inside the app (no new document), by path, in the page's language.
  await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
  await page.getByRole('navigation').getByRole('link', { name: 'Verkäufer' }).click();
  await expect(page).toHaveURL(/\/de\/sellers$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
  expect(errors).toEqual([]);
});

test('a rendered page names all the code and styles its screen needs, so the app asks for nothing more (decision 321)', async ({
  page,
}) => {
  const product = await someProduct(page);
  const assets: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (/^\/assets\/.+\.(js|css)$/.test(pathname)) assets.push(pathname);
  });
  for (const address of [`/de/product/${product.id}`, '/fr/']) {
    assets.length = 0;
    const html = await (await page.request.get(address)).text();
    const named = html.match(/<meta name="mg-screen" content="([^"]+)">/)?.[1]?.split(' ') ?? [];
    expect(
      named.some((file) => file.endsWith('.js')),
      address,
    ).toBe(true);
    await page.goto(address);
    await page.waitForLoadState('networkidle');
    const unnamed = assets.filter((file) => !named.includes(file) && !html.includes(`"${file}"`));
    expect(unnamed, address).toEqual([]);
  }
});

test('the site’s icon and preview logo are PNG files (decision 321)', async ({ page }) => {
  const html = await (await page.request.get('/de/')).text();
  expect(html).toContain('<link rel="icon" type="image/png" sizes="32x32" href="/favicon-32.png" />');
  expect(html).not.toMatch(/<link rel="icon"[^>]*svg/);
  const logo = html.match(/<meta property="og:image" content="([^"]+)">/)?.[1];
  expect(logo).toMatch(/\/icon-512\.png$/);
  for (const icon of ['/favicon-32.png', '/apple-touch-icon.png', '/icon-512.png']) {
    const answer = await page.request.get(icon);
    expect(answer.status(), icon).toBe(200);
    expect(answer.headers()['content-type']).toBe('image/png');
  }
});

test('the order type’s choices and the pick-up stores show their whole text in German and French, on desktop and on a phone', async ({
  page,
}) => {
  // The longest store names of the catalogue (a seller's name and a town, two stores of one
  // seller). Other tests add products of their own, newest first: look through the whole list.
  let product: Stocked | undefined;
  let longest = 0;
  for (let offset: number | null = 0; offset !== null;) {
    const answer = (await (await page.request.get(`/api/products/?offset=${offset}`)).json()) as {
      results: Stocked[];
      next: number | null;
    };
    for (const listed of answer.results) {
      const stocked = listed.stocks.filter((s) => s.number > 0);
      const length = Math.max(0, ...stocked.map((s) => s.storeName.length));
      if (stocked.length > 1 && length > longest) [product, longest] = [listed, length];
    }
    offset = answer.next;
  }
  expect(product, 'a product in stock in two stores or more').toBeDefined();
  const stocked = product!.stocks.filter((s) => s.number > 0);
  for (const width of [992, 1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const language of ['de', 'fr']) {
      await page.goto(`/${language}/product/${product!.id}`);
      await page.waitForLoadState('networkidle');
      // A select never scrolls: each choice's text, once chosen, is cut at its padding; measure it.
      const fits = await page.locator('#order-type').evaluate((select: HTMLSelectElement) => {
        const style = getComputedStyle(select);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = style.font;
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return [...select.options].map((option) => ({
          text: option.text,
          width: Math.ceil(context.measureText(option.text).width),
          room,
        }));
      });
      for (const fit of fits)
        expect(fit.width, `${language} at ${width} px: ${fit.text}`).toBeLessThanOrEqual(fit.room);

      // The stores are choices of their own that wrap: each one is read whole, none cut or hidden.
      await page.locator('#order-type').selectOption('inStore');
      const stores = page.getByTestId('order-store').locator('.form-check');
      await expect(stores).toHaveCount(stocked.length);
      for (const store of await stores.all()) {
        await expect(store).toBeVisible();
        const cut = await store.evaluate((element) => element.scrollWidth > element.clientWidth);
        expect(cut, `${language} at ${width} px: ${await store.textContent()}`).toBe(false);
      }
      await expect(page.getByRole('radio', { name: stocked[0]!.storeName }).first()).toBeVisible();
    }
  }
});

test('a rendered home keeps the teasers and cards the server sent as it hydrates, on a phone and a desktop (decisions 322, 323)', async ({
  page,
}) => {
  const { errors } = await watchHydration(page);
  const teaserCalls: string[] = [];
  page.on('request', (r) => /\/latest-(reviews|sellers)\//.test(r.url()) && teaserCalls.push(r.url()));
  // Each element the HTML brings is marked before the app starts (a property: a resumed part sets
  // the attributes of its props); an element the app drew itself has no mark.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      for (const element of document.querySelectorAll(
        '[data-testid="product-grid"] > li, [data-testid="teasers"] li',
      ))
        (element as HTMLElement & { fromServer?: boolean }).fromServer = true;
    });
  });
  const fromServer = (selector: string) =>
    page.evaluate(
      (within) =>
        [...document.querySelectorAll(within)].filter(
          (e) => (e as HTMLElement & { fromServer?: boolean }).fromServer,
        ).length,
      selector,
    );
  const cards = page.getByTestId('product-grid').locator('> li');
  const teasers = page.getByTestId('teasers');
  for (const width of [412, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/de/');
    await page.waitForLoadState('networkidle');
    await expect(cards).toHaveCount(12);
    expect(await fromServer('[data-testid="product-grid"] > li'), `${width} px`).toBe(12);
    // The teasers are in the HTML at every width; a phone does not show them (their CSS).
    await expect(teasers).toBeVisible({ visible: width >= 768 });
    const items = await teasers.locator('li').count();
    expect(items).toBeGreaterThan(0);
    expect(await fromServer('[data-testid="teasers"] li'), `${width} px`).toBe(items);
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.01);
  }
  // What the teasers show came with the page.
  expect(teaserCalls).toEqual([]);

  // Hydrated: a card further down and a teaser open their product inside the app.
  await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
  const name = (await cards.nth(10).getByRole('heading').textContent())!;
  await cards.nth(10).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.goBack();
  const newest = teasers.getByRole('link').first();
  const teased = (await newest.textContent())!;
  await newest.click();
  await expect(page.getByRole('heading', { level: 1, name: teased })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
  expect(errors).toEqual([]);
});

test('on a phone, a card below the first screen opens its product in the app before it has scrolled into view (decision 335)', async ({
  page,
}) => {
  const { errors } = await watchHydration(page);
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/de/');
  await page.waitForLoadState('networkidle');
  const card = page.getByTestId('product-grid').locator('> li').last();
  // Far below the first screen: the card's code has not run (it hydrates when scrolled to).
  expect(await card.evaluate((li) => li.getBoundingClientRect().top > window.innerHeight * 2)).toBe(true);
  await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
  const name = (await card.getByRole('heading').textContent())!;
  // A click where the card is, without scrolling to it first (a screen reader's or a script's).
  await card.getByRole('link', { name }).evaluate((a: HTMLAnchorElement) => a.click());
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
  expect(errors).toEqual([]);
});

test('a rendered page loads and hydrates on its inlined rules; a first key brings the whole sheet, and its skip link shows (decision 338)', async ({
  page,
}) => {
  const { errors } = await watchHydration(page);
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/de/');
  // Hydrated: the server's link to the next page is the app's button now.
  await expect(page.getByRole('button', { name: 'Mehr laden' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const sheets = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[data-deferred-sheet]')].map((link) => link.media),
    );
  const parts = await sheets();
  expect(parts.length).toBeGreaterThan(1);
  // Nothing the markup lacked has shown yet: the whole sheet would only recalculate every element.
  expect(new Set(parts)).toEqual(new Set(['print']));

  await page.keyboard.press('Tab');
  expect(new Set(await sheets())).toEqual(new Set(['all']));
  // The skip link is hidden until focused: a rule the page did not inline.
  const skip = page.locator(':focus');
  await expect(skip).toHaveText(/Zum Inhalt/);
  const box = (await skip.boundingBox())!;
  expect(box.width).toBeGreaterThan(20);
  expect(box.height).toBeGreaterThan(10);
  expect(errors).toEqual([]);
});

test('a rendered page whose style sheet fails to load still hydrates on its inlined rules', async ({
  page,
}) => {
  // Every part of the sheet fails (a dropped connection, a release that replaced them): the app
  // must not wait for a part that will never load. (Chromium gives a failed part an empty sheet,
  // so it settles here either way; the HTML standard gives it none: deferred-sheet.test.ts.)
  await page.route(/\/assets\/[^/?]+\.css$/, (route) => route.abort());
  // On a slow line the app's code arrives after the parts have failed.
  await page.route(/\/assets\/[^/?]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.goto('/de/');
  // Hydrated: the server's link to the next page is the app's button now.
  await expect(page.getByRole('button', { name: 'Mehr laden' })).toBeVisible();
});

test('a later page of the list hydrates without the carousel and asks for nothing it carries', async ({
  page,
}) => {
  const { errors, apiCalls } = await watchHydration(page);

  await page.goto('/en/?offset=12');
  // (Load More is a link in the server's markup and a button once hydrated: the count says the list is there.)
  await expect(page.getByText(/^Showing 13–24 of [\d’]+ products$/)).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Hydrated, it keeps the server's title of page 2, not the first page's.
  await expect(page).toHaveTitle('Marktgasse — the Swiss marketplace · Page 2');
  // Page 2 continues the list: no carousel above it, and the app does not fetch one.
  await expect(page.getByTestId('latest-carousel')).toHaveCount(0);
  expect(apiCalls).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.01);
  expect(errors).toEqual([]);

  // The list's first page has it.
  await page.goto('/en/');
  await expect(page.getByTestId('latest-carousel')).toBeVisible();
});

test('a signed-in customer’s session shows right after the guest page hydrates, without a mismatch', async ({
  page,
}) => {
  const product = await someProduct(page);
  await loginAs(page, DEMO_CUSTOMER);
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`/de/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  // The server rendered a guest ("Anmelden"); the stored session replaces it without a mismatch.
  await expect(page.getByRole('link', { name: 'Anmelden' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('a server-rendered page shows the stored cart once hydrated and remembers its language', async ({
  page,
}) => {
  const product = await someProduct(page);
  await page.goto('/');
  // A cart left from an earlier visit, as the app stores it (spec §3 Persistence).
  await page.evaluate((p) => {
    localStorage.clear();
    const line = {
      id: p.id,
      brand: p.brand,
      name: p.name,
      image: null,
      price: '10.00',
      stocks: [],
      quantity: 3,
      seller: 'seller',
      sellerId: 1,
      orderType: 'online',
      productStock: 5,
      stockId: null,
      storeName: null,
      storeId: null,
    };
    localStorage.setItem('cartItems', JSON.stringify([line]));
  }, product);
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`/fr/product/${product.id}`);
  // The server rendered an empty cart; the stored one (3 items) follows right after hydration.
  await expect(page.getByTestId('cart-badge')).toHaveText(/3/);
  // The address's language is remembered: the bare hash address opens in French, whatever the
  // browser's languages say.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('locale'))).toBe(JSON.stringify('fr-CH'));
  await page.goto('/#/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CH');
  expect(errors).toEqual([]);
});

test('a search has its own address, server-rendered with its results, and typing one opens it', async ({
  page,
}) => {
  const product = await someProduct(page);
  const word =
    `${product.brand} ${product.name}`.split(/\s+/).find((w) => /^[A-Za-z]{4,}$/.test(w)) ?? 'Käse';
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  const searches: string[] = [];
  page.on('request', (r) => new URL(r.url()).pathname.startsWith('/api/search') && searches.push(r.url()));

  // Opened at its address: the results came with the HTML and hydrate without asking again.
  await page.goto(`/de/search?q=${encodeURIComponent(word)}`);
  await expect(page.getByTestId('search-results')).toBeVisible();
  await expect(page.locator(`a[href="/de/product/${product.id}"]`).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(searches).toEqual([]);
  expect(errors).toEqual([]);

  // Typed on the home page: the results open at the search's address; the field keeps its focus.
  await page.goto('/de/');
  // The app starts once the first screen has painted (decision 310); typing before that fills the
  // server's field, which the browser's own search form would send.
  await page.waitForLoadState('networkidle');
  const field = page.locator('#home-search');
  await field.fill(word);
  await expect(page).toHaveURL(new RegExp(`/de/search\\?q=${encodeURIComponent(word)}$`));
  await expect(page.getByTestId('search-results')).toBeVisible();
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(word);
  expect(errors).toEqual([]);
});

test('the hash address of a product still opens it', async ({ page }) => {
  const product = await someProduct(page);
  await page.goto(`/#/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/#/product/${product.id}$`));
});

test('the server-rendered home and product pages pass the accessibility checks', async ({ page }) => {
  const product = await someProduct(page);
  for (const url of ['/en/', `/de/product/${product.id}`]) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    const { violations } = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode().analyze();
    expect(violations.map((v) => `${url} ${v.id}: ${v.help}`)).toEqual([]);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the pages are there and browsing works by links', async ({ page }) => {
    const product = await someProduct(page);
    await page.goto('/en/');
    await page.locator(`a[href="/en/product/${product.id}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`/en/product/${product.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByTestId('product-price')).toHaveText(/^CHF \d/);

    // Load More is a link to the next page of the list.
    await page.goto('/en/');
    const firstOfPage2 = (await (await page.request.get('/api/products/?offset=12&limit=1')).json()) as {
      results: Listed[];
    };
    await page.getByRole('link', { name: 'Load More' }).click();
    await expect(page).toHaveURL(/\/en\/\?offset=12$/);
    await expect(page.locator(`a[href="/en/product/${firstOfPage2.results[0]!.id}"]`).first()).toBeVisible();
  });
});
