/**
 * §7 Home, catalogue, products, reviews and search as a spec client calls them: paging by
 * reading `next`, the category bar's and sidebar's searches by category and subcategory name,
 * the search types, and image URLs that are never null.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshName, SpecClient, startServer, type SpecServer } from './spec-client.ts';
import { categoriesOf, setStock, type SpecCategory } from './spec-world.ts';

interface Product {
  id: number;
  brand: string;
  name: string;
  price: string;
  description: string;
  image: string;
  category: number;
  categoryName: string;
  subcategory: number;
  seller: number;
  sellerDetails: { id: number; name: string };
  rating: number;
  numReviews: number;
  stocks: unknown[];
  seller_id: number;
  username: string;
}
interface Store {
  id: number;
  name: string;
  image: string;
  owner_name: string;
  owner_id: number;
  profile_image: string;
}

let server: SpecServer;
let anonymous: SpecClient;
let categories: SpecCategory[];
const named = (name: string) => categories.find((c) => c.name === name)!;

/** Two sellers: a shoemaker (Fashion › Shoes) and a camera shop (Electronics › Cameras). */
const shoes = { seller: null as unknown as SpecClient, id: 0, name: '', store: 0, products: [] as number[] };
const cameras = {
  seller: null as unknown as SpecClient,
  id: 0,
  name: '',
  store: 0,
  products: [] as number[],
};
/** A customer who reviews. */
let customer: SpecClient;

async function makeSeller(
  into: typeof shoes,
  prefix: string,
  categoryName: string,
  subcategoryName: string,
  count: number,
) {
  into.seller = new SpecClient(server.url);
  into.name = freshName(prefix);
  into.id = (await into.seller.register(into.name, 'STORE_OWNER')).id;
  const category = named(categoryName);
  const sub = category.subcategory.find((s) => s.name === subcategoryName)!;
  const me = await into.seller.get<{ profile: { id: number } }>('/api/users/me/');
  await into.seller.call('PATCH', `/api/profiles/${me.body.profile.id}/`, {
    form: { category: [category.id], industry: subcategoryName, headquarter: 'Bern', description: '' },
  });
  // §7 store creation with the category's name, as the category bar spells it.
  const store = await into.seller.post<{ id: number }>('/api/stores/new/', {
    form: {
      category: [categoryName],
      owner: into.id,
      name: `${prefix} Laden ${into.name}`,
      address: 'Marktgasse 2',
      country: 'Switzerland',
      city: 'Bern',
      latitude: '46.948',
      longitude: '7.447',
      description: '',
      phone: '',
    },
  });
  expect(store.status, store.text).toBe(201);
  into.store = store.body.id;
  for (let i = 0; i < count; i++) {
    const res = await into.seller.post<Product>('/api/products/new/', {
      form: {
        brand: `${prefix}marke`,
        name: `${prefix} Modell ${i}`,
        price: `${10 + i}.50`,
        description: i === 0 ? '' : 'Handgemacht',
        category: category.id,
        subcategory: sub.id,
        seller: into.id,
      },
    });
    expect(res.status, res.text).toBe(201);
    into.products.push(res.body.id);
    await setStock(into.seller, into.store, res.body.id, i === 1 ? 0 : 3);
  }
}

beforeAll(async () => {
  server = await startServer();
  anonymous = new SpecClient(server.url);
  categories = await categoriesOf(anonymous);
  await makeSeller(shoes, 'Schuh', 'Fashion', 'Shoes', 9);
  await makeSeller(cameras, 'Kamera', 'Electronics', 'Cameras', 6);
  customer = new SpecClient(server.url);
  await customer.register(freshName('kundin'), 'CUSTOMER');
});
afterAll(async () => {
  await server?.close();
});

const search = <T>(params: Record<string, string | number>, client = anonymous) =>
  client.get<T>(
    `/api/search/?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`,
  );

function expectProductShape(p: Product) {
  for (const f of ['id', 'price', 'category', 'subcategory', 'seller', 'rating', 'numReviews'])
    expect(p, f).toHaveProperty(f);
  expect(typeof p.id).toBe('number');
  expect(typeof p.brand).toBe('string');
  expect(typeof p.name).toBe('string');
  expect(p.price).toMatch(/^\d+\.\d{2}$/);
  expect(typeof p.categoryName).toBe('string');
  expect(p.sellerDetails).toMatchObject({ id: p.seller, name: expect.any(String) });
  expect(p.seller_id).toBe(p.seller);
  expect(typeof p.username).toBe('string');
  expect(typeof p.image).toBe('string');
}

describe('home and catalogue', () => {
  it('lists categories as {id, name, subcategory[{id, name}]}', async () => {
    expect(categories.length).toBeGreaterThan(0);
    for (const c of categories) {
      expect(typeof c.id).toBe('number');
      expect(typeof c.name).toBe('string');
      for (const s of c.subcategory) expect(s).toEqual({ id: expect.any(Number), name: expect.any(String) });
    }
  });

  // Row 1 of issue 15 (the long-tail engineer's change): `next` is the next offset, a number.
  it('[row 1, passes after the long-tail merge] pages GET /api/products/?offset={n}&limit=12 by reading results and next (a number, then null)', async () => {
    const seen: number[] = [];
    let offset: number | null = 0;
    let pages = 0;
    while (offset !== null && pages < 5) {
      const res: { status: number; body: { results: Product[]; next: number | null; count: number } } =
        await anonymous.get(`/api/products/?offset=${offset}&limit=12`);
      expect(res.status).toBe(200);
      expect(res.body.results.length).toBeLessThanOrEqual(12);
      res.body.results.forEach(expectProductShape);
      seen.push(...res.body.results.map((p) => p.id));
      expect(res.body.next === null || typeof res.body.next === 'number', `next: ${res.body.next}`).toBe(
        true,
      );
      offset = res.body.next;
      pages += 1;
    }
    expect(pages).toBe(2);
    expect(new Set(seen).size).toBe(15);
    expect([...seen].sort()).toEqual([...shoes.products, ...cameras.products].sort());
  });

  it('answers the latest products, latest reviews and one product (§3 Product) with image URLs', async () => {
    const latest = await anonymous.get<Product[]>('/api/products/latest-products/');
    expect(latest.status).toBe(200);
    for (const p of latest.body) expect(typeof p.image).toBe('string');

    const id = shoes.products[2]!;
    const review = await customer.post(`/api/products/${id}/reviews/`, {
      json: { rating: 4, comment: 'Bequem' },
    });
    expect(review.status, review.text).toBeLessThan(300);
    expect(
      (await anonymous.post(`/api/products/${id}/reviews/`, { json: { rating: 4, comment: 'x' } })).status,
    ).toBe(401);

    const reviews = await anonymous.get<
      { name: string; rating: number; comment: string; createdAt: string }[]
    >(`/api/products/reviews/${id}`);
    expect(reviews.status).toBe(200);
    expect(reviews.body[0]).toMatchObject({
      rating: 4,
      comment: 'Bequem',
      name: expect.any(String),
      createdAt: expect.any(String),
    });

    const latestReviews = await anonymous.get<{ product_id: number; image: string; product_brand: string }[]>(
      '/api/products/latest-reviews/',
    );
    expect(latestReviews.status).toBe(200);
    expect(latestReviews.body[0]).toMatchObject({
      product_id: id,
      image: expect.any(String),
      product_brand: 'Schuhmarke',
    });

    const one = await anonymous.get<Product>(`/api/products/${id}`);
    expect(one.status).toBe(200);
    expectProductShape(one.body);
    expect(one.body).toMatchObject({ numReviews: 1, rating: 4, categoryName: 'Fashion', seller: shoes.id });
    expect(Array.isArray(one.body.stocks)).toBe(true);
  });

  it('serves the default image an imageless product answers (cacheable, an image)', async () => {
    const one = await anonymous.get<Product>(`/api/products/${shoes.products[0]}`);
    const image = await fetch(new URL(one.body.image, server.url));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    expect(image.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect((await image.text()).length).toBeGreaterThan(0);
  });

  it('lists a seller’s products (public) and the own ones (auth); deletes one (auth)', async () => {
    const theirs = await anonymous.get<Product[]>(`/api/products/user/${cameras.id}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.map((p) => p.id).sort()).toEqual([...cameras.products].sort());
    theirs.body.forEach(expectProductShape);
    const mine = await cameras.seller.get<Product[]>('/api/products/myproducts/');
    expect(mine.status).toBe(200);
    expect(mine.body.length).toBe(cameras.products.length);
    expect((await anonymous.get('/api/products/myproducts/')).status).toBe(401);

    const extra = await cameras.seller.post<Product>('/api/products/new/', {
      form: {
        brand: 'Weg',
        name: 'Wegwerf',
        price: '1.00',
        description: '',
        category: named('Electronics').id,
        subcategory: named('Electronics').subcategory[0]!.id,
        seller: cameras.id,
      },
    });
    expect(extra.status).toBe(201);
    expect((await anonymous.delete(`/api/products/${extra.body.id}/`)).status).toBe(401);
    expect((await cameras.seller.delete(`/api/products/${extra.body.id}/`)).status).toBeLessThan(300);
    expect((await anonymous.get(`/api/products/${extra.body.id}`)).status).toBe(404);
  });
});

describe('GET /api/search/ by type', () => {
  it('type=all answers a list of products (brand, name or seller name)', async () => {
    const res = await search<Product[]>({ type: 'all', search_string: 'Kameramarke' });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((p) => p.id).sort()).toEqual([...cameras.products].sort());
    res.body.forEach(expectProductShape);
  });

  it.each([
    ['Fashion', 'shoes'],
    ['fashion', 'shoes'],
    ['Shoes', 'shoes'],
    ['Electronics', 'cameras'],
    ['ÉLECTRONICS', 'cameras'],
    ['Cameras', 'cameras'],
  ] as const)(
    'type=products with the category bar’s or sidebar’s name %j answers exactly its products',
    async (name, who) => {
      const res = await search<Product[]>({ type: 'products', search_string: name });
      expect(res.status).toBe(200);
      const expected = who === 'shoes' ? shoes.products : cameras.products;
      expect(res.body.map((p) => p.id).sort()).toEqual([...expected].sort());
      res.body.forEach(expectProductShape);
    },
  );

  it('type=products with a category that has no products answers an empty list', async () => {
    const res = await search<Product[]>({ type: 'products', search_string: 'Sports & Outdoors' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('type=profiles with a category name answers that category’s sellers (seller summaries)', async () => {
    const res = await search<{ id: number; image: string; name: string }[]>({
      type: 'profiles',
      search_string: 'Fashion',
    });
    expect(res.status).toBe(200);
    expect(res.body.map((s) => s.name)).toEqual([shoes.name]);
    expect(typeof res.body[0]!.image).toBe('string');
  });

  it.each(['stores', 'map'] as const)(
    'type=%s with a category name answers the stores of that category',
    async (type) => {
      const res = await search<Store[]>({ type, search_string: 'Electronics' });
      expect(res.status).toBe(200);
      expect(res.body.map((s) => s.id)).toEqual([cameras.store]);
      expect(res.body[0]).toMatchObject({ owner_name: cameras.name, owner_id: cameras.id });
      expect(typeof res.body[0]!.profile_image).toBe('string');
      if (type === 'stores') expect(typeof res.body[0]!.image).toBe('string');
    },
  );

  it('type=stores with an empty search_string answers every store (the prefetched map list)', async () => {
    const res = await search<Store[]>({ type: 'stores', search_string: '' });
    expect(res.status).toBe(200);
    expect(res.body.map((s) => s.id).sort()).toEqual([shoes.store, cameras.store].sort());
  });

  it('type=products_in_store and products_in_my_store answer items with number and product, without a token', async () => {
    for (const type of ['products_in_store', 'products_in_my_store']) {
      const res = await search<{ number: number; product: Product }[]>({
        type,
        store_id: shoes.store,
        search_string: '',
      });
      expect(res.status, `${type}: ${res.text}`).toBe(200);
      // §5: only stock items with number greater than 0 count as products.
      expect(res.body.length, type).toBe(shoes.products.length - 1);
      for (const item of res.body) {
        expect(item.number).toBeGreaterThan(0);
        expect(typeof item.product.id).toBe('number');
        expect(typeof item.product.image).toBe('string');
      }
    }
  });

  it('type=products_by_seller answers that seller’s products', async () => {
    const res = await search<Product[]>({
      type: 'products_by_seller',
      seller_id: cameras.id,
      search_string: '',
    });
    expect(res.status).toBe(200);
    expect(res.body.map((p) => p.id).sort()).toEqual([...cameras.products].sort());
  });

  it('type=my_products and my_stores need the token (auth) and answer the caller’s own', async () => {
    expect((await search({ type: 'my_products', store_name: '', search_string: '' })).status).toBe(401);
    expect((await search({ type: 'my_stores', search_string: '' })).status).toBe(401);
    const products = await search<Product[]>(
      { type: 'my_products', store_name: '', search_string: '' },
      shoes.seller,
    );
    expect(products.status).toBe(200);
    expect(products.body.map((p) => p.id).sort()).toEqual([...shoes.products].sort());
    // The original client sends the JavaScript value `undefined` when no store is chosen.
    const unchosen = await search<Product[]>(
      { type: 'my_products', store_name: 'undefined', search_string: '' },
      shoes.seller,
    );
    expect(unchosen.status).toBe(200);
    expect(unchosen.body.map((p) => p.id).sort()).toEqual([...shoes.products].sort());
    const stores = await search<Store[]>({ type: 'my_stores', search_string: '' }, shoes.seller);
    expect(stores.status).toBe(200);
    expect(stores.body.map((s) => s.id)).toEqual([shoes.store]);
  });
});
