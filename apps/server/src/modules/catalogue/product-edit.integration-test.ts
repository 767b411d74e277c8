/** Editing a product (PATCH /api/products/{id}/) and stock set with a new product (issue 17). */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { multipart, registerCustomer, registerSeller, type TestUser } from '../../../test/fixtures.ts';
import { categoryRef, createProduct, pngImage, type CategoryRef } from '../../../test/catalogue-builders.ts';
import { insertStore, SHIPPING_ADDRESS } from '../../../test/order-builders.ts';

let t: TestApp;
let seller: TestUser;
let customer: TestUser;
let cheese: CategoryRef;
let bread: CategoryRef;

beforeAll(async () => {
  t = await build();
  seller = await registerSeller(t.app);
  customer = await registerCustomer(t.app);
  cheese = await categoryRef(t.database, 0, 0);
  bread = await categoryRef(t.database, 1, 1);
});
afterAll(async () => {
  await t.close();
});

/** The file in the media directory behind a public image URL. */
function mediaFile(url: string): string {
  const key = url.replace(/^.*\/media\//, '');
  return path.join(t.config.dataDir, 'media', key);
}

function patch(user: TestUser, id: number, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PATCH', url: `/api/products/${id}/`, headers: user.auth, payload });
}

async function patchImage(user: TestUser, id: number, fields: Record<string, string> = {}) {
  const form = multipart(fields, {
    filename: 'new.png',
    contentType: 'image/png',
    data: await pngImage(90, 60),
  });
  return t.app.inject({
    method: 'PATCH',
    url: `/api/products/${id}/`,
    headers: { ...user.auth, ...form.headers },
    payload: form.payload,
  });
}

async function createWithImage(): Promise<{ id: number; image: string }> {
  const form = multipart(
    {
      brand: 'Alpenwolle',
      name: 'Pullover Säntis',
      price: '189',
      category: cheese.category,
      subcategory: cheese.subcategory,
    },
    { filename: 'photo.png', contentType: 'image/png', data: await pngImage(120, 80) },
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products/new/',
    headers: { ...seller.auth, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

/** Places a real order of one unit through the API (online, shipping to an address). */
async function orderOne(product: { id: number; name: string; price: string }): Promise<number> {
  const store = await insertStore(t.database.db, seller.id);
  await t.app.inject({
    method: 'POST',
    url: '/api/stocks/new/',
    headers: seller.auth,
    payload: { store: store.id, product: product.id, number: 5 },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders/add/',
    headers: customer.auth,
    payload: {
      orderItems: [
        {
          id: product.id,
          name: product.name,
          price: product.price,
          quantity: 1,
          orderType: 'online',
          sellerId: seller.id,
        },
      ],
      paymentMethod: 'PayPal',
      shippingAddress: SHIPPING_ADDRESS,
      totalPrice: product.price,
      totalShippingPrice: Number(product.price) >= 100 ? '0.00' : '20.00',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

describe('editing a product', () => {
  it('changes any field, answers the product, and the product page shows it at once', async () => {
    const product = await createProduct(t.app, seller, cheese, { name: 'Bergkäse mild', price: '12.50' });
    // The anonymous product page is cached until a write.
    expect((await t.app.inject({ url: `/api/products/${product.id}` })).json().price).toBe('12.50');
    const res = await patch(seller, product.id, {
      brand: 'Käserei Gstaad',
      name: 'Bergkäse rezent',
      price: '14.9',
      description: '18 Monate gereift.',
      category: bread.category,
      subcategory: bread.subcategory,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: product.id,
      brand: 'Käserei Gstaad',
      name: 'Bergkäse rezent',
      price: '14.90',
      description: '18 Monate gereift.',
      category: bread.category,
      subcategory: bread.subcategory,
      seller: seller.id,
    });
    const page = await t.app.inject({ url: `/api/products/${product.id}` });
    expect(page.json()).toMatchObject({ name: 'Bergkäse rezent', price: '14.90' });
    const list = await t.app.inject({ url: `/api/products/user/${seller.id}` });
    expect(list.json().find((p: { id: number }) => p.id === product.id).price).toBe('14.90');
    // Search finds it under its new name.
    const found = await t.app.inject({ url: '/api/search/?type=products&search_string=rezent' });
    expect(found.json().map((p: { id: number }) => p.id)).toContain(product.id);
  });

  it('leaves the fields that are not sent as they were (one field at a time, also without the slash)', async () => {
    const product = await createProduct(t.app, seller, cheese, { description: 'Bleibt.' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      headers: seller.auth,
      payload: { price: '7' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      price: '7.00',
      name: product.name,
      brand: product.brand,
      description: 'Bleibt.',
      category: cheese.category,
    });
  });

  it('validates as at creation and changes nothing on a refusal', async () => {
    const product = await createProduct(t.app, seller, cheese, { price: '10.00' });
    const cases: [Record<string, unknown>, string][] = [
      [{ price: '0' }, 'price'],
      [{ price: '12.345' }, 'price'],
      [{ name: '   ' }, 'name'],
      [{ brand: 'x'.repeat(121) }, 'brand'],
      [{ description: 'x'.repeat(5001) }, 'description'],
      [{ subcategory: bread.subcategory }, 'subcategory'],
      [{ category: 999_999 }, 'category'],
    ];
    for (const [body, field] of cases) {
      const res = await patch(seller, product.id, { name: 'Nicht übernommen', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().detail.toLowerCase()).toContain(field);
    }
    expect((await t.app.inject({ url: `/api/products/${product.id}` })).json()).toMatchObject({
      name: product.name,
      price: '10.00',
    });
  });

  it('answers 404 for someone else’s product, exactly as for a missing one, 401 without a token', async () => {
    const product = await createProduct(t.app, seller, cheese);
    const other = await registerSeller(t.app);
    const foreign = await patch(other, product.id, { price: '1' });
    const missing = await patch(other, 99_999_999, { price: '1' });
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json().detail).toBe(`Product ${product.id} does not exist.`);
    expect((await patch(customer, product.id, { price: '1' })).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}/`,
      payload: { price: '1' },
    });
    expect(anonymous.statusCode).toBe(401);
    // An upload to someone else's product never reaches the storage.
    expect((await patchImage(other, product.id)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/products/${product.id}` })).json().price).toBe(product.price);
  });

  it('answers 404 for a deleted product', async () => {
    const product = await createProduct(t.app, seller, cheese);
    await t.app.inject({ method: 'DELETE', url: `/api/products/${product.id}/`, headers: seller.auth });
    expect((await patch(seller, product.id, { price: '1' })).statusCode).toBe(404);
  });

  it('replaces the photo and deletes the old one from storage when no order shows it', async () => {
    const product = await createWithImage();
    expect(existsSync(mediaFile(product.image))).toBe(true);
    const res = await patchImage(seller, product.id, { name: 'Pullover Säntis neu' });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json();
    expect(edited.name).toBe('Pullover Säntis neu');
    expect(edited.image).not.toBe(product.image);
    expect(existsSync(mediaFile(edited.image))).toBe(true);
    expect(existsSync(mediaFile(product.image))).toBe(false);
    const image = await t.app.inject({ url: new URL(edited.image, 'http://x').pathname });
    expect(image.statusCode).toBe(200);
  });

  it('keeps name, price and photo in orders placed before the edit; the old photo stays in storage', async () => {
    const product = await createWithImage();
    const full = (await t.app.inject({ url: `/api/products/${product.id}` })).json();
    const orderId = await orderOne(full);
    const res = await patchImage(seller, product.id, { name: 'Pullover Pilatus', price: '215.50' });
    expect(res.statusCode).toBe(200);
    const order = (await t.app.inject({ url: `/api/orders/${orderId}/`, headers: customer.auth })).json();
    const line = order.sellerOrder[0].onlineOrderItems[0];
    expect(line).toMatchObject({ name: 'Pullover Säntis', price: '189.00', image: full.image });
    expect(order.totalPrice).toBe('189.00');
    // The order still shows its picture: the replaced image was kept.
    expect(existsSync(mediaFile(full.image))).toBe(true);
    expect(res.json()).toMatchObject({ name: 'Pullover Pilatus', price: '215.50' });
    // A new order sells at the new price.
    const newer = await orderOne(res.json());
    const newOrder = (await t.app.inject({ url: `/api/orders/${newer}/`, headers: customer.auth })).json();
    expect(newOrder.sellerOrder[0].onlineOrderItems[0]).toMatchObject({
      name: 'Pullover Pilatus',
      price: '215.50',
    });
  });

  it('refuses an order sent with the old price after a price change (the cart must re-check)', async () => {
    const product = await createProduct(t.app, seller, cheese, { price: '30.00' });
    const store = await insertStore(t.database.db, seller.id);
    await t.app.inject({
      method: 'POST',
      url: '/api/stocks/new/',
      headers: seller.auth,
      payload: { store: store.id, product: product.id, number: 5 },
    });
    await patch(seller, product.id, { price: '35.00' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/add/',
      headers: customer.auth,
      payload: {
        orderItems: [
          {
            id: product.id,
            name: product.name,
            price: '30.00',
            quantity: 1,
            orderType: 'online',
            sellerId: seller.id,
          },
        ],
        paymentMethod: 'PayPal',
        shippingAddress: SHIPPING_ADDRESS,
        totalPrice: '30.00',
        totalShippingPrice: '20.00',
      },
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('stock set with a new product', () => {
  it('creates the product with a number per own store in one request (JSON and multipart)', async () => {
    const a = await insertStore(t.database.db, seller.id);
    const b = await insertStore(t.database.db, seller.id);
    const product = await createProduct(t.app, seller, cheese, {
      initialStocks: [
        { store: a.id, number: 4 },
        { store: b.id, number: '6' },
      ],
    });
    expect(product.countInStock).toBe(10);
    expect((product.stocks as { store: number; number: number }[]).map((s) => [s.store, s.number])).toEqual([
      [a.id, 4],
      [b.id, 6],
    ]);
    const form = multipart({
      brand: 'B',
      name: 'Mit Bestand',
      price: '5',
      category: cheese.category,
      subcategory: cheese.subcategory,
      initialStocks: JSON.stringify([{ store: a.id, number: 3 }]),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/new/',
      headers: { ...seller.auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().countInStock).toBe(3);
  });

  it('refuses another seller’s store, a bad number or a repeated store, and creates nothing', async () => {
    const other = await registerSeller(t.app);
    const foreign = await insertStore(t.database.db, other.id);
    const own = await insertStore(t.database.db, seller.id);
    const before = (await t.app.inject({ url: '/api/products/myproducts/', headers: seller.auth })).json()
      .length;
    const cases: unknown[] = [
      [{ store: foreign.id, number: 1 }],
      [{ store: own.id, number: -1 }],
      [{ store: own.id, number: 1.5 }],
      [
        { store: own.id, number: 1 },
        { store: own.id, number: 2 },
      ],
      'not json',
    ];
    for (const initialStocks of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/products/new/',
        headers: seller.auth,
        payload: {
          brand: 'B',
          name: 'N',
          price: '5',
          category: cheese.category,
          subcategory: cheese.subcategory,
          initialStocks,
        },
      });
      expect(res.statusCode, JSON.stringify(initialStocks)).toBe(400);
      expect(res.json().detail).toMatch(/initialStocks|Store/);
    }
    const after = (await t.app.inject({ url: '/api/products/myproducts/', headers: seller.auth })).json()
      .length;
    expect(after).toBe(before);
  });
});

describe('VAT rate category of a product (issue 26)', () => {
  async function create(extra: Record<string, unknown>) {
    return t.app.inject({
      method: 'POST',
      url: '/api/products/new/',
      headers: seller.auth,
      payload: { brand: 'Käserei', name: 'Greyerzer', price: '12.50', ...cheese, ...extra },
    });
  }

  it('is standard by default, chosen at creation and changed by an edit', async () => {
    const plain = await create({});
    expect(plain.statusCode).toBe(201);
    expect(plain.json().vatRate).toBe('standard');

    const food = await create({ vatRate: 'reduced' });
    expect(food.json().vatRate).toBe('reduced');
    const edited = await patch(seller, food.json().id, { vatRate: 'exempt' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().vatRate).toBe('exempt');
    const read = await t.app.inject({ method: 'GET', url: `/api/products/${food.json().id}/` });
    expect(read.json().vatRate).toBe('exempt');
  });

  it('refuses an unknown rate with a 400 naming the field and changes nothing', async () => {
    const bad = await create({ vatRate: 'luxury' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/VAT rate/);

    const made = (await create({})).json();
    const refused = await patch(seller, made.id, { vatRate: '7.7' });
    expect(refused.statusCode).toBe(400);
    const read = await t.app.inject({ method: 'GET', url: `/api/products/${made.id}/` });
    expect(read.json().vatRate).toBe('standard');
  });
});
