/**
 * The customer's receipt and credit notes (issue 26, decision 235): VAT per line at the rate of
 * the product's category, per rate summed, shipping at the highest rate of its part; the
 * order's customer only; unpaid → 409; a refund → a credit note referencing the receipt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, type TestUser } from '../../../test/fixtures.ts';
import {
  insertProduct,
  insertStore,
  orderPayload,
  setStock,
  type TestProduct,
} from '../../../test/order-builders.ts';
import { LedgerService } from '../ledger/service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

const put = (user: TestUser, url: string) => t.app.inject({ method: 'PUT', url, headers: user.auth });
const receipt = (user: TestUser, orderId: number, accept = 'application/json') =>
  t.app.inject({ url: `/api/orders/${orderId}/receipt/`, headers: { ...user.auth, accept } });

interface Placed {
  id: number;
  sellerOrder: { id: number; onlineOrderItems: { id: number; product: number }[] }[];
}

/** Cheese (reduced) 2 × 12.50 and a pen (standard) 1 × 10.00: CHF 35 + CHF 20 shipping. */
async function placeMixed(): Promise<{
  seller: TestUser;
  customer: TestUser;
  order: Placed;
  cheese: TestProduct;
}> {
  const seller = await registerUser(t.app, { status: 'STORE_OWNER' });
  const store = await insertStore(t.database.db, seller.id);
  const cheese = await insertProduct(t.database.db, seller.id, { price: '12.50', vatRate: 'reduced' });
  const pen = await insertProduct(t.database.db, seller.id, { price: '10.00' });
  for (const p of [cheese, pen]) await setStock(t.database.db, store.id, p.id, 10);
  const customer = await registerUser(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders/add/',
    headers: { ...customer.auth, 'accept-language': 'de-CH' },
    payload: orderPayload(
      [
        { product: cheese, quantity: 2 },
        { product: pen, quantity: 1 },
      ],
      { totalPrice: '35.00', totalShippingPrice: '20.00' },
    ),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { seller, customer, order: res.json() as Placed, cheese };
}

async function pay(customer: TestUser, orderId: number) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/orders/${orderId}/pay/`,
    headers: { ...customer.auth, 'accept-language': 'de-CH' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the receipt of an order', () => {
  it('is refused while unpaid (409), hidden from anyone else (404)', async () => {
    const { customer, order } = await placeMixed();
    const unpaid = await receipt(customer, order.id);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().detail).toBe(
      `Order ${order.id} is not paid yet: its receipt is issued once it is paid.`,
    );

    await pay(customer, order.id);
    const other = await registerUser(t.app);
    expect((await receipt(other, order.id)).statusCode).toBe(404);
    expect((await receipt(other, 999_999)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/orders/${order.id}/receipt/` })).statusCode).toBe(401);
  });

  it('answers each line with its rate and the VAT per rate, shipping at the highest rate', async () => {
    const { customer, order } = await placeMixed();
    await pay(customer, order.id);
    const res = await receipt(customer, order.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      number: `R-${String(order.id).padStart(6, '0')}`,
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      seller: { name: t.config.PLATFORM_NAME, vatNumber: t.config.PLATFORM_VAT_NUMBER },
      total: '55.00',
      currency: 'CHF',
    });
    expect(
      body.lines.map((l: { quantity: number; price: string; vatRate: string }) => [
        l.quantity,
        l.price,
        l.vatRate,
      ]),
    ).toEqual([
      [2, '12.50', '2.6'],
      [1, '10.00', '8.1'],
      [1, '20.00', '8.1'],
    ]);
    expect(body.lines[2].name).toMatch(/^Versand/);
    // 25.00 at 2.6 % contains 0.63; 10.00 and 20.00 at 8.1 % contain 0.75 + 1.50.
    expect(body.vat).toEqual([
      { rate: '8.1', net: '27.75', amount: '2.25' },
      { rate: '2.6', net: '24.37', amount: '0.63' },
    ]);
  });

  it('is a PDF in the order’s language unless JSON is asked for', async () => {
    const { customer, order } = await placeMixed();
    await pay(customer, order.id);
    const res = await receipt(customer, order.id, 'application/pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-language']).toBe('de-CH');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.toString('latin1')).toContain('DejaVuSans');
  });

  it('keeps the rates frozen at placement when the seller later changes the product', async () => {
    const { seller, customer, order, cheese } = await placeMixed();
    const part = order.sellerOrder[0]!;
    const ledger = new LedgerService(t.database.db);
    await ledger.freezeTerms(t.database.db, {
      sellerOrderId: part.id,
      sellerId: seller.id,
      shippingRappen: 2000,
      lines: part.onlineOrderItems.map((item) => ({
        orderItemId: item.id,
        categoryId: 1,
        unitPriceRappen: item.product === cheese.id ? 1250 : 1000,
        quantity: item.product === cheese.id ? 2 : 1,
        vat: item.product === cheese.id ? 'reduced' : 'standard',
      })),
    });
    await pay(customer, order.id);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${cheese.id}/`,
      headers: seller.auth,
      payload: { vatRate: 'standard' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const body = (await receipt(customer, order.id)).json();
    expect(body.lines[0].vatRate).toBe('2.6');
    expect(body.vat.map((v: { rate: string }) => v.rate)).toEqual(['8.1', '2.6']);
  });
});

describe('credit notes', () => {
  it('none while nothing was refunded; a cancelled paid order gets one referencing the receipt', async () => {
    const { customer, order } = await placeMixed();
    await pay(customer, order.id);
    const list = (u: TestUser) =>
      t.app.inject({ url: `/api/orders/${order.id}/credit-notes/`, headers: u.auth });
    expect((await list(customer)).json()).toEqual([]);

    expect((await put(customer, `/api/orders/${order.id}/cancel/`)).statusCode).toBe(200);
    const notes = (await list(customer)).json();
    expect(notes).toEqual([
      {
        number: expect.stringMatching(new RegExp(`^C-${String(order.id).padStart(6, '0')}-\\d+$`)),
        receipt: `R-${String(order.id).padStart(6, '0')}`,
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        amount: '55.00',
        vat: [
          { rate: '8.1', net: '27.75', amount: '2.25' },
          { rate: '2.6', net: '24.37', amount: '0.63' },
        ],
      },
    ]);
    expect((await list(await registerUser(t.app))).statusCode).toBe(404);
  });
});
