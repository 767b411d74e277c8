import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../test/build.ts';
import { DEMO_PASSWORD, seedDemo } from './seed.ts';
import { seedBulk } from './bulk.ts';
import { DEMO_STORES } from './demo-data.ts';

let t: TestApp;

async function one<T = number>(query: ReturnType<typeof sql>): Promise<T> {
  const result = (await t.database.db.execute(query)) as unknown as { rows: Record<string, T>[] };
  return Object.values(result.rows[0]!)[0]!;
}

beforeAll(async () => {
  t = await build();
  await seedDemo(t.database, t.config);
  t.app.ctx.cache.invalidate();
});
afterAll(async () => {
  await t.close();
});

describe('demo data', () => {
  it('loads 12+ sellers with logos, 30 stores, 200 products in every subcategory, stock and reviews', async () => {
    expect(
      await one(
        sql`select count(*)::int from profiles where status = 'STORE_OWNER' and image is not null and description <> '' and industry <> ''`,
      ),
    ).toBeGreaterThanOrEqual(12);
    expect(await one(sql`select count(*)::int from stores`)).toBe(30);
    const list = (await t.app.inject({ url: '/api/products/?limit=1' })).json();
    expect(list.count).toBe(200);
    expect(
      await one(
        sql`select count(*)::int from subcategories s where not exists (select 1 from products p where p.subcategory_id = s.id)`,
      ),
    ).toBe(0);
    expect(
      await one(
        sql`select count(*)::int from products p where not exists (select 1 from stocks s where s.product_id = p.id)`,
      ),
    ).toBe(0);
    expect(await one(sql`select count(*)::int from products where image is null`)).toBe(0);
    expect(await one(sql`select count(*)::int from reviews`)).toBeGreaterThan(30);
    expect(
      await one(
        sql`select count(*)::int from products p where rating_sum <> coalesce((select sum(rating) from reviews r where r.product_id = p.id), 0) or num_reviews <> (select count(*) from reviews r where r.product_id = p.id)`,
      ),
    ).toBe(0);
  });

  it('places the stores at their towns', async () => {
    const res = (await t.database.db.execute(
      sql`select city, latitude::float as lat, longitude::float as lon from stores`,
    )) as unknown as { rows: { city: string; lat: number; lon: number }[] };
    const zurich = res.rows.find((r) => r.city === 'Zürich')!;
    expect(zurich.lat).toBeCloseTo(47.3717, 2);
    expect(zurich.lon).toBeCloseTo(8.539, 2);
    for (const r of res.rows) {
      expect(r.lat).toBeGreaterThan(45.8);
      expect(r.lat).toBeLessThan(47.85);
      expect(r.lon).toBeGreaterThan(5.9);
      expect(r.lon).toBeLessThan(10.5);
    }
    expect(new Set(res.rows.map((r) => r.city)).size).toBe(DEMO_STORES.length);
  });

  it('gives the demo seller stores and products with stock, and the demo customer none', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { username: 'demo-seller', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const seller = login.json();
    expect(
      await one(sql`select count(*)::int from stores where owner_id = ${seller.id}`),
    ).toBeGreaterThanOrEqual(2);
    const mine = (
      await t.app.inject({
        url: '/api/products/myproducts/',
        headers: { authorization: `Bearer ${seller.access}` },
      })
    ).json();
    expect(mine.length).toBeGreaterThanOrEqual(10);
    expect(mine.filter((p: { countInStock: number }) => p.countInStock > 0).length).toBeGreaterThanOrEqual(
      10,
    );
    const customer = (
      await t.app.inject({
        method: 'POST',
        url: '/api/users/login/',
        payload: { username: 'demo-customer', password: DEMO_PASSWORD },
      })
    ).json();
    expect(customer.status).toBe('CUSTOMER');
    expect((await t.app.inject({ url: `/api/products/user/${customer.id}` })).json()).toEqual([]);
  });

  it('serves the generated product images and the sellers’ logos', async () => {
    const [p] = (await t.app.inject({ url: '/api/products/latest-products/' })).json();
    const img = await t.app.inject({ url: p.image });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect((await t.app.inject({ url: p.thumbnail })).statusCode).toBe(200);
    expect(p.sellerDetails.image).toMatch(/^\/media\/profiles\//);
    expect((await t.app.inject({ url: p.sellerDetails.image })).statusCode).toBe(200);
    const reviews = (await t.app.inject({ url: '/api/products/latest-reviews/' })).json();
    expect(reviews.length).toBe(6);
  });

  it('adds a scaled-down large catalogue: stock in 1–5 own stores per product, reviews that agree', async () => {
    const before = await one(sql`select count(*)::int from products`);
    await seedBulk(t.database, { products: 1000, passwordHash: 'x', imageKeys: ['products/demo-001.webp'] });
    expect(await one(sql`select count(*)::int from products`)).toBe(before + 1000);
    expect(
      await one(
        sql`select count(*)::int from products p where not exists (select 1 from stocks s where s.product_id = p.id)`,
      ),
    ).toBe(0);
    expect(
      await one(
        sql`select count(*)::int from stocks s join stores st on st.id = s.store_id join products p on p.id = s.product_id where st.owner_id <> p.seller_id`,
      ),
    ).toBe(0);
    expect(
      await one(sql`select max(n)::int from (select count(*) as n from stocks group by product_id) x`),
    ).toBeLessThanOrEqual(5);
    expect(
      await one(
        sql`select count(*)::int from reviews r join users u on u.id = r.user_id where u.email like '%@bulk.marktgasse.ch'`,
      ),
    ).toBe(500);
    expect(
      await one(
        sql`select count(*)::int from products p where num_reviews <> (select count(*) from reviews r where r.product_id = p.id)`,
      ),
    ).toBe(0);
    // A second run stacks on the first without clashing names.
    await seedBulk(t.database, { products: 100, passwordHash: 'x', imageKeys: [] });
    expect(await one(sql`select count(*)::int from products`)).toBe(before + 1100);
  });
});
