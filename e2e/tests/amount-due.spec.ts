/**
 * Issue 31 row 1: a seller cancels their part of an unpaid two-seller order; the customer's
 * order page asks only for what remains (the other seller's items and shipping), and the test
 * payment takes that amount.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_CUSTOMER, DEMO_PASSWORD, DEMO_SELLER, loginAs } from '../support/helpers';

interface Product {
  id: number;
  price: string;
  countInStock: number;
}
interface Order {
  id: number;
  totalAmount: string;
  sellerOrder: { id: number; seller: { id: number } }[];
}

const SECOND_SELLER = 'confiserie-sonnenberg';
const ADDRESS = { address: 'Marktgasse 1', city: 'Bern', postalCode: '3011', country: 'Switzerland' };
const rappen = (price: string) => Math.round(Number(price) * 100);
const decimal = (r: number) => (r / 100).toFixed(2);
const chf = (r: number) => (r % 100 === 0 ? `CHF ${r / 100}.-` : `CHF ${(r / 100).toFixed(2)}`);

async function token(page: Page, username: string): Promise<{ access: string; id: number }> {
  const res = await page.request.post('/api/users/login/', { data: { username, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return res.json();
}

/** A product of this seller in stock, under CHF 50 (so their part pays CHF 20 shipping). */
async function productOf(page: Page, sellerId: number): Promise<Product> {
  const own = (await (await page.request.get(`/api/products/user/${sellerId}`)).json()) as Product[];
  const product = own.find((p) => p.countInStock >= 3 && Number(p.price) < 50);
  expect(product, 'a demo product in stock').toBeTruthy();
  return product!;
}

test('a part cancelled before payment leaves the order asking only for the rest', async ({ page }) => {
  const a = await token(page, DEMO_SELLER);
  const b = await token(page, SECOND_SELLER);
  const [productA, productB] = [await productOf(page, a.id), await productOf(page, b.id)];
  const customer = await token(page, DEMO_CUSTOMER);
  const placed = await page.request.post('/api/orders/add/', {
    headers: { authorization: `Bearer ${customer.access}` },
    data: {
      orderItems: [productA, productB].map((p) => ({
        id: p.id,
        quantity: 1,
        orderType: 'online',
        storeId: null,
      })),
      paymentMethod: 'PayPal',
      totalPrice: decimal(rappen(productA.price) + rappen(productB.price)),
      totalShippingPrice: '40.00',
      shippingAddress: ADDRESS,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as Order;
  const partA = order.sellerOrder.find((so) => so.seller.id === a.id)!;
  const cancelled = await page.request.put(`/api/seller-orders/${partA.id}/cancel/`, {
    headers: { authorization: `Bearer ${a.access}` },
    data: { reason: 'Ausverkauft' },
  });
  expect(cancelled.status()).toBe(200);

  const due = rappen(productB.price) + 2000;
  await loginAs(page, DEMO_CUSTOMER, DEMO_PASSWORD, `/customer-order/${order.id}`);
  await expect(page.getByTestId('order-total')).toHaveText(chf(due));
  await page.getByRole('button', { name: 'Test payment' }).click();
  await expect(page.getByTestId('order-status')).toContainText('Paid');
  await expect(page.getByTestId('order-total')).toHaveText(chf(due));
  const answer = await page.request.get(`/api/orders/${order.id}/`, {
    headers: { authorization: `Bearer ${customer.access}` },
  });
  expect(((await answer.json()) as Order).totalAmount).toBe(decimal(due));
});
