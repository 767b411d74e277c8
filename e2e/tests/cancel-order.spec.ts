/**
 * Cancelling (issue 17): the customer cancels an unpaid order (stock back at once) and a paid
 * one (refunded, stock back) from the order page; a seller cancels their part with a reason
 * and the customer sees it. Screenshots at 1280 and 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_CUSTOMER, DEMO_PASSWORD, loginAs, screenshots, uniqueName } from '../support/helpers';

interface Product {
  id: number;
  name: string;
  price: string;
  seller: number;
  countInStock: number;
}
interface Order {
  id: number;
  totalAmount: string;
  sellerOrder: { id: number }[];
}

const ADDRESS = { address: 'Marktgasse 1', city: 'Bern', postalCode: '3011', country: 'Switzerland' };

async function token(page: Page, username: string): Promise<{ access: string; id: number }> {
  const res = await page.request.post('/api/users/login/', { data: { username, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return res.json();
}

/**
 * A new seller's product with 2 units in their store, at CHF 120: the stock counts below are this
 * spec's alone. The demo sellers' products are bought by the specs running beside this one, and
 * none of them takes this one: they buy below CHF 100, or products with more than 2 units.
 */
async function sellerProduct(page: Page): Promise<Product & { username: string }> {
  const username = uniqueName('laden');
  const reg = await page.request.post('/api/users/registration/', {
    data: { username, email: `${username}@example.ch`, password: DEMO_PASSWORD, status: 'STORE_OWNER' },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const headers = { authorization: `Bearer ${((await reg.json()) as { access: string }).access}` };
  const store = await page.request.post('/api/stores/new/', {
    headers,
    data: {
      name: `Laden ${username}`,
      address: 'Reichsgasse 1, 7000 Chur, Switzerland',
      city: 'Chur',
      country: 'Switzerland',
      latitude: 46.85,
      longitude: 9.532,
    },
  });
  expect(store.status(), await store.text()).toBe(201);
  const tree = (await (await page.request.get('/api/products/categories/')).json()) as {
    id: number;
    subcategory: { id: number }[];
  }[];
  const created = await page.request.post('/api/products/new/', {
    headers,
    data: {
      brand: 'Storno',
      name: `Wanderstock ${username}`,
      price: '120.00',
      category: tree[0]!.id,
      subcategory: tree[0]!.subcategory[0]!.id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as Product;
  const stock = await page.request.post('/api/stocks/new/', {
    headers,
    data: { number: 2, store: ((await store.json()) as { id: number }).id, product: product.id },
  });
  expect(stock.status(), await stock.text()).toBe(201);
  return { ...product, username };
}

/** Units of the product over all stores, from the stock rows (not the cached catalogue). */
async function stockOf(page: Page, id: number): Promise<number> {
  const rows = (await (await page.request.get(`/api/stocks/product/${id}/`)).json()) as { number: number }[];
  return rows.reduce((sum, row) => sum + row.number, 0);
}

/** One unit of the product, ordered (and paid when asked) by the demo customer through the API. */
async function placeOrder(page: Page, access: string, product: Product, pay: boolean): Promise<Order> {
  const headers = { authorization: `Bearer ${access}` };
  const res = await page.request.post('/api/orders/add/', {
    headers,
    data: {
      orderItems: [{ id: product.id, quantity: 1, orderType: 'online', storeId: null }],
      paymentMethod: 'PayPal',
      totalPrice: product.price,
      totalShippingPrice: Number(product.price) >= 100 ? '0.00' : '20.00',
      shippingAddress: ADDRESS,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const order = (await res.json()) as Order;
  if (pay) expect((await page.request.put(`/api/orders/${order.id}/pay/`, { headers })).ok()).toBe(true);
  return order;
}

test.describe('cancel an order', () => {
  test('the customer cancels an unpaid and a paid order from the order page', async ({ page }) => {
    const product = await sellerProduct(page);
    const before = await stockOf(page, product.id);
    const { access } = await loginAs(page, DEMO_CUSTOMER, DEMO_PASSWORD);

    // Unpaid: cancelled, nothing charged, the unit back on sale at once.
    const unpaid = await placeOrder(page, access, product, false);
    expect(await stockOf(page, product.id)).toBe(before - 1);
    await page.goto(`/#/customer-order/${unpaid.id}`);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${unpaid.id}?` });
    await expect(dialog).toContainText('Nothing has been charged.');
    await screenshots(page, 'cancel-order-confirm');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByTestId('order-status')).toContainText('Cancelled');
    await expect(page.getByText(/This order was cancelled on/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    expect(await stockOf(page, product.id)).toBe(before);
    await screenshots(page, 'cancel-order-unpaid');

    // Paid: refunded in full, shown in the totals, the unit back.
    const paid = await placeOrder(page, access, product, true);
    await page.goto(`/#/customer-order/${paid.id}`);
    await expect(page.getByTestId('order-status')).toContainText('Paid');
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await expect(page.getByRole('dialog')).toContainText('is refunded to your original payment method');
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByTestId('order-status')).toContainText('Refunded');
    await expect(page.getByTestId('order-refunded')).toBeVisible();
    expect(await stockOf(page, product.id)).toBe(before);
    await screenshots(page, 'cancel-order-paid');
  });

  test('a seller cancels their part with a reason, and the customer reads it', async ({ page }) => {
    const product = await sellerProduct(page);
    const before = await stockOf(page, product.id);
    const customer = await token(page, DEMO_CUSTOMER);
    const order = await placeOrder(page, customer.access, product, true);
    expect(await stockOf(page, product.id)).toBe(before - 1);

    await loginAs(page, product.username, DEMO_PASSWORD, `/seller-order/${order.sellerOrder[0]!.id}`);
    await page.getByRole('button', { name: 'Cancel my part' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel seller order ${order.sellerOrder[0]!.id}?` });
    await dialog.getByRole('button', { name: 'Cancel my part' }).click();
    await expect(dialog).toContainText('Tell the customer why you cancel.');
    await dialog.getByLabel('Reason for the customer').fill('The last unit was damaged in the shop.');
    await screenshots(page, 'cancel-part-dialog');
    await dialog.getByRole('button', { name: 'Cancel my part' }).click();
    await expect(page.getByText(/This part was cancelled on/)).toBeVisible();
    await expect(page.getByText('Reason: The last unit was damaged in the shop.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark As Sent' })).toHaveCount(0);
    expect(await stockOf(page, product.id)).toBe(before);
    await screenshots(page, 'cancel-part-seller');

    await loginAs(page, DEMO_CUSTOMER, DEMO_PASSWORD, `/customer-order/${order.id}`);
    await expect(page.getByText('Reason: The last unit was damaged in the shop.')).toBeVisible();
    await expect(page.getByTestId('order-status')).toContainText('Refunded');
    await screenshots(page, 'cancel-part-customer');
  });
});
