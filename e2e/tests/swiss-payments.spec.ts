/**
 * Paying the Swiss way (issue 27): a TWINT order paid through the built-in test provider from the
 * order page, and one chosen at /payment; an invoice order showing its QR-bill, amount, reference
 * and due date, paid by a camt.054 the finance staff import, then cancelled with the IBAN the
 * refund goes to; the payment screen in German. Screenshots at 1280 and 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { registerViaUi, screenshots } from '../support/helpers';
import { camt054, staffLogin } from '../support/staff';

/** The order page's "Paid on …" notice (inside main: the live region says the same words). */
const paidNotice = (page: Page) =>
  page
    .getByRole('main')
    .getByText(/Paid on/)
    .first();

async function token(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').access as string);
}

/** An order of the signed-in customer with the given method, placed through the API. */
async function placeOrder(page: Page, paymentMethod: 'TWINT' | 'Invoice'): Promise<number> {
  const headers = { authorization: `Bearer ${await token(page)}` };
  const products = (await (await page.request.get('/api/products/?offset=0&limit=48')).json()).results as {
    id: number;
    price: string;
    countInStock: number;
  }[];
  // The list is newest first: take a demo product from its far end, not one another spec just
  // created and is counting the stock of (seller.spec runs at the same time).
  const product = [...products].reverse().find((p) => p.countInStock > 2 && Number(p.price) < 50)!;
  const res = await page.request.post('/api/orders/add/', {
    headers,
    data: {
      orderItems: [{ id: product.id, quantity: 1, orderType: 'online', storeId: null }],
      paymentMethod,
      totalPrice: product.price,
      totalShippingPrice: '20.00',
      shippingAddress: {
        name: 'Anna Muster',
        address: 'Marktgasse 12',
        city: 'Bern',
        postalCode: '3011',
        country: 'Switzerland',
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

test('a TWINT order is paid from the order page through the test provider', async ({ page }) => {
  await registerViaUi(page, 'Customer');
  const id = await placeOrder(page, 'TWINT');
  await page.goto(`/#/customer-order/${id}`);
  const pay = page.getByRole('button', { name: 'Pay with TWINT' });
  await expect(pay).toBeVisible();
  await screenshots(page, 'twint-order-unpaid');
  await pay.click();
  await expect(pay).toHaveCount(0);
  await expect(paidNotice(page)).toBeVisible();
  await screenshots(page, 'twint-order-paid');
});

test('an invoice order shows its QR-bill, is paid by a camt.054 import and is refunded to an IBAN', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await registerViaUi(page, 'Customer');
  const id = await placeOrder(page, 'Invoice');
  await page.goto(`/#/customer-order/${id}`);
  const box = page.getByTestId('invoice-box');
  await expect(box.getByRole('button', { name: 'QR-bill (PDF)' })).toBeVisible();
  await expect(box.getByTestId('invoice-reference')).toHaveText(/^51( \d{5}){5}$/);
  await expect(box.getByTestId('invoice-due')).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/);
  await screenshots(page, 'invoice-order');

  // The bank's camt.054 for that reference and amount, imported by the finance staff.
  const customer = { authorization: `Bearer ${await token(page)}` };
  const order = (await (await page.request.get(`/api/orders/${id}/`, { headers: customer })).json()) as {
    qrReference: string;
    totalAmount: string;
  };
  const staff = await staffLogin(page.request);
  const imported = await page.request.post('/api/admin/bank-statements/', {
    headers: { authorization: `Bearer ${staff.access}`, 'content-type': 'application/xml' },
    data: camt054(order.qrReference, order.totalAmount),
  });
  expect(imported.status(), await imported.text()).toBe(200);
  expect((await imported.json()).booked).toEqual([
    expect.objectContaining({ orderId: id, amount: order.totalAmount }),
  ]);

  await page.reload();
  await expect(paidNotice(page)).toBeVisible();
  await expect(page.getByTestId('invoice-box')).toHaveCount(0);
  await screenshots(page, 'invoice-order-paid');

  // Cancelled: the refund goes back by bank transfer, to the account the dialog asks for.
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('IBAN').fill('CH44 3199 9123 0008 8901 2');
  await dialog.getByLabel('Account holder').fill('Anna Muster');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog.getByText(/This is a QR-IBAN/)).toBeVisible();
  await screenshots(page, 'invoice-cancel-iban');
  await dialog.getByLabel('IBAN').fill('CH93 0076 2011 6238 5295 7');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('order-status')).toHaveText('Refunded');
  await expect(page.getByTestId('bank-refunds')).toContainText('account ending 2957');
  await screenshots(page, 'invoice-order-refunded');

  // The finance staff see the refund to pay out in the back office and mark it paid out.
  const me = await (
    await page.request.get('/api/users/me/', { headers: { authorization: `Bearer ${staff.access}` } })
  ).json();
  await page.evaluate(
    ([i, u]) => {
      localStorage.setItem('userInfo', JSON.stringify(i));
      localStorage.setItem('user', JSON.stringify(u));
    },
    [staff, me],
  );
  await page.goto('/#/admin/payments');
  await page.reload();
  const line = page.getByTestId('admin-bank-refunds').locator('li', { hasText: `Order ${id}` });
  await expect(line).toContainText('CH93 0076 2011 6238 5295 7');
  await expect(line).toContainText('Anna Muster');
  await screenshots(page, 'admin-payments');
  await line.getByRole('button', { name: 'Mark paid out' }).click();
  await expect(line).toHaveCount(0);
  await page.getByLabel('Status').selectOption('paidOut');
  await expect(
    page.getByTestId('admin-bank-refunds').locator('li', { hasText: `Order ${id}` }),
  ).toContainText('paid out on');
});

test('TWINT chosen on the payment screen is paid from the order page', async ({ page }) => {
  await registerViaUi(page, 'Customer');
  const products = (await (await page.request.get('/api/products/?offset=0&limit=48')).json()).results as {
    id: number;
    price: string;
    countInStock: number;
  }[];
  // The list is newest first: take a demo product from its far end, not one another spec just
  // created and is counting the stock of (seller.spec runs at the same time).
  const product = [...products].reverse().find((p) => p.countInStock > 2 && Number(p.price) < 50)!;
  await page.goto(`/#/product/${product.id}`);
  await page.getByLabel('Order type').selectOption('online');
  await page.getByLabel('Quantity').selectOption('1');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/#\/cart$/);
  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await page.getByLabel('Recipient’s name').fill('Anna Muster');
  await page.getByLabel('Address').fill('Marktgasse 12');
  await page.getByLabel('City').fill('Bern');
  await page.getByLabel('Postal Code').fill('3011');
  await page.getByLabel('Country').fill('Schweiz');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/#\/payment$/);
  await page.getByLabel('TWINT').check();
  await screenshots(page, 'payment-screen-twint');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/#\/placeorder$/);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/#\/customer-order\/\d+$/);
  const pay = page.getByRole('button', { name: 'Pay with TWINT' });
  await expect(pay).toBeVisible();
  await pay.click();
  await expect(pay).toHaveCount(0);
  await expect(paidNotice(page)).toBeVisible();
});

test('the payment screen reads as a Swiss shop’s in German', async ({ page }) => {
  await registerViaUi(page, 'Customer');
  await placeOrder(page, 'TWINT');
  await page.evaluate(() => localStorage.setItem('locale', JSON.stringify('de-CH')));
  await page.goto('/#/payment');
  await page.reload();
  await expect(page.getByLabel('Rechnung (QR-Rechnung)')).toBeVisible();
  await expect(page.getByLabel('TWINT')).toBeVisible();
  await expect(page.getByLabel('PayPal oder Kreditkarte')).toBeChecked();
  await expect(page.getByText(/zahlbar innert 7 Tagen/)).toBeVisible();
  await screenshots(page, 'payment-screen-de');
});
