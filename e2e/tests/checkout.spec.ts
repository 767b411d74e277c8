import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, registerViaUi, screenshots } from '../support/helpers';

interface ProductStock {
  id: number;
  number: number;
  store: number;
  storeName: string;
}
interface Product {
  id: number;
  name: string;
  price: string;
  seller: number;
  username: string;
  /** `name`: the shop name (or the username when the seller set none). */
  sellerDetails: { name: string };
  countInStock: number;
  stocks: ProductStock[];
}
interface OrderItem {
  id: number;
  orderType: 'online' | 'inStore';
}
interface SellerOrder {
  id: number;
  seller: { id: number; username: string };
  onlineOrderItems: OrderItem[];
  inStoreOrderItems: OrderItem[];
  pickupCode: string | null;
}
interface Order {
  id: number;
  isPaid: boolean;
  sellerOrder: SellerOrder[];
}

/** Dates in English are Swiss English: DD.MM.YYYY, 24-hour times. */
const DATE = String.raw`\d{2}\.\d{2}\.\d{4}`;
const TIME = String.raw`\d{1,2}:\d{2}`;

const rappen = (price: string) => Math.round(Number(price) * 100);
const chf = (r: number) =>
  r % 100 === 0
    ? `CHF ${String(r / 100).replace(/\B(?=(\d{3})+(?!\d))/g, '’')}.-`
    : `CHF ${(r / 100).toFixed(2)}`;

/**
 * From the demo catalogue: online items of two different sellers (whose own subtotal stays below
 * CHF 100, so shipping is charged for both) and a pick-up item of one of these sellers.
 */
async function pickProducts(request: APIRequestContext) {
  const res = await request.get('/api/products/?limit=100');
  expect(res.ok()).toBe(true);
  const products = ((await res.json()) as { results: Product[] }).results;
  // A pick-up item whose seller has a second product in stock: other specs create sellers with a
  // single product in a store, which come first in the list.
  const inStore = products.find(
    (p) =>
      p.stocks.some((s) => s.number > 0) &&
      rappen(p.price) < 10_000 &&
      products.some((q) => q.seller === p.seller && q.id !== p.id && q.countInStock > 0),
  );
  expect(inStore, 'a demo product with stock in a store').toBeTruthy();
  const store = inStore!.stocks.find((s) => s.number > 0)!;
  const online1 = products.find(
    (p) => p.seller === inStore!.seller && p.id !== inStore!.id && p.countInStock > 0,
  );
  const online2 = products.find(
    (p) => p.seller !== inStore!.seller && p.countInStock > 0 && rappen(p.price) < 10_000,
  );
  expect(online1, 'a second product of the pick-up seller').toBeTruthy();
  expect(online2, 'a product of another seller').toBeTruthy();
  return { online1: online1!, online2: online2!, inStore: inStore!, store };
}

async function addToCart(page: Page, product: Product, store?: ProductStock) {
  await page.goto(`/#/product/${product.id}`);
  await page.getByLabel('Order type').selectOption(store ? 'inStore' : 'online');
  if (store) await page.getByRole('group', { name: 'Store' }).locator(`#order-store-${store.store}`).check();
  await page.getByLabel('Quantity').selectOption('1');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/#\/cart$/);
}

/**
 * Switches the signed-in account. Like the shared loginAs, but the target opens with a full page
 * load, so the previous account's in-memory session never fetches the next account's pages.
 */
async function switchAccount(page: Page, username: string, password: string, to: string) {
  const info = await (await page.request.post('/api/users/login/', { data: { username, password } })).json();
  const me = await (
    await page.request.get('/api/users/me/', { headers: { authorization: `Bearer ${info.access}` } })
  ).json();
  await page.evaluate(
    ([i, u]) => {
      localStorage.setItem('userInfo', JSON.stringify(i));
      localStorage.setItem('user', JSON.stringify(u));
    },
    [info, me],
  );
  await page.goto(`/?as=${encodeURIComponent(username)}#${to}`);
}

async function readOrder(page: Page, id: number): Promise<Order> {
  return page.evaluate(async (orderId) => {
    const token = JSON.parse(localStorage.getItem('userInfo') ?? '{}').access;
    const res = await fetch(`/api/orders/${orderId}/`, { headers: { authorization: `Bearer ${token}` } });
    return res.json();
  }, id);
}

test('a customer buys online from two sellers plus a pick-up item, pays, and the sellers fulfil', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const notFound: string[] = [];
  page.on('response', (r) => r.status() === 404 && notFound.push(r.url()));
  const { online1, online2, inStore, store } = await pickProducts(page.request);
  const customer = await registerViaUi(page, 'Customer');

  // The cart, filled through the product pages.
  await addToCart(page, online1);
  await addToCart(page, online2);
  await addToCart(page, inStore, store);
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  await expect(page.getByTestId('cart-line')).toHaveCount(3);
  await expect(page.getByText(store.storeName, { exact: true })).toBeVisible();
  await expect(page.getByText('Online', { exact: true })).toHaveCount(2);
  await expect(page.getByText('Free shipping per seller from CHF 100.-')).toBeVisible();
  await expect(page.getByRole('link', { name: online2.sellerDetails.name })).toHaveAttribute(
    'href',
    `#/seller/${online2.seller}`,
  );
  await expect(page.getByTestId('cart-count')).toHaveText('3');
  await expect(page.getByText('Checking prices and stock…')).toHaveCount(0);
  await screenshots(page, 'checkout-cart');
  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();

  // Shipping: all fields required, a Swiss postal code has 4 digits.
  await expect(page).toHaveURL(/#\/shipping$/);
  await expect(page.getByRole('navigation', { name: 'Checkout steps' }).getByRole('link')).toHaveText([
    'Login',
    'Shipping',
  ]);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter the address.')).toBeVisible();
  await expect(page.getByText('Enter the recipient’s name.')).toBeVisible();
  await page.getByLabel('Recipient’s name').fill('Anna Muster');
  await page.getByLabel('Phone (optional)').fill('079 123 45 67');
  await page.getByLabel('Address').fill('Marktgasse 12');
  await page.getByLabel('City').fill('Bern');
  await page.getByLabel('Postal Code').fill('301');
  await page.getByLabel('Country').fill('Schweiz');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('A Swiss postal code has 4 digits.')).toBeVisible();
  await page.getByLabel('Postal Code').fill('3011');
  await screenshots(page, 'checkout-shipping');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Payment.
  await expect(page).toHaveURL(/#\/payment$/);
  await expect(page.getByLabel('PayPal or Credit Card')).toBeChecked();
  await screenshots(page, 'checkout-payment');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Place order: the totals follow the shipping rule (CHF 20 per seller with online items below CHF 100).
  await expect(page).toHaveURL(/#\/placeorder$/);
  const seller1Items = rappen(online1.price) + rappen(inStore.price);
  const seller2Items = rappen(online2.price);
  const shipping = (seller1Items >= 10_000 ? 0 : 2000) + (seller2Items >= 10_000 ? 0 : 2000);
  await expect(page.getByTestId('summary-sellers')).toHaveText('2');
  await expect(page.getByTestId('summary-items')).toHaveText('3');
  await expect(page.getByTestId('summary-price')).toHaveText(chf(seller1Items + seller2Items));
  await expect(page.getByTestId('summary-shipping')).toHaveText(chf(shipping));
  await expect(page.getByTestId('summary-total')).toHaveText(chf(seller1Items + seller2Items + shipping));
  await expect(page.getByText('Marktgasse 12, 3011 Bern, Schweiz')).toBeVisible();
  await expect(page.getByText(`${store.storeName} (1 product)`)).toBeVisible();
  await screenshots(page, 'checkout-place-order');
  await page.getByRole('button', { name: 'Place Order' }).click();

  // The customer's order: unpaid, held, paid with the test provider.
  await expect(page).toHaveURL(/#\/customer-order\/\d+$/);
  const orderId = Number(/customer-order\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { name: `CUSTOMER ORDER # ${orderId}` })).toBeVisible();
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  await expect(page.getByText('Not Paid')).toBeVisible();
  await expect(page.getByTestId('hold-time')).toHaveText(/Reserved for \d+ more minutes?/);
  await expect(page.getByTestId('order-total')).toHaveText(chf(seller1Items + seller2Items + shipping));
  const order = await readOrder(page, orderId);
  expect(order.sellerOrder).toHaveLength(2);
  const pickupOrder = order.sellerOrder.find((so) => so.inStoreOrderItems.length > 0)!;
  expect(pickupOrder.pickupCode).toBeTruthy();
  await expect(page.locator('.pickup-code').first()).toHaveText(pickupOrder.pickupCode!);
  await screenshots(page, 'checkout-customer-order-unpaid');
  await page.getByRole('button', { name: 'Test payment' }).click();
  await expect(page.getByRole('main').getByText(new RegExp(`Paid on ${DATE} at ${TIME}`))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Test payment' })).toHaveCount(0);
  await page.goto('/#/customer-orders');
  await expect(page.getByRole('cell', { name: String(orderId), exact: true })).toBeVisible();
  await page.getByRole('link', { name: `Details of order ${orderId}` }).click();
  await expect(page).toHaveURL(new RegExp(`#/customer-order/${orderId}$`));

  // Each seller sees the order, ships and hands over the pick-up item with the customer's code.
  for (const so of order.sellerOrder) {
    await switchAccount(page, so.seller.username, DEMO_PASSWORD, '/seller-orders');
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: String(so.id), exact: true }) });
    await expect(row).toBeVisible();
    if (so === order.sellerOrder[0]) await screenshots(page, 'checkout-seller-orders');
    await row.getByRole('link', { name: `Details of seller order ${so.id}` }).click();
    await expect(page.getByRole('heading', { name: `SELLER ORDER # ${so.id}` })).toBeVisible();
    await expect(page.getByText(`Username: ${customer.username}`)).toBeVisible();
    if (so.onlineOrderItems.length) {
      await expect(page.getByText('Marktgasse 12, 3011 Bern, Schweiz')).toBeVisible();
      await expect(page.getByText('Recipient: Anna Muster')).toBeVisible();
      await page.getByRole('button', { name: 'Mark As Sent' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Mark As Sent' }).click();
      // In the page (the live region outside main says it too).
      await expect(page.locator('main').getByText(new RegExp(`Sent on ${DATE} at ${TIME}`))).toBeVisible();
    }
    if (so.inStoreOrderItems.length) {
      await page.getByRole('button', { name: /Mark as Picked Up/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Pick-up code').fill('WRONG1');
      await dialog.getByRole('button', { name: 'Confirm Pick-up' }).click();
      await expect(dialog.getByRole('alert')).toBeVisible();
      await dialog.getByLabel('Pick-up code').fill(pickupOrder.pickupCode!);
      await dialog.getByRole('button', { name: 'Confirm Pick-up' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(
        page.locator('main').getByText(new RegExp(`Pickep up on ${DATE} at ${TIME}`)),
      ).toBeVisible();
    }
    await expect(page.getByText(/Completed on/)).toBeVisible();
    if (so.inStoreOrderItems.length) await screenshots(page, 'checkout-seller-order');
  }

  // The customer's order now shows what happened.
  await switchAccount(page, customer.username, customer.password, `/customer-order/${orderId}`);
  await expect(page.getByRole('main').getByText(/Paid on/)).toBeVisible();
  await expect(page.getByText(new RegExp(`Shipped on ${DATE}`))).toHaveCount(2);
  await expect(page.getByText(new RegExp(`Retrieved on ${DATE}`))).toBeVisible();
  await screenshots(page, 'checkout-customer-order');
  expect(notFound).toEqual([]);
  expect(errors.filter((e) => !/favicon|401|409/.test(e))).toEqual([]);
});

test('order pages send a visitor to the login and back', async ({ page }) => {
  for (const path of ['/customer-orders', '/customer-order/1', '/seller-orders', '/seller-order/1']) {
    await page.goto(`/#${path}`);
    await expect(page).toHaveURL(new RegExp(`#/login\\?redirect=${encodeURIComponent(path)}$`));
  }
});

test('an empty cart cannot check out and place order asks a visitor to log in', async ({ page }) => {
  await page.goto('/#/cart');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed To Checkout' })).toBeDisabled();
  await page.evaluate(() => localStorage.setItem('paymentMethod', JSON.stringify('PayPal')));
  // A full load (the query string differs), so the app reads the payment method from storage; a
  // hash change alone keeps the in-memory cart, whose missing method redirects to Payment first.
  await page.goto('/?load=placeorder#/placeorder');
  await expect(page.getByText('Please log in to continue.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
});
