import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, type TestUser } from '../../../test/fixtures.ts';
import {
  buildShop,
  countOrders,
  expireHoldNow,
  insertStore,
  orderPayload,
  setStock,
  stockOf,
  type Line,
} from '../../../test/order-builders.ts';
import { ORDERS_MAX_PAGE_SIZE } from '@marktgasse/shared';
import type { Db } from '../../db/client.ts';
import { orders, outbox, payments, products, stockAllocations } from '../../db/schema.ts';
import { deliverOutbox, purgeOldMail, SENT_MAIL_KEEP_DAYS } from '../mail/delivery.ts';
import { createOrderServices, orderServicesFor } from './services.ts';
import * as placementRepo from './placement/repo.ts';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await build();
  db = t.database.db;
});
afterAll(async () => {
  await t.close();
});

const place = (user: TestUser | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders/add/',
    headers: user?.auth ?? {},
    payload: payload as object,
  });
const put = (user: TestUser, url: string, payload?: object) =>
  t.app.inject({ method: 'PUT', url, headers: user.auth, ...(payload ? { payload } : {}) });
const get = (user: TestUser, url: string) => t.app.inject({ url, headers: user.auth });

/** Places an order and answers its body; fails the test unless it is created. */
async function placeOk(
  user: TestUser,
  lines: Line[],
  totals: { totalPrice: string; totalShippingPrice: string },
) {
  const res = await place(user, orderPayload(lines, totals));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('placing an order', () => {
  it('prices shipping per seller: CHF 20 below CHF 100, free from CHF 100, nothing for pick-up only', async () => {
    const a = await buildShop(t.app, db, { prices: ['99.95'] });
    const b = await buildShop(t.app, db, { prices: ['100.00'] });
    const c = await buildShop(t.app, db, { prices: ['5.00'] });
    const customer = await registerUser(t.app);
    const lines: Line[] = [
      { product: a.products[0]! },
      { product: b.products[0]! },
      { product: c.products[0]!, store: c.stores[0]!, quantity: 2 },
    ];
    // The client forgetting the CHF 20 of seller A is refused.
    const wrong = await place(
      customer,
      orderPayload(lines, { totalPrice: '209.95', totalShippingPrice: '0.00' }),
    );
    expect(wrong.statusCode).toBe(409);

    const order = await placeOk(customer, lines, { totalPrice: '209.95', totalShippingPrice: '20.00' });
    expect(order).toMatchObject({
      id: expect.any(Number),
      customer: { name: customer.username, email: customer.email },
      isPaid: false,
      paidAt: null,
      status: 'pending',
      paymentMethod: 'PayPal',
      totalPrice: '209.95',
      totalShippingPrice: '20.00',
      totalAmount: '229.95',
      shippingAddress: { postalCode: '8001', city: 'Zürich' },
    });
    const holdMs = new Date(order.expiresAt).getTime() - Date.now();
    expect(holdMs).toBeGreaterThan(29 * 60_000);
    expect(holdMs).toBeLessThan(31 * 60_000);

    const bySeller = new Map(order.sellerOrder.map((so: { seller: { id: number } }) => [so.seller.id, so]));
    const soA = bySeller.get(a.seller.id) as Record<string, unknown> & { onlineOrderItems: object[] };
    const soB = bySeller.get(b.seller.id) as Record<string, unknown> & { onlineOrderItems: object[] };
    const soC = bySeller.get(c.seller.id) as Record<string, unknown> & { inStoreOrderItems: object[] };
    expect(soA).toMatchObject({
      itemsPrice: '99.95',
      shippingPrice: '20.00',
      totalPrice: '119.95',
      pickupCode: null,
    });
    expect(soA.onlineOrderItems[0]).toMatchObject({
      price: '99.95',
      shippingPrice: '20.00',
      orderType: 'online',
    });
    expect(soB).toMatchObject({ itemsPrice: '100.00', shippingPrice: '0.00' });
    expect(soB.onlineOrderItems[0]).toMatchObject({ shippingPrice: '0.00' });
    expect(soC).toMatchObject({ itemsPrice: '10.00', shippingPrice: '0.00', shippingAddress: null });
    expect(soC.pickupCode).toMatch(/^[A-Z2-9]{6}$/);
    expect(soC.inStoreOrderItems[0]).toMatchObject({
      name: c.products[0]!.name,
      brand: 'Marke',
      quantity: 2,
      price: '5.00',
      orderType: 'inStore',
      store: { id: c.stores[0]!.id, name: c.stores[0]!.name, owner_name: c.seller.username, city: 'Bern' },
      details: { seller: c.seller.username, sellerId: c.seller.id },
      isRetrieved: false,
    });
    // Stock is reserved at once.
    expect(await stockOf(db, a.stores[0]!.id, a.products[0]!.id)).toBe(9);
    expect(await stockOf(db, c.stores[0]!.id, c.products[0]!.id)).toBe(8);
  });

  it('refuses tampered totals with 409 and creates and reserves nothing', async () => {
    const shop = await buildShop(t.app, db, { prices: ['30.00'] });
    const customer = await registerUser(t.app);
    const before = await countOrders(db);
    const res = await place(
      customer,
      orderPayload([{ product: shop.products[0]!, quantity: 2 }], {
        totalPrice: '0.60',
        totalShippingPrice: '20.00',
      }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/prices have changed/i);
    expect(await countOrders(db)).toBe(before);
    expect(await stockOf(db, shop.stores[0]!.id, shop.products[0]!.id)).toBe(10);
    // Numbers are accepted as well as decimal strings.
    const ok = await place(
      customer,
      orderPayload([{ product: shop.products[0]!, quantity: 2 }], { totalPrice: 60, totalShippingPrice: 20 }),
    );
    expect(ok.statusCode).toBe(201);
  });

  it('refuses what cannot be bought, with a reason', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00', '12.00'], stock: [[3], [3]] });
    const other = await buildShop(t.app, db);
    const customer = await registerUser(t.app);
    const p = shop.products[0]!;
    const totals = { totalPrice: '10.00', totalShippingPrice: '20.00' };
    const before = await countOrders(db);

    expect((await place(null, orderPayload([{ product: p }], totals))).statusCode).toBe(401);
    expect((await place(null, {})).statusCode).toBe(401);
    const empty = await place(customer, orderPayload([], { totalPrice: '0', totalShippingPrice: '0' }));
    expect(empty.statusCode).toBe(400);
    const noAddress = await place(customer, {
      ...orderPayload([{ product: p }], totals),
      shippingAddress: null,
    });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().detail).toMatch(/shipping address/i);
    const badPostcode = await place(customer, {
      ...orderPayload([{ product: p }], totals),
      shippingAddress: { address: 'A 1', city: 'Bern', postalCode: '30111', country: 'Switzerland' },
    });
    expect(badPostcode.statusCode).toBe(400);
    const zero = await place(customer, orderPayload([{ product: p, quantity: 0 }], totals));
    expect(zero.statusCode).toBe(400);
    const half = await place(customer, orderPayload([{ product: p, quantity: 1.5 }], totals));
    expect(half.statusCode).toBe(400);

    const tooMany = await place(
      customer,
      orderPayload([{ product: p, quantity: 4 }], { totalPrice: '40.00', totalShippingPrice: '20.00' }),
    );
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().detail).toContain(p.name);

    const own = await place(shop.seller, orderPayload([{ product: p }], totals));
    expect(own.statusCode).toBe(403);
    expect(own.json().detail).toBe("Seller accounts can't buy products from their own stores.");

    const unknown = await place(customer, orderPayload([{ product: { ...p, id: 999_999 } }], totals));
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().detail).toContain('999999');

    const gone = shop.products[1]!;
    await db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, gone.id));
    const deleted = await place(
      customer,
      orderPayload([{ product: gone }], { totalPrice: '12.00', totalShippingPrice: '20.00' }),
    );
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().detail).toContain(String(gone.id));

    const inStoreNoStore = await place(customer, {
      ...orderPayload([{ product: p, store: shop.stores[0]! }], {
        totalPrice: '10.00',
        totalShippingPrice: '0.00',
      }),
      orderItems: [{ id: p.id, quantity: 1, orderType: 'inStore', storeId: null }],
    });
    expect(inStoreNoStore.statusCode).toBe(400);
    const foreignStore = await place(
      customer,
      orderPayload([{ product: p, store: other.stores[0]! }], {
        totalPrice: '10.00',
        totalShippingPrice: '0.00',
      }),
    );
    expect(foreignStore.statusCode).toBe(409);
    expect(foreignStore.json().detail).toContain(p.name);

    expect(await countOrders(db)).toBe(before);
    expect(await stockOf(db, shop.stores[0]!.id, p.id)).toBe(3);
  });

  it('lets a seller buy from another seller, and takes online stock from the largest store first', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'], stock: [[4, 3]] });
    const [s1, s2] = shop.stores as [{ id: number; name: string }, { id: number; name: string }];
    const buyer = await registerUser(t.app, { status: 'STORE_OWNER' });
    const p = shop.products[0]!;
    // Same product twice: 2 picked up in the smaller store, 3 online (from the now larger one).
    await placeOk(
      buyer,
      [
        { product: p, store: s2, quantity: 2 },
        { product: p, quantity: 3 },
      ],
      {
        totalPrice: '50.00',
        totalShippingPrice: '20.00',
      },
    );
    expect(await stockOf(db, s1.id, p.id)).toBe(1);
    expect(await stockOf(db, s2.id, p.id)).toBe(1);
    // The rest is split across both stores.
    await placeOk(buyer, [{ product: p, quantity: 2 }], { totalPrice: '20.00', totalShippingPrice: '20.00' });
    expect(await stockOf(db, s1.id, p.id)).toBe(0);
    expect(await stockOf(db, s2.id, p.id)).toBe(0);
    // A store taken out of the catalogue does not ship.
    const closed = await insertStore(db, shop.seller.id, { deletedAt: new Date() });
    await setStock(db, closed.id, p.id, 5);
    const none = await place(
      buyer,
      orderPayload([{ product: p }], { totalPrice: '10.00', totalShippingPrice: '20.00' }),
    );
    expect(none.statusCode).toBe(409);
  });

  it('answers a placed order exactly as it is shown afterwards, and mails it only once paid', async () => {
    const a = await buildShop(t.app, db, {
      prices: ['12.50', '7.00'],
      stock: [
        [1, 2],
        [5, 5],
      ],
    });
    const b = await buildShop(t.app, db, { prices: ['40.00'] });
    await db
      .update(products)
      .set({ image: 'products/placed-answer.webp' })
      .where(eq(products.id, a.products[0]!.id));
    const customer = await registerUser(t.app);
    const [split, twice] = a.products as [(typeof a.products)[0], (typeof a.products)[0]];
    const placed = await placeOk(
      customer,
      [
        // 3 online from two stores (2 + 1), the same product picked up and sent, a second seller.
        { product: split, quantity: 3 },
        { product: twice, store: a.stores[1]!, quantity: 2 },
        { product: twice },
        { product: b.products[0]! },
      ],
      { totalPrice: '98.50', totalShippingPrice: '40.00' },
    );
    expect(await stockOf(db, a.stores[0]!.id, split.id)).toBe(0);
    expect(await stockOf(db, a.stores[1]!.id, split.id)).toBe(0);
    expect(await stockOf(db, a.stores[1]!.id, twice.id)).toBe(3);

    const shown = await get(customer, `/api/orders/${placed.id}/`);
    expect(shown.statusCode).toBe(200);
    expect(placed).toEqual(shown.json());
    expect((await get(customer, '/api/orders/myorders/')).json()[0]).toEqual(placed);
    expect(placed.sellerOrder).toHaveLength(2);
    const own = placed.sellerOrder.find((so: { seller: { id: number } }) => so.seller.id === a.seller.id);
    expect(own.onlineOrderItems).toHaveLength(2);
    expect(own.onlineOrderItems[0].image).toContain('placed-answer');
    expect(own.inStoreOrderItems).toEqual([
      expect.objectContaining({ quantity: 2, store: expect.objectContaining({ id: a.stores[1]!.id }) }),
    ]);

    // No e-mail at placement (decision 170): the confirmation with the lines comes with the payment.
    const mailsOf = (id: number) =>
      db
        .select()
        .from(outbox)
        .where(sql`${outbox.recipient} = ${customer.email} and ${outbox.body} like ${`%order #${id}%`}`);
    expect(await mailsOf(placed.id)).toEqual([]);
    expect((await put(customer, `/api/orders/${placed.id}/pay/`)).statusCode).toBe(200);
    const paidMail = (await mailsOf(placed.id)).find((m) => /payment received/.test(m.subject));
    expect(paidMail?.body).toContain(`3 × ${split.name}`);
    expect(paidMail?.body).toContain('Total: CHF 138.50');
    expect(paidMail?.body).toContain(`/api/orders/${placed.id}/receipt/`);
  });

  it('sells the last 5 units to exactly 5 of 50 concurrent customers', async () => {
    const shop = await buildShop(t.app, db, { prices: ['25.00'], stock: [[3, 2]] });
    const p = shop.products[0]!;
    const customers = await Promise.all(Array.from({ length: 50 }, () => registerUser(t.app)));
    const before = await countOrders(db);
    const results = await Promise.all(
      customers.map((c) =>
        place(c, orderPayload([{ product: p }], { totalPrice: '25.00', totalShippingPrice: '20.00' })),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(45);
    expect(results.find((r) => r.statusCode === 409)!.json().detail).toContain(p.name);
    expect(await countOrders(db)).toBe(before + 5);
    expect(await stockOf(db, shop.stores[0]!.id, p.id)).toBe(0);
    expect(await stockOf(db, shop.stores[1]!.id, p.id)).toBe(0);
  });
});

describe('hold and expiry', () => {
  it('returns the stock of an unpaid order once its hold has passed, once, and refuses payment', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'], stock: [[5, 1]] });
    const p = shop.products[0]!;
    const customer = await registerUser(t.app);
    const order = await placeOk(
      customer,
      [
        { product: p, quantity: 3 },
        { product: p, store: shop.stores[1]! },
      ],
      {
        totalPrice: '40.00',
        totalShippingPrice: '20.00',
      },
    );
    expect(await stockOf(db, shop.stores[0]!.id, p.id)).toBe(2);
    expect(await stockOf(db, shop.stores[1]!.id, p.id)).toBe(0);

    const service = orderServicesFor(t.app.ctx).holds;
    await service.sweepExpired();
    expect(await stockOf(db, shop.stores[0]!.id, p.id)).toBe(2); // still on hold

    await expireHoldNow(db, order.id);
    expect(await service.sweepExpired()).toBeGreaterThanOrEqual(1);
    expect(await stockOf(db, shop.stores[0]!.id, p.id)).toBe(5);
    expect(await stockOf(db, shop.stores[1]!.id, p.id)).toBe(1);
    // Idempotent: two more sweeps (as from two processes) return nothing twice.
    await Promise.all([service.sweepExpired(), service.sweepExpired()]);
    expect(await stockOf(db, shop.stores[0]!.id, p.id)).toBe(5);

    expect((await get(customer, `/api/orders/${order.id}/`)).json().status).toBe('expired');
    const pay = await put(customer, `/api/orders/${order.id}/pay/`);
    expect(pay.statusCode).toBe(409);
    expect(pay.json().detail).toMatch(/expired/);
    // The seller never sees an order that expired.
    const sellerList = (await get(shop.seller, '/api/seller-orders/myorders/')).json();
    expect(sellerList.map((so: { order: { id: number } }) => so.order.id)).not.toContain(order.id);
  });

  it('gives expired holds back while other checkouts take the same rows, and every unit is counted once', async () => {
    const shop = await buildShop(t.app, db, { prices: ['5.00'], stock: [[6, 6]] });
    const p = shop.products[0]!;
    const [s1, s2] = shop.stores as [{ id: number; name: string }, { id: number; name: string }];
    const buy = (customer: TestUser) =>
      place(
        customer,
        orderPayload([{ product: p, quantity: 2 }], { totalPrice: '10.00', totalShippingPrice: '20.00' }),
      );
    const early = await Promise.all(Array.from({ length: 4 }, () => registerUser(t.app)));
    const held = [];
    for (const customer of early)
      held.push(
        (
          await placeOk(customer, [{ product: p, quantity: 2 }], {
            totalPrice: '10.00',
            totalShippingPrice: '20.00',
          })
        ).id,
      );
    for (const id of held) await expireHoldNow(db, id);
    expect((await stockOf(db, s1.id, p.id))! + (await stockOf(db, s2.id, p.id))!).toBe(4);

    // The sweep returns 8 units while 10 customers race for 2 units each.
    const late = await Promise.all(Array.from({ length: 10 }, () => registerUser(t.app)));
    const [swept, ...answers] = await Promise.all([
      orderServicesFor(t.app.ctx).holds.sweepExpired(),
      ...late.map((c) => buy(c)),
    ]);
    expect(swept).toBe(4);
    for (const res of answers) expect([201, 409], res.body).toContain(res.statusCode);
    const sold = answers.filter((r) => r.statusCode === 201).length;
    const [{ reserved }] = (await db
      .select({ reserved: sql<number>`coalesce(sum(${stockAllocations.quantity}), 0)::int` })
      .from(stockAllocations)
      .where(and(eq(stockAllocations.productId, p.id), isNull(stockAllocations.releasedAt)))) as [
      { reserved: number },
    ];
    const left = (await stockOf(db, s1.id, p.id))! + (await stockOf(db, s2.id, p.id))!;
    // Nothing lost, nothing made up: what is on the shelves plus what is held is the starting 12.
    expect(reserved).toBe(sold * 2);
    expect(left + reserved).toBe(12);
  });

  it('checks the hold again at payment time, before any sweep', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'], stock: [[2]] });
    const p = shop.products[0]!;
    const customer = await registerUser(t.app);
    const order = await placeOk(customer, [{ product: p, quantity: 2 }], {
      totalPrice: '20.00',
      totalShippingPrice: '20.00',
    });
    await expireHoldNow(db, order.id);
    const pay = await put(customer, `/api/orders/${order.id}/pay/`);
    expect(pay.statusCode).toBe(409);
    expect(await stockOf(db, shop.stores[0]!.id, p.id)).toBe(2);
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toBeUndefined();
  });
});

describe('reading, paying and fulfilling', () => {
  it('shows an order only to its customer and a seller order only to its seller', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'] });
    const otherShop = await buildShop(t.app, db);
    const customer = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const first = await placeOk(customer, [{ product: shop.products[0]! }], {
      totalPrice: '10.00',
      totalShippingPrice: '20.00',
    });
    const second = await placeOk(customer, [{ product: shop.products[0]!, store: shop.stores[0]! }], {
      totalPrice: '10.00',
      totalShippingPrice: '0.00',
    });
    const soId = first.sellerOrder[0].id;

    expect((await get(stranger, `/api/orders/${first.id}/`)).statusCode).toBe(404);
    expect((await get(shop.seller, `/api/orders/${first.id}/`)).statusCode).toBe(404);
    expect((await get(otherShop.seller, `/api/seller-orders/${soId}/`)).statusCode).toBe(404);
    expect((await get(customer, `/api/seller-orders/${soId}/`)).statusCode).toBe(404);
    expect((await get(customer, '/api/orders/abc/')).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/orders/${first.id}/` })).statusCode).toBe(401);

    const mine = (await get(customer, '/api/orders/myorders/')).json();
    expect(mine.map((o: { id: number }) => o.id)).toEqual([second.id, first.id]);
    expect((await get(stranger, '/api/orders/myorders/')).json()).toEqual([]);

    const sellerList = (await get(shop.seller, '/api/seller-orders/myorders/')).json();
    expect(sellerList.map((so: { order: { id: number } }) => so.order.id)).toEqual([second.id, first.id]);
    const sellerView = (await get(shop.seller, `/api/seller-orders/${second.sellerOrder[0].id}/`)).json();
    expect(sellerView).toMatchObject({
      customer: { username: customer.username, email: customer.email },
      order: { id: second.id, isPaid: false, paidAt: null },
      pickupCode: null,
    });
    expect(second.sellerOrder[0].pickupCode).toMatch(/^[A-Z2-9]{6}$/);
  });

  it('pays once, then lets the seller send, hand over with the pick-up code, and completes exactly once', async () => {
    const shop = await buildShop(t.app, db, { prices: ['40.00', '15.00'] });
    const otherSeller = await registerUser(t.app, { status: 'STORE_OWNER' });
    const customer = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const order = await placeOk(
      customer,
      [{ product: shop.products[0]! }, { product: shop.products[1]!, store: shop.stores[0]!, quantity: 2 }],
      { totalPrice: '70.00', totalShippingPrice: '20.00' },
    );
    const so = order.sellerOrder[0];
    const itemId = so.inStoreOrderItems[0].id;

    // Nothing moves before the customer has paid.
    expect((await put(shop.seller, `/api/seller-orders/${so.id}/send/`)).statusCode).toBe(409);
    expect((await put(shop.seller, `/api/orders/order-items/${itemId}/retrieve/`)).statusCode).toBe(409);
    expect((await put(shop.seller, `/api/seller-orders/${so.id}/complete/`)).statusCode).toBe(409);

    expect((await put(stranger, `/api/orders/${order.id}/pay/`)).statusCode).toBe(404);
    const paid = await put(customer, `/api/orders/${order.id}/pay/`);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ isPaid: true, status: 'paid', paidAt: expect.any(String) });
    const again = await put(customer, `/api/orders/${order.id}/pay/`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/already paid/);
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ provider: 'test', amountRappen: 9000, currency: 'CHF' });

    expect((await put(otherSeller, `/api/seller-orders/${so.id}/send/`)).statusCode).toBe(404);
    // Another seller's item answers exactly like a missing one: it names only the id asked for.
    const foreignItem = await put(otherSeller, `/api/orders/order-items/${itemId}/retrieve/`);
    expect(foreignItem.statusCode).toBe(404);
    expect(foreignItem.json().detail).toBe(`Order item ${itemId} was not found.`);
    const missingItem = await put(otherSeller, '/api/orders/order-items/99999999/retrieve/');
    expect(missingItem.statusCode).toBe(404);
    expect(missingItem.json().detail).toBe('Order item 99999999 was not found.');
    expect((await put(customer, `/api/seller-orders/${so.id}/complete/`)).statusCode).toBe(404);

    const sent = await put(shop.seller, `/api/seller-orders/${so.id}/send/`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ isShipped: true, shippedAt: expect.any(String), isCompleted: false });
    expect((await put(shop.seller, `/api/seller-orders/${so.id}/send/`)).statusCode).toBe(409);
    const early = await put(shop.seller, `/api/seller-orders/${so.id}/complete/`);
    expect(early.statusCode).toBe(409);

    const wrong = await put(shop.seller, `/api/orders/order-items/${itemId}/retrieve/`, { code: 'WRONG1' });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().detail).toMatch(/wrong pick-up code/i);
    const right = await put(shop.seller, `/api/orders/order-items/${itemId}/retrieve/`, {
      code: so.pickupCode.toLowerCase(),
    });
    expect(right.statusCode).toBe(200);
    const done = right.json();
    expect(done.inStoreOrderItems[0]).toMatchObject({ isRetrieved: true, retrievedAt: expect.any(String) });
    expect(done).toMatchObject({
      isCompleted: true,
      completedAt: expect.any(String),
      order: { isPaid: true },
    });
    expect((await put(shop.seller, `/api/orders/order-items/${itemId}/retrieve/`)).statusCode).toBe(409);

    // complete stays idempotent and never moves the completion time.
    const completes = await Promise.all(
      [1, 2, 3].map(() => put(shop.seller, `/api/seller-orders/${so.id}/complete/`)),
    );
    for (const res of completes) {
      expect(res.statusCode).toBe(200);
      expect(res.json().completedAt).toBe(done.completedAt);
    }
    const customerView = (await get(customer, `/api/orders/${order.id}/`)).json();
    expect(customerView.sellerOrder[0]).toMatchObject({
      isShipped: true,
      isCompleted: true,
      pickupCode: so.pickupCode,
    });
  });

  it('refuses sending a seller order that has only pick-up items', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'] });
    const customer = await registerUser(t.app);
    const order = await placeOk(customer, [{ product: shop.products[0]!, store: shop.stores[0]! }], {
      totalPrice: '10.00',
      totalShippingPrice: '0.00',
    });
    expect((await put(customer, `/api/orders/${order.id}/pay/`)).statusCode).toBe(200);
    const so = order.sellerOrder[0];
    const send = await put(shop.seller, `/api/seller-orders/${so.id}/send/`);
    expect(send.statusCode).toBe(409);
    // Picked up without a code (the code is optional), which completes the seller order.
    const res = await put(shop.seller, `/api/orders/order-items/${so.inStoreOrderItems[0].id}/retrieve/`);
    expect(res.statusCode).toBe(200);
    expect(res.json().isCompleted).toBe(true);
  });

  it('turns 20 concurrent pay calls into one payment', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'] });
    const customer = await registerUser(t.app);
    const order = await placeOk(customer, [{ product: shop.products[0]! }], {
      totalPrice: '10.00',
      totalShippingPrice: '20.00',
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => put(customer, `/api/orders/${order.id}/pay/`)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const rows = await db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses test payments in production', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'] });
    const customer = await registerUser(t.app);
    const order = await placeOk(customer, [{ product: shop.products[0]! }], {
      totalPrice: '10.00',
      totalShippingPrice: '20.00',
    });
    const production = createOrderServices({
      ...t.app.ctx,
      config: { ...t.app.ctx.config, NODE_ENV: 'production' },
    });
    const caller = {
      id: customer.id,
      username: customer.username,
      email: customer.email,
      isStaff: false,
      role: 'CUSTOMER' as const,
      profileId: null,
      tokenVersion: 0,
    };
    await expect(production.payment.pay(caller, order.id, undefined)).rejects.toMatchObject({ status: 403 });
    expect((await get(customer, `/api/orders/${order.id}/`)).json().isPaid).toBe(false);
  });

  it('answers the payment configuration', async () => {
    const res = await t.app.inject({ url: '/api/orders/payment-config/' });
    expect(res.json()).toEqual({ provider: 'test', clientId: null, currency: 'CHF' });
  });
});

describe('order lists', () => {
  /** A customer with `n` orders of one unit each, from one seller; answers their ids, oldest first. */
  async function ordersOfOneCustomer(n: number) {
    const shop = await buildShop(t.app, db, { prices: ['10.00'], stock: [[n]] });
    const customer = await registerUser(t.app);
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const order = await placeOk(customer, [{ product: shop.products[0]!, store: shop.stores[0]! }], {
        totalPrice: '10.00',
        totalShippingPrice: '0.00',
      });
      ids.push(order.id);
    }
    return { shop, customer, ids };
  }

  it('answers the spec’s plain list capped at 50, newest first, and says where the rest is', async () => {
    const { shop, customer, ids } = await ordersOfOneCustomer(ORDERS_MAX_PAGE_SIZE + 2);
    const newestFirst = [...ids].reverse();

    const plain = await get(customer, '/api/orders/myorders/');
    expect(plain.statusCode).toBe(200);
    expect(plain.json().map((o: { id: number }) => o.id)).toEqual(newestFirst.slice(0, ORDERS_MAX_PAGE_SIZE));
    expect(plain.headers['x-total-count']).toBe(String(ids.length));
    expect(plain.headers.link).toBe(
      `</api/orders/myorders/?offset=${ORDERS_MAX_PAGE_SIZE}&limit=${ORDERS_MAX_PAGE_SIZE}>; rel="next"`,
    );
    // Following the link gives the rest, in the paged shape.
    const rest = await get(customer, plain.headers.link!.toString().slice(1).split('>')[0]!);
    expect(rest.json()).toEqual({
      results: [expect.objectContaining({ id: ids[1] }), expect.objectContaining({ id: ids[0] })],
      count: ids.length,
      next: null,
    });

    const sellerPlain = await get(shop.seller, '/api/seller-orders/myorders/');
    expect(sellerPlain.json()).toHaveLength(ORDERS_MAX_PAGE_SIZE);
    expect(sellerPlain.json()[0].order.id).toBe(newestFirst[0]);
    expect(sellerPlain.headers['x-total-count']).toBe(String(ids.length));
    expect(sellerPlain.headers.link).toBe(
      `</api/seller-orders/myorders/?offset=${ORDERS_MAX_PAGE_SIZE}&limit=${ORDERS_MAX_PAGE_SIZE}>; rel="next"`,
    );
  });

  it('pages with offset and limit, and leaves out of a seller’s count the orders that expired', async () => {
    const { shop, customer, ids } = await ordersOfOneCustomer(5);
    const newestFirst = [...ids].reverse();
    const idsOf = (body: { results: { id: number }[] }) => body.results.map((o) => o.id);

    const first = (await get(customer, '/api/orders/myorders/?limit=2')).json();
    expect(first).toMatchObject({ count: 5, next: 2 });
    expect(idsOf(first)).toEqual(newestFirst.slice(0, 2));
    const last = (await get(customer, `/api/orders/myorders/?offset=${first.next + 2}&limit=2`)).json();
    expect(last).toMatchObject({ count: 5, next: null });
    expect(idsOf(last)).toEqual(newestFirst.slice(4));
    // offset alone takes the default page size.
    const fromOffset = (await get(customer, '/api/orders/myorders/?offset=1')).json();
    expect(fromOffset).toMatchObject({ count: 5, next: null });
    expect(idsOf(fromOffset)).toEqual(newestFirst.slice(1));
    // A page past the end has no row to carry the count: it is still right.
    const past = (await get(customer, '/api/orders/myorders/?offset=10&limit=2')).json();
    expect(past).toEqual({ results: [], count: 5, next: null });

    await expireHoldNow(db, ids[0]!);
    await orderServicesFor(t.app.ctx).holds.sweepExpired();
    const sellerPage = (await get(shop.seller, '/api/seller-orders/myorders/?offset=0&limit=3')).json();
    expect(sellerPage).toMatchObject({ count: 4, next: 3 });
    expect(sellerPage.results.map((so: { order: { id: number } }) => so.order.id)).toEqual(
      newestFirst.slice(0, 3),
    );
    const sellerPlain = await get(shop.seller, '/api/seller-orders/myorders/');
    expect(sellerPlain.json()).toHaveLength(4);
    expect(sellerPlain.headers['x-total-count']).toBe('4');
    expect(sellerPlain.headers.link).toBeUndefined();
    // The customer still sees the expired order.
    expect((await get(customer, '/api/orders/myorders/?limit=50')).json().count).toBe(5);

    // Nobody else's orders appear, not even as a count.
    const stranger = await registerUser(t.app);
    expect((await get(stranger, '/api/orders/myorders/?limit=5')).json()).toEqual({
      results: [],
      count: 0,
      next: null,
    });
  });

  it('refuses paging parameters out of range with a clear 400', async () => {
    const customer = await registerUser(t.app);
    for (const query of [
      'limit=0',
      `limit=${ORDERS_MAX_PAGE_SIZE + 1}`,
      'offset=-1',
      'offset=abc',
      'limit=1.5',
    ]) {
      for (const list of ['/api/orders/myorders/', '/api/seller-orders/myorders/']) {
        const res = await get(customer, `${list}?${query}`);
        expect(res.statusCode, `${list}?${query}`).toBe(400);
        expect(res.json().detail, query).toMatch(/offset|limit/);
      }
    }
  });
});

describe('e-mails', () => {
  it('writes the order e-mails as .eml files, and retries a failed send without touching the order', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00'] });
    const customer = await registerUser(t.app);
    await deliverOutbox(t.app.ctx); // earlier tests' mail out of the way
    const order = await placeOk(customer, [{ product: shop.products[0]!, store: shop.stores[0]! }], {
      totalPrice: '10.00',
      totalShippingPrice: '0.00',
    });
    expect((await put(customer, `/api/orders/${order.id}/pay/`)).statusCode).toBe(200);
    const pending = await db
      .select()
      .from(outbox)
      .where(sql`${outbox.sentAt} is null`);
    // Payment received (with the lines) and ready for pick-up; nothing was sent at placement.
    expect(pending.map((m) => m.recipient).sort()).toEqual(
      [customer.email, customer.email, shop.seller.email].sort(),
    );

    // SMTP down: the send fails, is counted and rescheduled, and the order stays paid.
    const config = t.app.ctx.config;
    config.SMTP_URL = 'smtp://127.0.0.1:9';
    try {
      expect(await deliverOutbox(t.app.ctx)).toBe(0);
    } finally {
      config.SMTP_URL = undefined;
    }
    const failed = await db
      .select()
      .from(outbox)
      .where(sql`${outbox.sentAt} is null`);
    expect(failed.length).toBe(3);
    for (const m of failed) {
      expect(m.attempts).toBe(1);
      expect(m.lastError).toBeTruthy();
      expect(m.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    }
    expect((await get(customer, `/api/orders/${order.id}/`)).json().isPaid).toBe(true);

    await db
      .update(outbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(sql`${outbox.sentAt} is null`);
    expect(await deliverOutbox(t.app.ctx)).toBe(3);
    expect(await deliverOutbox(t.app.ctx)).toBe(0);
    const dir = path.join(t.config.dataDir, 'outbox');
    const files = await Promise.all((await readdir(dir)).map((f) => readFile(path.join(dir, f), 'utf8')));
    const code = order.sellerOrder[0].pickupCode as string;
    const pickup = files.find((f) => f.includes(code) && f.includes(`To: ${customer.email}`));
    expect(pickup).toBeDefined();
    expect(files.some((f) => f.includes(`To: ${shop.seller.email}`) && /new paid order/i.test(f))).toBe(true);
    expect(files.some((f) => f.includes(`To: ${customer.email}`) && /payment received/i.test(f))).toBe(true);
  });

  it('forgets e-mails sent longer ago than the keeping period, and keeps unsent and recent ones', async () => {
    await deliverOutbox(t.app.ctx);
    const days = (n: number) => sql`now() - make_interval(days => ${n})`;
    const rows = await db
      .insert(outbox)
      .values([
        { recipient: 'old@example.ch', subject: 'old', body: 'x', sentAt: days(SENT_MAIL_KEEP_DAYS + 1) },
        {
          recipient: 'recent@example.ch',
          subject: 'recent',
          body: 'x',
          sentAt: days(SENT_MAIL_KEEP_DAYS - 1),
        },
        {
          recipient: 'unsent@example.ch',
          subject: 'unsent',
          body: 'x',
          nextAttemptAt: sql`now() + interval '1 hour'`,
        },
      ])
      .returning({ id: outbox.id, subject: outbox.subject });
    expect(await purgeOldMail(t.app.ctx)).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ subject: outbox.subject })
      .from(outbox)
      .where(
        inArray(
          outbox.id,
          rows.map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.subject).sort()).toEqual(['recent', 'unsent']);
    await db.delete(outbox).where(
      inArray(
        outbox.id,
        rows.map((r) => r.id),
      ),
    );
  });
});

describe('the order write', () => {
  /** A write of one order item per stock row as read, taking the given units from each row. */
  async function writeOf(customer: TestUser, shop: Awaited<ReturnType<typeof buildShop>>, units: number[]) {
    const read = await placementRepo.readForPlacement(
      db,
      shop.products.map((p) => p.id),
      shop.products.length,
    );
    const order = {
      id: read.ids.order,
      customerId: customer.id,
      paymentMethod: 'PayPal',
      shippingAddress: null,
      itemsRappen: 0,
      shippingRappen: 0,
      status: 'pending' as const,
      isPaid: false,
      paidAt: null,
      expiresAt: new Date(read.now.getTime() + 60_000),
      holdExtensionsLeft: 0,
      providerOrderId: null,
      payingUntil: null,
      cancelledAt: null,
      refundedRappen: 0,
      locale: null,
      createdAt: read.now,
    };
    const sellerOrder = {
      id: read.ids.sellerOrders[0]!,
      orderId: order.id,
      sellerId: shop.seller.id,
      itemsRappen: 0,
      shippingRappen: 0,
      pickupCode: null,
      isShipped: false,
      shippedAt: null,
      carrier: null,
      trackingNumber: null,
      isCompleted: false,
      completedAt: null,
      createdAt: read.now,
      expiredAt: null,
      cancelledAt: null,
      cancelReason: null,
    };
    const items = read.stocks.map((stock, i) => ({
      id: read.ids.items[i]!,
      orderId: order.id,
      sellerOrderId: sellerOrder.id,
      productId: stock.productId,
      name: 'x',
      brand: 'x',
      image: null,
      priceRappen: 1000,
      quantity: units[i]!,
      orderType: 'online' as const,
      storeId: null,
      storeName: null,
      storeOwnerName: null,
      isRetrieved: false,
      retrievedAt: null,
    }));
    const written = await placementRepo.writePlacement(db, {
      order,
      sellerOrders: [sellerOrder],
      items,
      allocations: read.stocks.map((stock, i) => ({
        orderItemId: items[i]!.id,
        storeId: stock.storeId,
        productId: stock.productId,
        quantity: units[i]!,
      })),
      takes: read.stocks.map((stock, i) => ({ stockId: stock.id, quantity: units[i]! })),
    });
    return { orderId: order.id, written };
  }

  it('writes nothing, not even the stock it could take, when one row no longer has the units', async () => {
    const shop = await buildShop(t.app, db, { prices: ['10.00', '20.00'], stock: [[5], [1]] });
    const customer = await registerUser(t.app);
    const [a, b] = shop.products as [(typeof shop.products)[number], (typeof shop.products)[number]];
    const store = shop.stores[0]!;

    const refused = await writeOf(customer, shop, [2, 2]);
    expect(refused.written).toBe(false);
    expect(await stockOf(db, store.id, a.id)).toBe(5);
    expect(await stockOf(db, store.id, b.id)).toBe(1);
    expect(await db.select().from(orders).where(eq(orders.id, refused.orderId))).toEqual([]);

    // The control: the units that are there are taken, and the order is written.
    const accepted = await writeOf(customer, shop, [2, 1]);
    expect(accepted.written).toBe(true);
    expect(await stockOf(db, store.id, a.id)).toBe(3);
    expect(await stockOf(db, store.id, b.id)).toBe(0);
    expect(await db.select().from(orders).where(eq(orders.id, accepted.orderId))).toHaveLength(1);
  });
});
