import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, type TestUser } from '../../../test/fixtures.ts';
import { buildShop, orderPayload, type Shop } from '../../../test/order-builders.ts';
import { makeStaff, type TestStaff } from '../../../test/staff-builders.ts';
import { profiles } from '../../db/schema.ts';

let t: TestApp;
let support: TestStaff;
let admin: TestStaff;
beforeAll(async () => {
  t = await build();
  support = await makeStaff(t, ['support']);
  admin = await makeStaff(t, ['admin']);
});
afterAll(async () => {
  await t?.close();
});

const call = (who: TestUser | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });

async function paidOrder(shop: Shop, customer: TestUser) {
  const placed = await call(
    customer,
    'POST',
    '/api/orders/add/',
    orderPayload([{ product: shop.products[0]!, quantity: 2 }], {
      totalPrice: '20.00',
      totalShippingPrice: '20.00',
    }),
  );
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json() as { id: number; sellerOrder: { id: number }[] };
  expect((await call(customer, 'PUT', `/api/orders/${order.id}/pay/`)).statusCode).toBe(200);
  return order;
}

describe('support: orders', () => {
  it('finds an order by number, customer and seller, shows its whole story, and cancels a seller part with an audit entry', async () => {
    const shop = await buildShop(t.app, t.database.db);
    const customer = await registerUser(t.app);
    const order = await paidOrder(shop, customer);
    for (const search of [
      String(order.id),
      `#${order.id}`,
      customer.username,
      shop.seller.username.toUpperCase(),
    ]) {
      const res = await call(support, 'GET', `/api/admin/orders/?search=${encodeURIComponent(search)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(
        res.json().results.map((o: { id: number }) => o.id),
        search,
      ).toContain(order.id);
    }
    const none = await call(
      support,
      'GET',
      `/api/admin/orders/?search=${customer.username}&status=cancelled`,
    );
    expect(none.json()).toEqual({ results: [], count: 0, next: null });

    const detail = await call(support, 'GET', `/api/admin/orders/${order.id}/`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      id: order.id,
      status: 'paid',
      totalPrice: '40.00',
      customer_email: customer.email,
      payments: [expect.objectContaining({ amount: '40.00' })],
      seller_orders: [
        expect.objectContaining({
          id: order.sellerOrder[0]!.id,
          lines: [expect.objectContaining({ quantity: 2 })],
        }),
      ],
      stock_holds: [expect.objectContaining({ quantity: 2, released: false })],
    });

    const cancel = await call(
      support,
      'PUT',
      `/api/admin/seller-orders/${order.sellerOrder[0]!.id}/cancel/`,
      {
        reason: 'Seller cannot deliver',
      },
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().seller_orders[0].cancelReason).toBe('Seller cannot deliver');
    expect(cancel.json().refunds).toEqual([expect.objectContaining({ amount: '40.00' })]);
    const log = await call(admin, 'GET', `/api/admin/audit/?action=seller-order.cancel&staff=${support.id}`);
    expect(log.json().results).toEqual([
      expect.objectContaining({
        object: `seller-order:${order.sellerOrder[0]!.id}`,
        reason: 'Seller cannot deliver',
      }),
    ]);
    expect((await call(support, 'GET', '/api/admin/orders/999999/')).statusCode).toBe(404);
  });

  it('answers the dashboard figures', async () => {
    const res = await call(support, 'GET', '/api/admin/dashboard/');
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(
      [
        'awaiting_payment',
        'hidden_products',
        'open_reports',
        'orders_today',
        'sellers_awaiting_approval',
        'suspended_sellers',
        'to_ship',
      ].sort(),
    );
  });
});

describe('support: users', () => {
  it('finds an account and locks it: no sign-in, the token revoked, audited; unlock restores', async () => {
    const user = await registerUser(t.app);
    const found = await call(support, 'GET', `/api/admin/users/?search=${user.username}`);
    expect(found.json().results).toEqual([expect.objectContaining({ id: user.id, locked: false })]);
    expect(
      (await call(support, 'PUT', `/api/admin/users/${user.id}/lock/`, { reason: 'x' })).statusCode,
    ).toBe(404);
    const lock = await call(admin, 'PUT', `/api/admin/users/${user.id}/lock/`, { reason: 'Fraud suspected' });
    expect(lock.json()).toMatchObject({ id: user.id, locked: true });
    expect((await call(user, 'GET', '/api/users/me/')).statusCode).toBe(401);
    const login = await call(null, 'POST', '/api/users/login/', {
      username: user.username,
      password: user.password,
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().detail).toMatch(/locked/);
    await call(admin, 'PUT', `/api/admin/users/${user.id}/unlock/`, { reason: 'Cleared' });
    const again = await call(null, 'POST', '/api/users/login/', {
      username: user.username,
      password: user.password,
    });
    expect(again.statusCode).toBe(200);
    const log = await call(admin, 'GET', `/api/admin/audit/?object=user:${user.id}`);
    expect(log.json().results.map((r: { action: string }) => r.action)).toEqual(['user.unlock', 'user.lock']);
  });

  it('finds accounts by shop name, e-mail or id, filters by role, and lists one customer’s orders', async () => {
    const shop = await buildShop(t.app, t.database.db);
    const shopName = `Velo ${shop.seller.username}`;
    await t.database.db
      .update(profiles)
      .set({ displayName: shopName })
      .where(eq(profiles.userId, shop.seller.id));
    const customer = await registerUser(t.app, { status: 'CUSTOMER' });
    const ids = async (query: string) => {
      const res = await call(support, 'GET', `/api/admin/users/?limit=100&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().results.map((u: { id: number }) => u.id) as number[];
    };
    const bySeller = await call(support, 'GET', `/api/admin/users/?search=${encodeURIComponent(shopName)}`);
    expect(bySeller.json().results).toEqual([
      expect.objectContaining({ id: shop.seller.id, name: shopName, status: 'STORE_OWNER' }),
    ]);
    expect(await ids(`search=${encodeURIComponent(customer.email.toUpperCase())}`)).toContain(customer.id);
    expect(await ids(`search=${customer.id}`)).toContain(customer.id);
    const sellers = await ids(`role=STORE_OWNER&search=${shop.seller.username}`);
    expect(sellers).toEqual([shop.seller.id]);
    expect(await ids(`role=CUSTOMER&search=${shop.seller.username}`)).toEqual([]);
    expect(await ids('role=staff')).toEqual(expect.arrayContaining([support.id, admin.id]));
    expect(await ids('role=staff')).not.toContain(customer.id);
    expect((await call(support, 'GET', '/api/admin/users/?role=owner')).statusCode).toBe(400);

    const order = await paidOrder(shop, customer);
    const other = await paidOrder(shop, await registerUser(t.app));
    const mine = await call(support, 'GET', `/api/admin/orders/?customer=${customer.id}`);
    expect(mine.json().results.map((o: { id: number }) => o.id)).toEqual([order.id]);
    expect(mine.json().results.map((o: { id: number }) => o.id)).not.toContain(other.id);
  });
});
