/**
 * §7 Orders as a spec client calls them: place, pay with no payload, and the seller's
 * "(auth, empty body)" calls sent the way a widespread HTTP client sends them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type SpecServer } from './spec-client.ts';
import { buildWorld, type SpecWorld } from './spec-world.ts';

/** What an HTTP client sends when its form and JSON defaults are merged into one header. */
const MERGED = 'application/x-www-form-urlencoded, application/json';

interface OrderItem {
  id: number;
  name: string;
  image: string;
  price: string;
  quantity: number;
  orderType: 'online' | 'inStore';
  store: { name: string; owner_name: string } | null;
  details: { seller: string };
  isRetrieved: boolean;
  retrievedAt: string | null;
}
interface SellerOrder {
  id: number;
  seller: { username: string };
  customer: { username: string; email: string };
  order: { id: number; isPaid: boolean; paidAt: string | null };
  onlineOrderItems: OrderItem[];
  inStoreOrderItems: OrderItem[];
  shippingPrice: string;
  totalPrice: string;
  isShipped: boolean;
  shippedAt: string | null;
  isCompleted: boolean;
  completedAt: string | null;
  createdAt: string;
}
interface Order {
  id: number;
  customer: { name: string; email: string };
  isPaid: boolean;
  paidAt: string | null;
  totalPrice: string;
  totalShippingPrice: string;
  paymentMethod: string;
  createdAt: string;
  sellerOrder: SellerOrder[];
}

let server: SpecServer;
let world: SpecWorld;

beforeAll(async () => {
  server = await startServer();
  world = await buildWorld(server.url);
});
afterAll(async () => {
  await server?.close();
});

/** The §3 order creation payload from cart items (§3 Cart item). */
function orderPayload(lines: { product: number; quantity: number; inStore: boolean }[]) {
  const [bretzeli, messer] = world.products;
  const byId = new Map([bretzeli!, messer!].map((p) => [p.id, p]));
  const orderItems = lines.map((l) => {
    const p = byId.get(l.product)!;
    return {
      id: p.id,
      brand: 'x',
      name: p.name,
      image: null,
      price: p.price,
      stocks: [],
      quantity: l.quantity,
      seller: world.sellerName,
      sellerId: world.sellerId,
      orderType: l.inStore ? 'inStore' : 'online',
      productStock: 5,
      stockId: null,
      storeName: l.inStore ? world.store.name : null,
      storeId: l.inStore ? world.store.id : null,
    };
  });
  return orderItems;
}

async function placePaidOrder(): Promise<{ order: Order; sellerOrderId: number }> {
  const [bretzeli, messer] = world.products;
  // 2 × 4.90 online + 1 × 49.- in store: 58.80, under 100, so CHF 20 shipping for the seller.
  const placed = await world.customer.post<Order>('/api/orders/add/', {
    json: {
      orderItems: orderPayload([
        { product: bretzeli!.id, quantity: 2, inStore: false },
        { product: messer!.id, quantity: 1, inStore: true },
      ]),
      paymentMethod: 'PayPal',
      totalPrice: '58.80',
      totalShippingPrice: '20.00',
      shippingAddress: { address: 'Kramgasse 49', city: 'Bern', postalCode: '3011', country: 'Switzerland' },
    },
  });
  expect(placed.status, placed.text).toBe(201);
  // §7: "the product calls it with no payload when payment is approved".
  const paid = await world.customer.put<Order>(`/api/orders/${placed.body.id}/pay/`);
  expect(paid.status, paid.text).toBe(200);
  return { order: paid.body, sellerOrderId: paid.body.sellerOrder[0]!.id };
}

describe('placing and paying (§7 Orders)', () => {
  it('answers the created order with its id, and pay without a payload marks it paid', async () => {
    const { order } = await placePaidOrder();
    expect(typeof order.id).toBe('number');
    expect(order.isPaid).toBe(true);
    expect(typeof order.paidAt).toBe('string');
    expect(order.totalPrice).toBe('58.80');
    expect(order.totalShippingPrice).toBe('20.00');
    expect(order.customer).toEqual({ name: expect.any(String), email: expect.any(String) });
    expect(order.sellerOrder).toHaveLength(1);
    const so = order.sellerOrder[0]!;
    expect(so.seller.username).toBe(world.sellerName);
    expect(so.onlineOrderItems.map((i) => i.quantity)).toEqual([2]);
    expect(so.inStoreOrderItems[0]!.store).toMatchObject({
      name: world.store.name,
      owner_name: world.sellerName,
    });
    for (const item of [...so.onlineOrderItems, ...so.inStoreOrderItems]) {
      // Products created without an image: the item still carries an image URL.
      expect(item.image).toEqual(expect.any(String));
      expect(item.details.seller).toBe(world.sellerName);
      expect(item.isRetrieved).toBe(false);
      expect(item.retrievedAt).toBeNull();
    }
  });

  it('takes totals sent as JavaScript numbers, as the original client computes them', async () => {
    const [bretzeli] = world.products;
    const place = (totalPrice: number) =>
      world.customer.post<Order>('/api/orders/add/', {
        json: {
          orderItems: orderPayload([{ product: bretzeli!.id, quantity: 3, inStore: false }]),
          paymentMethod: 'PayPal',
          totalPrice,
          totalShippingPrice: 20,
          shippingAddress: {
            address: 'Kramgasse 49',
            city: 'Bern',
            postalCode: '3011',
            country: 'Switzerland',
          },
        },
      });
    // 3 × 4.90 in JavaScript is 14.700000000000001: read as 14.70.
    const total = 3 * Number(bretzeli!.price);
    expect(String(total)).not.toBe('14.7');
    const placed = await place(total);
    expect(placed.status, placed.text).toBe(201);
    expect(placed.body.totalPrice).toBe('14.70');
    // A third decimal is not rounding noise: still a 400 with a message.
    const off = await place(14.705);
    expect(off.status).toBe(400);
    expect(off.body).toEqual({ detail: expect.stringContaining('totalPrice') });
  });

  it('pays with {} under the merged content type too', async () => {
    const [bretzeli] = world.products;
    const placed = await world.customer.post<Order>('/api/orders/add/', {
      json: {
        orderItems: orderPayload([{ product: bretzeli!.id, quantity: 1, inStore: false }]),
        paymentMethod: 'PayPal',
        totalPrice: '4.90',
        totalShippingPrice: '20.00',
        shippingAddress: {
          address: 'Kramgasse 49',
          city: 'Bern',
          postalCode: '3011',
          country: 'Switzerland',
        },
      },
    });
    expect(placed.status, placed.text).toBe(201);
    const paid = await world.customer.call<Order>('PUT', `/api/orders/${placed.body.id}/pay/`, {
      raw: '{}',
      contentType: MERGED,
    });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.isPaid).toBe(true);
  });

  it('lists the customer’s orders and answers one by id (auth)', async () => {
    const list = await world.customer.get<Order[]>('/api/orders/myorders/');
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    const one = await world.customer.get<Order>(`/api/orders/${list.body[0]!.id}/`);
    expect(one.status).toBe(200);
    expect(one.body.createdAt.slice(0, 10)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await world.customer.anonymous().get('/api/orders/myorders/')).status).toBe(401);
  });
});

describe('the seller’s "(auth, empty body)" calls (§7)', () => {
  it('send, retrieve and complete take {} under the merged content type', async () => {
    const { sellerOrderId } = await placePaidOrder();
    const mine = await world.seller.get<SellerOrder[]>('/api/seller-orders/myorders/');
    expect(mine.status).toBe(200);
    expect(mine.body.map((so) => so.id)).toContain(sellerOrderId);

    const sent = await world.seller.call<SellerOrder>('PUT', `/api/seller-orders/${sellerOrderId}/send/`, {
      raw: '{}',
      contentType: MERGED,
    });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.isShipped).toBe(true);
    expect(sent.body.shippedAt!.slice(11, 16)).toMatch(/^\d{2}:\d{2}$/);

    const item = sent.body.inStoreOrderItems[0]!;
    const retrieved = await world.seller.call<SellerOrder>(
      'PUT',
      `/api/orders/order-items/${item.id}/retrieve/`,
      { raw: '{}', contentType: MERGED },
    );
    expect(retrieved.status, retrieved.text).toBe(200);
    expect(retrieved.body.inStoreOrderItems[0]!.isRetrieved).toBe(true);
    expect(typeof retrieved.body.inStoreOrderItems[0]!.retrievedAt).toBe('string');

    const completed = await world.seller.call<SellerOrder>(
      'PUT',
      `/api/seller-orders/${sellerOrderId}/complete/`,
      { raw: '{}', contentType: MERGED },
    );
    expect(completed.status, completed.text).toBe(200);
    expect(completed.body.isCompleted).toBe(true);
    expect(typeof completed.body.completedAt).toBe('string');
  });

  it.each([
    ['no body and no content type', undefined],
    ['an empty body declared as JSON', { raw: '', contentType: 'application/json' }],
    ['text', { raw: 'hello', contentType: 'text/plain' }],
    ['a form body', { raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' }],
    ['broken JSON', { raw: '{"', contentType: 'application/json' }],
    ['a content type that is no media type', { raw: '[]', contentType: 'nonsense' }],
  ] as const)('send, retrieve and complete answer 200 with %s', async (_label, body) => {
    const { order, sellerOrderId } = await placePaidOrder();
    const item = order.sellerOrder[0]!.inStoreOrderItems[0]!;
    for (const path of [
      `/api/seller-orders/${sellerOrderId}/send/`,
      `/api/orders/order-items/${item.id}/retrieve/`,
      `/api/seller-orders/${sellerOrderId}/complete/`,
    ]) {
      const res = await world.seller.call<SellerOrder>('PUT', path, body ? { ...body } : undefined);
      expect(res.status, `${path}: ${res.text}`).toBe(200);
      expect(res.body.id).toBe(sellerOrderId);
    }
    const after = await world.seller.get<SellerOrder>(`/api/seller-orders/${sellerOrderId}/`);
    expect(after.body).toMatchObject({ isShipped: true, isCompleted: true });
    expect(after.body.inStoreOrderItems[0]!.isRetrieved).toBe(true);
  });

  it('retrieve answers 200 with no body at all', async () => {
    const { order } = await placePaidOrder();
    const item = order.sellerOrder[0]!.inStoreOrderItems[0]!;
    const res = await world.seller.put<SellerOrder>(`/api/orders/order-items/${item.id}/retrieve/`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.inStoreOrderItems.find((i) => i.id === item.id)!.isRetrieved).toBe(true);
  });

  it('still needs the token: without one each call answers 401 and changes nothing', async () => {
    const { order, sellerOrderId } = await placePaidOrder();
    const anonymous = world.seller.anonymous();
    const item = order.sellerOrder[0]!.inStoreOrderItems[0]!;
    for (const path of [
      `/api/seller-orders/${sellerOrderId}/send/`,
      `/api/seller-orders/${sellerOrderId}/complete/`,
      `/api/orders/order-items/${item.id}/retrieve/`,
    ]) {
      const res = await anonymous.call('PUT', path, { raw: '{}', contentType: MERGED });
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual({ detail: expect.any(String) });
    }
    const after = await world.seller.get<SellerOrder>(`/api/seller-orders/${sellerOrderId}/`);
    expect(after.body.isShipped).toBe(false);
    expect(after.body.inStoreOrderItems[0]!.isRetrieved).toBe(false);
  });

  it('answers someone else’s seller order like a missing one (404)', async () => {
    const { sellerOrderId } = await placePaidOrder();
    const res = await world.customer.call('PUT', `/api/seller-orders/${sellerOrderId}/send/`, {
      raw: '{}',
      contentType: MERGED,
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });

  it('refuses a body larger than a small size (413)', async () => {
    const { sellerOrderId } = await placePaidOrder();
    const res = await world.seller.call('PUT', `/api/seller-orders/${sellerOrderId}/send/`, {
      raw: JSON.stringify({ filler: 'x'.repeat(64 * 1024) }),
      contentType: 'application/json',
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });
});
