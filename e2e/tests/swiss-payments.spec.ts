/**
 * Paying the Swiss way (issue 27): a TWINT order paid through the built-in test provider from the
 * order page, an invoice order showing its QR-bill, amount and reference, and the payment screen
 * in German. Screenshots at 1280 and 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { registerViaUi, screenshots } from '../support/helpers';

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
  const product = products.find((p) => p.countInStock > 2 && Number(p.price) < 50)!;
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
  await expect(page.getByText(/Paid on/).first()).toBeVisible();
  await screenshots(page, 'twint-order-paid');
});

test('an invoice order shows its QR-bill, amount and reference; the payment screen reads Swiss', async ({
  page,
}) => {
  await registerViaUi(page, 'Customer');
  const id = await placeOrder(page, 'Invoice');
  await page.goto(`/#/customer-order/${id}`);
  const box = page.getByTestId('invoice-box');
  await expect(box.getByRole('button', { name: 'QR-bill (PDF)' })).toBeVisible();
  await expect(box.getByTestId('invoice-reference')).toHaveText(/^51( \d{5}){5}$/);
  await screenshots(page, 'invoice-order');

  await page.evaluate(() => localStorage.setItem('locale', JSON.stringify('de-CH')));
  await page.goto('/#/payment');
  await page.reload();
  await expect(page.getByLabel('Rechnung (QR-Rechnung)')).toBeVisible();
  await expect(page.getByLabel('TWINT')).toBeVisible();
  await expect(page.getByLabel('PayPal oder Kreditkarte')).toBeChecked();
  await screenshots(page, 'payment-screen-de');
});
