/**
 * The back office (issue 29): the demo staff member enrols a second factor with the QR code
 * and signs in, hides a product (gone from the public API at once), and finds an order by its
 * number. Screenshots at 1280 and 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_CUSTOMER, DEMO_PASSWORD, loginAs, screenshots } from '../support/helpers';
import { rememberStaffSecret } from '../support/staff';

const STAFF = 'demo-staff';

const code = (secret: string, offsetMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetMs,
  });

async function signInStaff(page: Page): Promise<void> {
  await page.goto('/#/admin');
  await page.getByLabel('Username').fill(STAFF);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await screenshots(page, 'admin-enrolment');
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  rememberStaffSecret(secret);
  await page.getByLabel('Code from your authenticator app').fill(code(secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByRole('heading', { name: 'Back office' })).toBeVisible();
}

/** A paid order of the demo customer, placed through the API. */
async function paidOrder(page: Page): Promise<number> {
  const login = await page.request.post('/api/users/login/', {
    data: { username: DEMO_CUSTOMER, password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await login.json()).access}` };
  const products = (await (await page.request.get('/api/products/?offset=0&limit=24')).json()).results as {
    id: number;
    price: string;
    countInStock: number;
  }[];
  const product = products.find((p) => p.countInStock > 2 && Number(p.price) < 50)!;
  const res = await page.request.post('/api/orders/add/', {
    headers,
    data: {
      orderItems: [{ id: product.id, quantity: 1, orderType: 'online', storeId: null }],
      paymentMethod: 'PayPal',
      totalPrice: product.price,
      totalShippingPrice: '20.00',
      shippingAddress: { address: 'Marktgasse 1', city: 'Bern', postalCode: '3011', country: 'Switzerland' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const order = (await res.json()) as { id: number };
  expect((await page.request.put(`/api/orders/${order.id}/pay/`, { headers })).ok()).toBe(true);
  return order.id;
}

test('staff enrol, hide a product and find an order in the back office', async ({ page, browser }) => {
  await signInStaff(page);
  await expect(page.getByText('Orders today')).toBeVisible();
  await screenshots(page, 'admin-dashboard');

  const products = (await (await page.request.get('/api/products/?offset=0&limit=1')).json()).results as {
    id: number;
  }[];
  const id = products[0]!.id;
  await page.getByRole('link', { name: 'Moderation' }).click();
  const productCard = page.locator('.card', { has: page.getByRole('heading', { name: 'Products' }) });
  await productCard.getByLabel('Product number').fill(String(id));
  await productCard.getByLabel('Reason').fill('Counterfeit reported by customers');
  await productCard.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByText(/is hidden\./)).toBeVisible();
  expect((await page.request.get(`/api/products/${id}/`)).status()).toBe(404);
  await screenshots(page, 'admin-moderation');
  await productCard.getByLabel('Reason').fill('Invoices checked');
  await productCard.getByRole('button', { name: 'Show again' }).click();
  await expect(page.getByText(/is visible\./)).toBeVisible();

  const orderId = await paidOrder(page);
  await page.getByRole('link', { name: 'Orders' }).click();
  await page.getByLabel('Order number, customer or seller').fill(String(orderId));
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('admin-orders').getByRole('link', { name: `#${orderId}` })).toBeVisible();
  await screenshots(page, 'admin-orders');
  await page.getByRole('link', { name: `#${orderId}` }).click();
  await expect(page.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible();
  await screenshots(page, 'admin-order');

  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByTestId('admin-audit').getByText('product.hide')).toBeVisible();

  // A customer reports the product from its page; it waits in the staff's queue.
  const customer = await (await browser.newContext()).newPage();
  await loginAs(customer, DEMO_CUSTOMER, DEMO_PASSWORD, `/product/${id}`);
  await customer.getByRole('button', { name: 'Report' }).first().click();
  await customer.getByLabel('What is wrong?').selectOption('misleading');
  await customer.getByLabel('Tell us more (optional)').fill('The photo shows another book.');
  await customer.getByRole('button', { name: 'Send report' }).click();
  await expect(customer.getByText(/moderation team will look at it/)).toBeVisible();
  await customer.context().close();
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByTestId('admin-reports').getByText('The photo shows another book.')).toBeVisible();
  await screenshots(page, 'admin-reports');
});
