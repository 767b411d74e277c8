import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { storeAndOnline, type Product } from '../support/a11y';
import { DEMO_CUSTOMER, DEMO_PASSWORD, loginAs, settled } from '../support/helpers';

/**
 * axe-core (WCAG 2.0/2.1 A+AA, 2.2 AA) on the cart, checkout and order routes at desktop and
 * phone width, and a purchase made with the keyboard only.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WIDTHS = [1280, 390] as const;
const ADDRESS = {
  name: 'Anna Muster',
  address: 'Marktgasse 12',
  city: 'Bern',
  postalCode: '3011',
  country: 'Schweiz',
};

interface Order {
  id: number;
  sellerOrder: { id: number; seller: { username: string } }[];
}

const rappen = (price: string) => Math.round(Number(price) * 100);

const cartLine = (p: Product, store?: Product['stocks'][number]) => ({
  id: p.id,
  brand: p.brand,
  name: p.name,
  image: p.image,
  price: p.price,
  stocks: p.stocks,
  quantity: 1,
  seller: p.username,
  sellerId: p.seller,
  orderType: store ? ('inStore' as const) : ('online' as const),
  productStock: store ? store.number : p.countInStock,
  stockId: store ? store.id : null,
  storeName: store ? store.storeName : null,
  storeId: store ? store.store : null,
});

/** An online and a pick-up product of one seller (below CHF 100 together). */
async function pickProducts(page: Page) {
  const res = await page.request.get('/api/products/?limit=100');
  const products = ((await res.json()) as { results: Product[] }).results;
  const { inStore, online } = storeAndOnline(products);
  expect(inStore, 'a demo product with stock in a store').toBeTruthy();
  expect(online, 'a second product of that seller').toBeTruthy();
  return { online: online!, inStore: inStore!, store: inStore!.stocks.find((s) => s.number > 1)! };
}

/** Places an order through the API (paid when asked); answers it. */
async function placeOrder(page: Page, token: string, lines: ReturnType<typeof cartLine>[], pay: boolean) {
  const headers = { authorization: `Bearer ${token}` };
  const items = lines.reduce((sum, l) => sum + rappen(l.price) * l.quantity, 0);
  const online = lines.some((l) => l.orderType === 'online');
  const res = await page.request.post('/api/orders/add/', {
    headers,
    data: {
      orderItems: lines,
      paymentMethod: 'PayPal',
      totalPrice: (items / 100).toFixed(2),
      totalShippingPrice: online && items < 10_000 ? '20.00' : '0.00',
      shippingAddress: online ? ADDRESS : null,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const order = (await res.json()) as Order;
  if (pay) expect((await page.request.put(`/api/orders/${order.id}/pay/`, { headers })).ok()).toBe(true);
  return order;
}

function summarize(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']) {
  return violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} :: ${n.failureSummary ?? ''}`),
  }));
}

/**
 * Zero violations, told apart so a failure says whose it is: those in the page's own content
 * (`main`, or an open dialog) and those on the whole document with the shell's header and footer.
 * One scan of the whole document gives both (a node's violation does not depend on what else is
 * scanned); the nodes inside `scope` are the content's. Soft, so one run lists every route's
 * violations.
 */
async function axe(page: Page, where: string, scope = 'main') {
  const all = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode().analyze();
  const targets = all.violations.flatMap((v) => v.nodes.map((n) => n.target));
  const inside = await page.evaluate(
    ([selectors, within]) =>
      selectors.map((target) => {
        // A node in a frame or a shadow root is named by its frame's or host's selector first.
        const first = target[0];
        const el = document.querySelector(String(Array.isArray(first) ? first[0] : first));
        return el !== null && el.closest(within) !== null;
      }),
    [targets, scope] as const,
  );
  let i = 0;
  const own = all.violations
    .map((v) => ({ ...v, nodes: v.nodes.filter(() => inside[i++]) }))
    .filter((v) => v.nodes.length > 0);
  expect.soft(summarize(own), `axe violations in ${scope} on ${where}`).toEqual([]);
  expect.soft(summarize(all.violations), `axe violations on the whole page on ${where}`).toEqual([]);
}

/** Opens the route, waits until its content has rendered (no spinner left), then runs axe. */
async function expectNoViolations(page: Page, route: string, width: number, ready?: () => Promise<void>) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await page.goto(`/#${route}`);
  await expect(page.locator('main h1, main .h1')).not.toHaveCount(0);
  await expect(page.locator('main [role="status"] .spinner-border')).toHaveCount(0);
  if (ready) await ready();
  await settled(page);
  await axe(page, `${route} at ${width}px`);
}

test.describe('accessibility of cart, checkout and order pages', () => {
  for (const width of WIDTHS) {
    test(`customer and seller routes at ${width}px`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const { online, inStore, store } = await pickProducts(page);

      // A visitor's empty cart.
      await expectNoViolations(page, '/cart', width, () =>
        expect(page.getByText('Your cart is empty')).toBeVisible(),
      );

      const info = await loginAs(page, DEMO_CUSTOMER, DEMO_PASSWORD);
      const lines = [cartLine(online), cartLine(inStore, store)];
      const unpaid = await placeOrder(page, info.access, lines, false);
      const paid = await placeOrder(page, info.access, lines, true);
      await page.evaluate(
        ([l, a]) => {
          localStorage.setItem('cartItems', JSON.stringify(l));
          localStorage.setItem('shippingAddress', JSON.stringify(a));
          localStorage.setItem('paymentMethod', JSON.stringify('PayPal'));
        },
        [lines, ADDRESS] as const,
      );
      await page.reload();

      await expectNoViolations(page, '/cart', width, async () => {
        await expect(page.getByTestId('cart-line')).toHaveCount(2);
        await expect(page.getByText('Checking prices and stock…')).toHaveCount(0);
      });
      // The clear-cart dialog.
      await page.getByRole('button', { name: 'Clear Cart' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settled(page);
      await axe(page, `the clear-cart dialog at ${width}px`, '.modal');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await expectNoViolations(page, '/shipping', width);
      // The shipping form with its error messages.
      await page.getByLabel('Address').fill('');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByText('Enter the address.')).toBeVisible();
      await axe(page, `/shipping with errors at ${width}px`);
      await expectNoViolations(page, '/payment', width);
      await expectNoViolations(page, '/placeorder', width, () =>
        expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled(),
      );
      await expectNoViolations(page, '/customer-orders', width, () =>
        expect(page.getByRole('link', { name: `Details of order ${paid.id}` })).toBeVisible(),
      );
      await expectNoViolations(page, `/customer-order/${unpaid.id}`, width, () =>
        expect(page.getByRole('button', { name: 'Test payment' })).toBeVisible(),
      );
      await expectNoViolations(page, `/customer-order/${paid.id}`, width, () =>
        expect(page.getByRole('main').getByText(/Paid on/)).toBeVisible(),
      );

      // The seller of these orders.
      const sellerOrder = paid.sellerOrder[0]!;
      await loginAs(page, sellerOrder.seller.username, DEMO_PASSWORD);
      await expectNoViolations(page, '/seller-orders', width, () =>
        expect(page.getByRole('link', { name: `Details of seller order ${sellerOrder.id}` })).toBeVisible(),
      );
      await expectNoViolations(page, `/seller-order/${sellerOrder.id}`, width, () =>
        expect(page.getByRole('button', { name: 'Mark As Sent' })).toBeEnabled(),
      );
      // The pick-up dialog, with a wrong code's message.
      await page.getByRole('button', { name: /Mark as Picked Up/ }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByLabel('Pick-up code')).toBeFocused();
      await dialog.getByRole('button', { name: 'Confirm Pick-up' }).click();
      await expect(dialog.getByText('Enter the pick-up code the customer shows you.')).toBeVisible();
      await settled(page);
      await axe(page, `the pick-up dialog at ${width}px`, '.modal');
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    });
  }
});

interface Focused {
  tag: string;
  id: string;
  type: string;
  text: string;
  href: string;
  label: string;
}

async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement & { labels?: NodeListOf<HTMLLabelElement> };
    return {
      tag: el.tagName.toLowerCase(),
      id: el.id,
      type: el.getAttribute('type') ?? '',
      text: (el.textContent ?? '').trim(),
      href: el.getAttribute('href') ?? '',
      label: el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent?.trim() ?? '',
    };
  });
}

/** Presses Tab until the focused element matches; fails after `max` presses. */
async function tabTo(page: Page, what: string, matches: (f: Focused) => boolean, max = 120) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (matches(f)) {
      // The focus is visible: the focused element draws an outline or a box shadow.
      const visible = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') || style.boxShadow !== 'none';
      });
      expect(visible, `a visible focus on ${what}`).toBe(true);
      return;
    }
  }
  throw new Error(`${what} was not reached with Tab`);
}

const button = (name: string) => (f: Focused) => f.tag === 'button' && f.text === name;
const field = (label: string) => (f: Focused) =>
  (f.tag === 'input' || f.tag === 'select') && f.label === label;

test('a customer buys a product with the keyboard only', async ({ page }) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const res = await page.request.get('/api/products/?limit=100');
  const buyable = new Set(
    ((await res.json()) as { results: Product[] }).results.filter((p) => p.countInStock > 0).map((p) => p.id),
  );

  // Home page → a product in stock.
  await page.goto('/');
  await expect(page.locator('main h1, main .h1')).not.toHaveCount(0);
  await tabTo(page, 'a product link', (f) => {
    const id = /#\/product\/(\d+)$/.exec(f.href)?.[1];
    return f.tag === 'a' && !!id && buyable.has(Number(id));
  });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/product\/\d+$/);

  // Online, quantity 1, Add to Cart.
  await tabTo(page, 'the order type select', field('Order type'));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Order type')).toHaveValue('online');
  await tabTo(page, 'the quantity select', field('Quantity'));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Quantity')).toHaveValue('1');
  await tabTo(page, 'Add to Cart', button('Add to Cart'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/cart$/);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByText('Checking prices and stock…')).toHaveCount(0);

  // Proceed → login form → shipping.
  await tabTo(page, 'Proceed To Checkout', button('Proceed To Checkout'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/login\?redirect=/);
  await tabTo(page, 'the username field', field('Username'));
  await page.keyboard.type(DEMO_CUSTOMER);
  await tabTo(page, 'the password field', field('Password'));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/shipping$/);

  // Shipping: typed field by field, sent with Enter.
  await expect(page.getByRole('heading', { name: 'Shipping', level: 1 })).toBeVisible();
  for (const [label, value] of [
    ['Recipient’s name', ADDRESS.name],
    ['Address', ADDRESS.address],
    ['City', ADDRESS.city],
    ['Postal Code', ADDRESS.postalCode],
    ['Country', ADDRESS.country],
  ] as const) {
    await tabTo(page, `the ${label} field`, field(label));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(value);
  }
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/payment$/);

  // Payment: the only method is chosen with Space, then Continue.
  await tabTo(page, 'the PayPal choice', (f) => f.tag === 'input' && f.type === 'radio');
  await page.keyboard.press('Space');
  await expect(page.getByLabel('PayPal or Credit Card')).toBeChecked();
  await tabTo(page, 'Continue', button('Continue'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/placeorder$/);

  // Place order → the order page → test payment.
  await tabTo(page, 'Place Order', button('Place Order'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/customer-order\/\d+$/);
  await expect(page.getByText('Not Paid')).toBeVisible();
  await tabTo(page, 'Test payment', button('Test payment'));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main').getByText(/Paid on/)).toBeVisible();
});
