/** Issue 32: the recipient's name and phone, the parcel's carrier and tracking, the seller's list by state. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, type TestUser } from '../../../test/fixtures.ts';
import {
  buildShop,
  countOrders,
  orderPayload,
  SHIPPING_ADDRESS,
  type Line,
  type Shop,
} from '../../../test/order-builders.ts';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await build();
  db = t.database.db;
});
afterAll(async () => {
  await t.close();
});

const inject = (
  user: TestUser,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: unknown,
  lang?: string,
) =>
  t.app.inject({
    method,
    url,
    headers: { ...user.auth, ...(lang ? { 'accept-language': lang } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const ONLINE_10 = { totalPrice: '10.00', totalShippingPrice: '20.00' };

async function placeOk(customer: TestUser, lines: Line[], address: object | null, lang?: string) {
  const payload = orderPayload(lines, ONLINE_10, address ? { shippingAddress: address } : {});
  const res = await inject(customer, 'POST', '/api/orders/add/', payload, lang);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A paid online order of one unit from `shop`; answers the seller order's id and the order's id. */
async function paidOnlineOrder(
  shop: Shop,
  customer: TestUser,
  address: object = SHIPPING_ADDRESS,
  lang?: string,
) {
  const order = await placeOk(customer, [{ product: shop.products[0]! }], address, lang);
  expect((await inject(customer, 'PUT', `/api/orders/${order.id}/pay/`)).statusCode).toBe(200);
  return { orderId: order.id as number, sellerOrderId: order.sellerOrder[0].id as number };
}

describe('the recipient on the shipping address', () => {
  it('keeps the name and the phone in Swiss form, for the customer and the seller', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'] });
    const customer = await registerUser(t.app);
    const address = { ...SHIPPING_ADDRESS, name: '  Anna Muster ', phone: '079 123 45 67' };
    const order = await placeOk(customer, [{ product: shop.products[0]! }], address);
    const expected = { ...SHIPPING_ADDRESS, name: 'Anna Muster', phone: '+41 79 123 45 67' };
    expect(order.shippingAddress).toEqual(expected);
    expect((await inject(customer, 'GET', `/api/orders/${order.id}/`)).json().shippingAddress).toEqual(
      expected,
    );
    const seller = (
      await inject(shop.seller, 'GET', `/api/seller-orders/${order.sellerOrder[0].id}/`)
    ).json();
    expect(seller.shippingAddress).toEqual(expected);
    expect(seller.customer).toEqual({
      username: customer.username,
      email: customer.email,
      name: 'Anna Muster',
    });
  });

  it('answers name and phone as null for a client that sends neither (the spec’s own)', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'] });
    const customer = await registerUser(t.app);
    const order = await placeOk(customer, [{ product: shop.products[0]! }], null);
    expect(order.shippingAddress).toEqual({ ...SHIPPING_ADDRESS, name: null, phone: null });
    const seller = (
      await inject(shop.seller, 'GET', `/api/seller-orders/${order.sellerOrder[0].id}/`)
    ).json();
    expect(seller.customer.name).toBe(customer.username);
  });

  it('accepts +41 and 0041 forms and refuses a number that is not Swiss, placing nothing', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'] });
    const customer = await registerUser(t.app);
    const plus = await placeOk(customer, [{ product: shop.products[0]! }], {
      ...SHIPPING_ADDRESS,
      phone: '0041 44 668 18 00',
    });
    expect(plus.shippingAddress.phone).toBe('+41 44 668 18 00');
    const before = await countOrders(db);
    for (const phone of ['12345', '+49 30 1234567', '079 123 45 6x', '0791234567890']) {
      const payload = orderPayload([{ product: shop.products[0]! }], ONLINE_10, {
        shippingAddress: { ...SHIPPING_ADDRESS, phone },
      });
      const res = await inject(customer, 'POST', '/api/orders/add/', payload, 'de-CH');
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().detail).toMatch(/Schweizer Telefonnummer/);
    }
    expect(await countOrders(db)).toBe(before);
  });
});

describe('sending with a carrier and a tracking number', () => {
  it('answers the carrier, the number and its tracking link to the seller and the customer', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'] });
    const customer = await registerUser(t.app);
    const { orderId, sellerOrderId } = await paidOnlineOrder(shop, customer);
    const sent = await inject(shop.seller, 'PUT', `/api/seller-orders/${sellerOrderId}/send/`, {
      carrier: 'swisspost',
      trackingNumber: ' 99.60.123456.12345678 ',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const parcel = {
      isShipped: true,
      carrier: 'swisspost',
      trackingNumber: '99.60.123456.12345678',
      trackingUrl: 'https://www.post.ch/swisspost-tracking?formattedParcelCodes=99.60.123456.12345678',
    };
    expect(sent.json()).toMatchObject(parcel);
    const mine = (await inject(customer, 'GET', `/api/orders/${orderId}/`)).json();
    expect(mine.sellerOrder[0]).toMatchObject(parcel);
  });

  it('refuses a bad tracking number or one without its carrier, and stays unsent', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'] });
    const customer = await registerUser(t.app);
    const { sellerOrderId } = await paidOnlineOrder(shop, customer);
    const url = `/api/seller-orders/${sellerOrderId}/send/`;
    const bad = [
      { carrier: 'dhl', trackingNumber: 'AB<script>' },
      { carrier: 'dhl', trackingNumber: '123' },
      { carrier: 'dhl', trackingNumber: 'X'.repeat(41) },
      { trackingNumber: '1234567890' },
      { carrier: 'pigeon', trackingNumber: '1234567890' },
    ];
    for (const body of bad) {
      const res = await inject(shop.seller, 'PUT', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    }
    const still = (await inject(shop.seller, 'GET', `/api/seller-orders/${sellerOrderId}/`)).json();
    expect(still).toMatchObject({ isShipped: false, carrier: null, trackingNumber: null, trackingUrl: null });
    const other = await inject(shop.seller, 'PUT', url, { carrier: 'other', trackingNumber: 'ab-12345' });
    expect(other.json()).toMatchObject({ carrier: 'other', trackingNumber: 'AB-12345', trackingUrl: null });
  });

  it('still takes the spec’s empty body, and e-mails the customer in their language with the link', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'] });
    const customer = await registerUser(t.app);
    const plain = await paidOnlineOrder(shop, customer);
    const empty = await inject(shop.seller, 'PUT', `/api/seller-orders/${plain.sellerOrderId}/send/`);
    expect(empty.json()).toMatchObject({ isShipped: true, carrier: null, trackingUrl: null });

    const german = await paidOnlineOrder(shop, customer, SHIPPING_ADDRESS, 'de-CH');
    await inject(shop.seller, 'PUT', `/api/seller-orders/${german.sellerOrderId}/send/`, {
      carrier: 'dpd',
      trackingNumber: '01234567890123',
    });
    const mails = await db.select().from(outbox).where(eq(outbox.recipient, customer.email));
    const shipped = mails.find(
      (m) => m.subject.includes(`#${german.orderId}`) && m.subject.includes('versandt'),
    );
    expect(shipped?.body).toContain('Sendungsnummer: 01234567890123');
    expect(shipped?.body).toContain('https://tracking.dpd.de/status/de_CH/parcel/01234567890123');
  });
});

describe('the seller’s order list by state', () => {
  it('says what is left to do and keeps only the parts in the state asked for', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'], stock: [[20]] });
    const customer = await registerUser(t.app);
    const unpaid = await placeOk(customer, [{ product: shop.products[0]! }], SHIPPING_ADDRESS);
    const cancelled = await placeOk(customer, [{ product: shop.products[0]! }], SHIPPING_ADDRESS);
    expect((await inject(customer, 'PUT', `/api/orders/${cancelled.id}/cancel/`)).statusCode).toBe(200);
    const toDo = await paidOnlineOrder(shop, customer);
    const done = await paidOnlineOrder(shop, customer);
    await inject(shop.seller, 'PUT', `/api/seller-orders/${done.sellerOrderId}/send/`);

    const list = async (query: string) => {
      const res = await inject(shop.seller, 'GET', `/api/seller-orders/myorders/${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { id: number; state: string; leftToDo: object }[];
    };
    const all = await list('');
    const byId = new Map(all.map((so) => [so.id, so]));
    expect(byId.get(unpaid.sellerOrder[0].id)).toMatchObject({
      state: 'unpaid',
      leftToDo: { send: true, pickUps: 0 },
    });
    expect(byId.get(cancelled.sellerOrder[0].id)).toMatchObject({
      state: 'cancelled',
      leftToDo: { send: false },
    });
    expect(byId.get(toDo.sellerOrderId)).toMatchObject({ state: 'toDo', leftToDo: { send: true } });
    expect(byId.get(done.sellerOrderId)).toMatchObject({ state: 'completed', leftToDo: { send: false } });

    const ids = async (state: string) => (await list(`?state=${state}`)).map((so) => so.id);
    expect(await ids('toDo')).toEqual([toDo.sellerOrderId]);
    expect(await ids('unpaid')).toEqual([unpaid.sellerOrder[0].id]);
    expect(await ids('cancelled')).toEqual([cancelled.sellerOrder[0].id]);
    expect(await ids('completed')).toEqual([done.sellerOrderId]);
    const paged = await inject(shop.seller, 'GET', '/api/seller-orders/myorders/?state=toDo&limit=5');
    expect(paged.json()).toMatchObject({ count: 1, next: null });
    expect((await inject(shop.seller, 'GET', '/api/seller-orders/myorders/?state=lost')).statusCode).toBe(
      400,
    );
  });
});
