/**
 * Issue 32, delivery rows: the recipient's name and phone in the shipping step (row 4), the
 * shipping per seller in the cart (row 5), carrier and tracking number from Mark As Sent to the
 * customer's tracking link, the seller's list by state (row 6), a cancelled order that looks
 * cancelled (row 7), and the payment at the top of an unpaid order on a phone (row 9).
 * Screenshots at 1280 and 390 px; axe on the new list, dialog and pages.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_CUSTOMER, DEMO_PASSWORD, loginAs, screenshots, settled } from '../support/helpers';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Product {
  id: number;
  brand: string;
  name: string;
  image: string | null;
  price: string;
  seller: number;
  username: string;
  sellerDetails: { name: string };
  countInStock: number;
  stocks: { id: number; number: number; store: number; storeName: string }[];
}
interface Order {
  id: number;
  sellerOrder: { id: number; pickupCode: string | null }[];
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
  seller: p.sellerDetails.name,
  sellerId: p.seller,
  orderType: store ? ('inStore' as const) : ('online' as const),
  productStock: store ? store.number : p.countInStock,
  stockId: store ? store.id : null,
  storeName: store ? store.storeName : null,
  storeId: store ? store.store : null,
});

/** An online product under CHF 50 and a pick-up product of the same seller. */
async function twoProducts(page: Page) {
  const res = await page.request.get('/api/products/?limit=100');
  const all = ((await res.json()) as { results: Product[] }).results;
  // Other specs sell, hide and edit demo products before this one runs: look for any such pair.
  const cheap = all.filter((p) => rappen(p.price) < 5_000);
  const pairs = cheap
    .filter((p) => p.stocks.some((s) => s.number > 1))
    .map((inStore) => ({
      inStore,
      online: cheap.find((p) => p.seller === inStore.seller && p.id !== inStore.id && p.countInStock > 1),
    }));
  const pair = pairs.find((candidate) => candidate.online);
  expect(pair, 'two products of one demo seller').toBeTruthy();
  const { inStore, online } = pair as { inStore: Product; online: Product };
  return { online, inStore, store: inStore.stocks.find((s) => s.number > 1)! };
}

async function axe(page: Page, what: string, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(TAGS).setLegacyMode();
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe on ${what}`,
  ).toEqual([]);
}

async function atWidths(page: Page, check: (width: number) => Promise<void>) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await settled(page);
    await check(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a parcel is labelled from the seller’s page and followed by its tracking link', async ({ page }) => {
  // A whole journey (checkout, payment, the seller's list, page and dialog, the customer's page),
  // with the accessibility checks at two widths at each step: past a minute on a slower machine.
  test.setTimeout(150_000);
  const { online } = await twoProducts(page);
  const missing = 10_000 - rappen(online.price);
  const customer = await loginAs(page, DEMO_CUSTOMER, DEMO_PASSWORD, '/');
  await page.evaluate((line) => localStorage.setItem('cartItems', JSON.stringify([line])), cartLine(online));
  await page.evaluate(() => localStorage.removeItem('shippingAddress'));
  await page.goto('/?cart#/cart');

  // Row 5: the seller group says what shipping costs and how much more makes it free.
  await expect(page.getByTestId('seller-shipping')).toHaveText('Shipping: CHF 20.-');
  await expect(page.getByTestId('seller-free-shipping-hint')).toContainText(
    `more from ${online.sellerDetails.name} and their shipping is free`,
  );
  await expect(page.getByTestId('seller-free-shipping-hint')).toContainText(
    missing % 100 === 0 ? `CHF ${missing / 100}.-` : `CHF ${(missing / 100).toFixed(2)}`,
  );
  await expect(page.getByText('Free shipping per seller from CHF 100.-')).toBeVisible();
  await expect(page.getByText('Checking prices and stock…')).toHaveCount(0);
  await screenshots(page, 'delivery-cart');

  // Row 4: the shipping step wants the recipient and takes a Swiss phone number.
  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await expect(page).toHaveURL(/#\/shipping$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter the recipient’s name.')).toBeVisible();
  await expect(page.getByLabel('Recipient’s name')).toBeFocused();
  await page.getByLabel('Recipient’s name').fill('Anna Muster');
  await page.getByLabel('Address').fill('Kramgasse 10');
  await page.getByLabel('City').fill('Bern');
  await page.getByLabel('Postal Code').fill('3011');
  await page.getByLabel('Country').fill('Schweiz');
  await page.getByLabel('Phone (optional)').fill('+49 30 1234567');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByText('Enter a Swiss phone number such as 079 123 45 67, or leave it empty.'),
  ).toBeVisible();
  await atWidths(page, (width) => axe(page, `/shipping with errors at ${width}px`));
  await page.getByLabel('Phone (optional)').fill('079 123 45 67');
  await screenshots(page, 'delivery-shipping');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/#\/payment$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/#\/placeorder$/);
  await expect(page.getByText('Recipient: Anna Muster')).toBeVisible();
  await expect(page.getByText('Phone: +41 79 123 45 67')).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/#\/customer-order\/\d+$/);
  const orderId = Number(/customer-order\/(\d+)/.exec(page.url())![1]);

  // Row 9: unpaid, the payment comes first on a phone (and stays on the right on a desktop).
  const pay = page.getByRole('button', { name: 'Test payment' });
  await expect(pay).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await pay.boundingBox();
  expect(box!.y + box!.height, 'the payment button within the first screen').toBeLessThan(844);
  await screenshots(page, 'delivery-order-unpaid');
  await page.setViewportSize({ width: 1280, height: 900 });
  await pay.click();
  await expect(page.getByRole('main').getByText(/Paid on/)).toBeVisible();
  const answer = await page.request.get(`/api/orders/${orderId}/`, {
    headers: { authorization: `Bearer ${customer.access}` },
  });
  const order = (await answer.json()) as Order;
  const soId = order.sellerOrder[0]!.id;

  // Row 6: the seller's list shows the state, the customer and what is left, filtered by state.
  await loginAs(page, online.username, DEMO_PASSWORD, '/seller-orders');
  await page.getByLabel('Show').selectOption({ label: 'To do' });
  await expect(page).toHaveURL(/state=toDo/);
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(soId), exact: true }) });
  await expect(row).toContainText('Anna Muster');
  await expect(row).toContainText('To do');
  await expect(row).toContainText('Send the parcel');
  await atWidths(page, (width) => axe(page, `/seller-orders?state=toDo at ${width}px`));
  await screenshots(page, 'delivery-seller-orders');

  // The seller's page: everything for the label, then Mark As Sent with carrier and number.
  await row.getByRole('link', { name: `Details of seller order ${soId}` }).click();
  await expect(page.getByText('Recipient: Anna Muster')).toBeVisible();
  await expect(page.getByText('Kramgasse 10, 3011 Bern, Schweiz')).toBeVisible();
  await expect(page.getByRole('link', { name: '+41 79 123 45 67' })).toHaveAttribute(
    'href',
    'tel:+41791234567',
  );
  await page.getByRole('button', { name: 'Mark As Sent' }).click();
  const dialog = page.getByRole('dialog', { name: `Mark seller order ${soId} as sent` });
  await expect(dialog.getByLabel('Carrier (optional)')).toBeFocused();
  await dialog.getByLabel('Tracking number (optional)').fill('99.60.123456.12345678');
  await dialog.getByRole('button', { name: 'Mark As Sent' }).click();
  await expect(dialog.getByText('Choose the carrier of this tracking number.')).toBeVisible();
  await settled(page);
  await atWidths(page, (width) => axe(page, `the send dialog at ${width}px`, '.modal'));
  await dialog.getByLabel('Carrier (optional)').selectOption({ label: 'Swiss Post' });
  await expect(dialog.getByText('Choose the carrier of this tracking number.')).toHaveCount(0);
  await screenshots(page, 'delivery-send-dialog');
  await dialog.getByRole('button', { name: 'Mark As Sent' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('#shipping-status')).toBeFocused();
  await expect(page.getByText('Sent with Swiss Post')).toBeVisible();
  await expect(page.getByText('Tracking number: 99.60.123456.12345678')).toBeVisible();
  await screenshots(page, 'delivery-seller-order-sent');

  // The customer follows the parcel on the carrier's page.
  await loginAs(page, DEMO_CUSTOMER, DEMO_PASSWORD, `/customer-order/${orderId}`);
  const track = page.getByRole('link', { name: /Follow the parcel on the Swiss Post website/ });
  await expect(track).toHaveAttribute(
    'href',
    'https://www.post.ch/swisspost-tracking?formattedParcelCodes=99.60.123456.12345678',
  );
  await expect(track).toHaveAttribute('target', '_blank');
  await expect(page.getByText(/Shipped on/)).toBeVisible();
  await atWidths(page, (width) => axe(page, `/customer-order (sent) at ${width}px`));
  await screenshots(page, 'delivery-customer-order-sent');
});

test('a cancelled order looks cancelled on its page and in both lists', async ({ page }) => {
  const { online, inStore, store } = await twoProducts(page);
  const info = await loginAs(page, DEMO_CUSTOMER, DEMO_PASSWORD, '/');
  const headers = { authorization: `Bearer ${info.access}` };
  const items = rappen(online.price) + rappen(inStore.price);
  const placed = await page.request.post('/api/orders/add/', {
    headers,
    data: {
      orderItems: [cartLine(online), cartLine(inStore, store)],
      paymentMethod: 'PayPal',
      totalPrice: (items / 100).toFixed(2),
      totalShippingPrice: items < 10_000 ? '20.00' : '0.00',
      shippingAddress: {
        name: 'Anna Muster',
        address: 'Kramgasse 10',
        city: 'Bern',
        postalCode: '3011',
        country: 'Schweiz',
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as Order;
  const code = order.sellerOrder[0]!.pickupCode!;
  expect((await page.request.put(`/api/orders/${order.id}/cancel/`, { headers })).ok()).toBe(true);

  await page.goto(`/?cancelled#/customer-order/${order.id}`);
  await expect(page.getByTestId('order-status')).toContainText('Cancelled');
  await expect(page.getByTestId('order-over')).toHaveText('Cancelled');
  const main = page.locator('main');
  for (const stale of ['Not Paid', 'Not Shipped', 'Not Retrieved', code])
    await expect(main, `no "${stale}" on a cancelled order`).not.toContainText(stale);
  await expect(page.getByRole('button', { name: 'Test payment' })).toHaveCount(0);
  await screenshots(page, 'delivery-cancelled-order');

  await page.goto('/#/customer-orders');
  const mine = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(order.id), exact: true }) });
  await expect(mine).toContainText('Cancelled');
  await expect(mine).not.toContainText('Not paid');
  await screenshots(page, 'delivery-cancelled-customer-list');

  await loginAs(page, online.username, DEMO_PASSWORD, '/seller-orders?state=cancelled');
  const theirs = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(order.sellerOrder[0]!.id), exact: true }) });
  await expect(theirs).toContainText('Cancelled');
  await expect(theirs).toContainText('Nothing');
  await expect(theirs.getByRole('button', { name: 'Not Paid' })).toHaveCount(0);
  await screenshots(page, 'delivery-cancelled-seller-list');
  await theirs.getByRole('link', { name: /Details of seller order/ }).click();
  await expect(page.getByText(/This part was cancelled on/)).toBeVisible();
  await expect(page.locator('main')).not.toContainText('Not Paid');
  await expect(page.getByRole('button', { name: 'Mark As Sent' })).toHaveCount(0);
  await screenshots(page, 'delivery-cancelled-seller-order');
});
