/**
 * A large generated catalogue for benchmarks (`npm run seed -- --products 100000`): at 100,000
 * products 300 sellers, 1,000 stores, 2,000 customers, stock for every product in 1–5 of
 * its seller's stores and 50,000 reviews; fewer products scale everything down. Rows go in
 * as JSON chunks (`json_to_recordset`, one parameter per chunk) and stock and reviews are
 * generated inside the database, so 100,000 products load in well under two minutes.
 * Products reuse a handful of demo image keys instead of one picture each.
 */
import { sql } from 'drizzle-orm';
import { toSearchText, usernameKey } from '@marktgasse/shared';
import type { Database, Tx } from '../db/client.ts';
import { rawRows } from '../db/sql.ts';
import { CATEGORY_TREE } from './categories.ts';
import { DEMO_PRODUCTS, DEMO_STORES, REVIEW_COMMENTS } from './demo-data.ts';

export interface BulkOptions {
  products: number;
  passwordHash: string;
  imageKeys: string[];
  log?: (message: string) => void;
}

const SHOP_TYPES: { label: string; slug: string; category: string }[] = [
  { label: 'Käserei', slug: 'kaeserei', category: 'Food & Drinks' },
  { label: 'Confiserie', slug: 'confiserie', category: 'Food & Drinks' },
  { label: 'Weinhandlung', slug: 'weinhandlung', category: 'Food & Drinks' },
  { label: 'Modehaus', slug: 'modehaus', category: 'Fashion' },
  { label: 'Schuhhaus', slug: 'schuhhaus', category: 'Fashion' },
  { label: 'Wohnwerk', slug: 'wohnwerk', category: 'Home & Living' },
  { label: 'Möbelschreinerei', slug: 'schreinerei', category: 'Home & Living' },
  { label: 'Elektro', slug: 'elektro', category: 'Electronics' },
  { label: 'Sport', slug: 'sport', category: 'Sports & Outdoors' },
  { label: 'Velo', slug: 'velo', category: 'Sports & Outdoors' },
  { label: 'Bijouterie', slug: 'bijouterie', category: 'Watches & Jewellery' },
  { label: 'Drogerie', slug: 'drogerie', category: 'Health & Beauty' },
  { label: 'Buchhandlung', slug: 'buchhandlung', category: 'Books & Stationery' },
  { label: 'Spielwaren', slug: 'spielwaren', category: 'Toys & Games' },
  { label: 'Gartenbau', slug: 'gartenbau', category: 'Garden & DIY' },
];
const FAMILY_NAMES = [
  'Müller',
  'Meier',
  'Schmid',
  'Keller',
  'Weber',
  'Huber',
  'Schneider',
  'Meyer',
  'Steiner',
  'Fischer',
  'Gerber',
  'Brunner',
  'Baumann',
  'Frei',
  'Zimmermann',
  'Moser',
  'Widmer',
  'Wyss',
  'Graf',
  'Roth',
  'Rossi',
  'Bianchi',
  'Favre',
  'Rochat',
  'Bonvin',
  'Crettenand',
  'Caduff',
  'Casutt',
  'Lüthi',
  'Bühler',
];
const STREETS = [
  'Bahnhofstrasse',
  'Hauptgasse',
  'Marktgasse',
  'Dorfstrasse',
  'Kirchgasse',
  'Seestrasse',
  'Poststrasse',
  'Rue Centrale',
  'Via Cantonale',
];
const VARIANTS = [
  '',
  'Classic',
  'Edition Alpin',
  'Bio',
  'Premium',
  'Mini',
  'Gross',
  'Set',
  'Limited',
  'Natur',
];

function slug(text: string): string {
  return toSearchText(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

async function insertJson(
  tx: Tx,
  statement: (json: string) => ReturnType<typeof sql>,
  data: unknown[],
  chunk = 5000,
) {
  for (let i = 0; i < data.length; i += chunk)
    await tx.execute(statement(JSON.stringify(data.slice(i, i + chunk))));
}

/** The sizes of one bulk load, scaled from the product count (100,000 products: full size). */
function sizesOf(products: number) {
  const n = Math.max(1, Math.floor(products));
  const f = Math.min(1, n / 100_000);
  const sellerCount = Math.max(2, Math.round(300 * f));
  return {
    n,
    sellerCount,
    storeCount: Math.max(sellerCount, Math.round(1000 * f)),
    customerCount: Math.max(5, Math.round(2000 * f)),
    reviewCount: Math.round(50_000 * f),
  };
}
type Sizes = ReturnType<typeof sizesOf>;

/** The category tree and how many bulk loads ran before this one. */
async function readStart(tx: Tx) {
  const cats = await rawRows<{ id: number; name: string }>(
    tx,
    sql`select id, name from categories order by position, id`,
  );
  const subs = await rawRows<{ id: number; name: string; category_id: number }>(
    tx,
    sql`select id, name, category_id from subcategories order by position, id`,
  );
  const catByName = new Map(cats.map((c) => [c.name, c.id]));
  // Runs stack: numbering continues after earlier bulk loads so usernames stay unique.
  const run = Number(
    (
      await rawRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from users where email like '%@bulk.marktgasse.ch'`,
      )
    )[0]!.n,
  );

  return { cats, subs, catByName, run };
}
type Start = Awaited<ReturnType<typeof readStart>>;

async function insertSellers(tx: Tx, options: BulkOptions, sizes: Sizes, start: Start) {
  const { sellerCount } = sizes;
  const { run, catByName } = start;
  const sellers = Array.from({ length: sellerCount }, (_, i) => {
    const type = SHOP_TYPES[i % SHOP_TYPES.length]!;
    const family = FAMILY_NAMES[Math.floor(i / SHOP_TYPES.length) % FAMILY_NAMES.length]!;
    const town = DEMO_STORES[(i * 7) % DEMO_STORES.length]!.town;
    const k = run + i + 1;
    return {
      username: `${type.slug}-${slug(family)}-${k}`,
      email: `shop${k}@bulk.marktgasse.ch`,
      shop: `${type.label} ${family}`,
      k,
      town,
      category: type.category,
    };
  });
  const sellerIds = (
    await rawRows<{ id: number }>(
      tx,
      sql`
      insert into users (username, username_key, email, password_hash)
      select x.username, x.key, x.email, ${options.passwordHash}
      from json_to_recordset(${JSON.stringify(sellers.map((s) => ({ ...s, key: usernameKey(s.username) })))}::json)
        as x(username text, key text, email text)
      returning id`,
    )
  ).map((r) => Number(r.id));
  await insertJson(
    tx,
    (json) => sql`
      insert into profiles (id, user_id, status, display_name, industry, headquarter, description)
      select x.id, x.id, 'STORE_OWNER', x.shop, x.industry, x.hq, x.description
      from json_to_recordset(${json}::json)
        as x(id int, shop text, industry text, hq text, description text)`,
    sellers.map((s, i) => ({
      id: sellerIds[i],
      // Shop names are unique (decision 176): the first round of type × family as they are,
      // later ones (and later runs) with their number.
      shop: run === 0 && i < SHOP_TYPES.length * FAMILY_NAMES.length ? s.shop : `${s.shop} ${s.k}`,
      industry: s.category,
      hq: s.town,
      description: `${s.shop} aus ${s.town} – Fachgeschäft für ${s.category}, persönlich beraten seit Generationen.`,
    })),
  );
  await insertJson(
    tx,
    (json) => sql`
      insert into profile_categories (profile_id, category_id)
      select x.p, x.c from json_to_recordset(${json}::json) as x(p int, c int)`,
    sellers.map((s, i) => ({ p: sellerIds[i], c: catByName.get(s.category) })),
  );

  return { sellers, sellerIds };
}
type Sellers = Awaited<ReturnType<typeof insertSellers>>;

async function insertCustomers(tx: Tx, options: BulkOptions, sizes: Sizes, start: Start): Promise<number[]> {
  const { customerCount } = sizes;
  const { run } = start;
  const customers = Array.from({ length: customerCount }, (_, i) => ({
    username: `kunde-${run + i + 1}`,
    email: `kunde${run + i + 1}@bulk.marktgasse.ch`,
  }));
  const customerIds = (
    await rawRows<{ id: number }>(
      tx,
      sql`
      insert into users (username, username_key, email, password_hash)
      select x.username, x.key, x.email, ${options.passwordHash}
      from json_to_recordset(${JSON.stringify(customers.map((c) => ({ ...c, key: usernameKey(c.username) })))}::json)
        as x(username text, key text, email text)
      returning id`,
    )
  ).map((r) => Number(r.id));
  await tx.execute(sql`
    insert into profiles (id, user_id, status)
    select x.id, x.id, 'CUSTOMER' from json_to_recordset(${JSON.stringify(customerIds.map((id) => ({ id })))}::json) as x(id int)`);

  return customerIds;
}

async function insertStores(
  tx: Tx,
  sizes: Sizes,
  start: Start,
  { sellers, sellerIds }: Sellers,
): Promise<void> {
  const { storeCount, sellerCount } = sizes;
  const { catByName } = start;
  // Stores round-robin over the sellers, in real towns, a little apart from each other.
  const storeData = Array.from({ length: storeCount }, (_, i) => {
    const s = i % sellerCount;
    const seller = sellers[s]!;
    const town = DEMO_STORES[(s * 7 + Math.floor(i / sellerCount) * 3) % DEMO_STORES.length]!;
    const jitter = (k: number) => (((i * k) % 200) - 100) / 10_000;
    const street = `${STREETS[i % STREETS.length]} ${1 + ((i * 13) % 120)}`;
    const name = `${seller.shop} ${town.town}`;
    return {
      owner: sellerIds[s],
      name,
      address: `${street}, ${town.postcode} ${town.town}`,
      city: town.town,
      lat: (town.latitude + jitter(37)).toFixed(6),
      lon: (town.longitude + jitter(53)).toFixed(6),
      c: catByName.get(seller.category),
    };
  });
  await insertJson(
    tx,
    (json) => sql`
      with ins as (
        insert into stores (owner_id, name, address, country, city, latitude, longitude, description)
        select x.owner, x.name, x.address, 'Switzerland', x.city, x.lat::numeric, x.lon::numeric,
               'Filiale von ' || x.name
        from json_to_recordset(${json}::json) as x(owner int, name text, address text, city text, lat text, lon text, c int)
        returning id, owner_id, name
      )
      insert into store_categories (store_id, category_id)
      select ins.id, x.c from ins join json_to_recordset(${json}::json) as x(owner int, name text, c int)
        on x.owner = ins.owner_id and x.name = ins.name
      on conflict do nothing`,
    storeData,
  );
}

/** Review i goes to product i × step; the comments in a fixed order. */
function reviewPlan(n: number, reviewCount: number) {
  const comments = Object.entries(REVIEW_COMMENTS).flatMap(([rating, list]) =>
    list.map((c) => ({ rating: Number(rating), c })),
  );
  const step = Math.max(1, Math.floor(n / Math.max(1, reviewCount)));
  const reviewRating = (j: number): number => {
    if (reviewCount === 0 || j % step !== 0 || j / step >= reviewCount) return 0;
    return comments[((j / step) * 31) % comments.length]!.rating;
  };
  return { comments, step, reviewRating };
}

async function insertProductRows(tx: Tx, rows: unknown[]): Promise<void> {
  await tx.execute(sql`
    insert into products (seller_id, brand, name, price_rappen, description, image, category_id, subcategory_id,
                          created_at, num_reviews, rating_sum)
    select x.s, x.b, x.n, x.p, x.d, x.i, x.c, x.sc, x.at::timestamptz, x.nr, x.rs
    from json_to_recordset(${JSON.stringify(rows)}::json)
      as x(s int, b text, n text, p int, d text, i text, c int, sc int, at text, nr int, rs int)`);
}

/** The generated products, written in chunks with their review counts; the highest id before them. */
async function insertProducts(
  tx: Tx,
  options: BulkOptions,
  sizes: Sizes,
  start: Start,
  { sellers, sellerIds }: Sellers,
  log: (message: string) => void,
): Promise<number> {
  const { n, sellerCount, reviewCount } = sizes;
  const { cats, subs, catByName } = start;
  const before = Number(
    (await rawRows<{ m: number }>(tx, sql`select coalesce(max(id), 0)::int as m from products`))[0]!.m,
  );
  const linesBySub = new Map(
    Object.entries(DEMO_PRODUCTS).map(([name, lines]) => [name, lines.map((l) => l.split('|'))]),
  );
  const subsByCat = new Map<number, { id: number; name: string }[]>();
  for (const s of subs) subsByCat.set(s.category_id, [...(subsByCat.get(s.category_id) ?? []), s]);
  const now = Date.now();
  // Review i goes to product i × step (by insertion order), so each product gets at most one
  // and its rating is known here: the products are written with their counts, never updated.
  const { reviewRating } = reviewPlan(n, reviewCount);
  log(`products: ${n}`);
  const productData: unknown[] = [];
  const flush = async () => {
    await insertProductRows(tx, productData);
    productData.length = 0;
  };
  for (let i = 0; i < n; i += 1) {
    const s = (i * 7919) % sellerCount;
    const seller = sellers[s]!;
    const categoryId = catByName.get(seller.category) ?? cats[0]!.id;
    const subList = subsByCat.get(categoryId)!;
    // Independent of the seller choice (i mod sellerCount), so every subcategory fills up.
    const sub = subList[Math.floor(i / sellerCount) % subList.length]!;
    const lines = linesBySub.get(sub.name) ?? linesBySub.get(CATEGORY_TREE[0]!.subcategories[0]!)!;
    const [brand = '', baseName = '', price = '10', description = ''] =
      lines[Math.floor(i / sellerCount / subList.length) % lines.length]!;
    const variant = VARIANTS[Math.floor(i / 7) % VARIANTS.length]!;
    const name = `${baseName}${variant ? ` ${variant}` : ''} ${1 + (i % 97)}`.slice(0, 120);
    const b = brand || seller.shop;
    const factor = 0.8 + ((i * 31) % 41) / 100;
    productData.push({
      s: sellerIds[s],
      b,
      n: name,
      p: Math.max(50, Math.round((Number(price) * 100 * factor) / 10) * 10),
      d: description,
      i: options.imageKeys[i % options.imageKeys.length] ?? null,
      c: categoryId,
      sc: sub.id,
      at: new Date(now - (n - i) * 60_000).toISOString(),
      nr: reviewRating(i) > 0 ? 1 : 0,
      rs: reviewRating(i),
    });
    if (productData.length >= 5000) {
      await flush();
      if ((i + 1) % 20_000 === 0) log(`  ${i + 1} products`);
    }
  }
  if (productData.length) await flush();

  return before;
}

export async function seedBulk(database: Database, options: BulkOptions): Promise<void> {
  const log = options.log ?? (() => undefined);
  const sizes = sizesOf(options.products);
  const { n, sellerCount, storeCount, customerCount, reviewCount } = sizes;

  await database.db.transaction(async (tx) => {
    const start = await readStart(tx);
    log(`sellers: ${sellerCount}, stores: ${storeCount}, customers: ${customerCount}`);
    const sellers = await insertSellers(tx, options, sizes, start);
    const customerIds = await insertCustomers(tx, options, sizes, start);
    await insertStores(tx, sizes, start, sellers);
    const before = await insertProducts(tx, options, sizes, start, sellers, log);
    log('stock rows');
    await tx.execute(sql`
      insert into stocks (store_id, product_id, number)
      select s.ids[1 + ((p.id + g) % s.n)], p.id, ((p.id * 7 + g * 13) % 60)
      from products p
      join (select owner_id, array_agg(id order by id) as ids, count(*)::int as n
              from stores where deleted_at is null group by owner_id) s on s.owner_id = p.seller_id
      cross join lateral generate_series(0, least(s.n, 1 + p.id % 5) - 1) as g
      where p.id > ${before}`);

    const { comments, step } = reviewPlan(n, reviewCount);
    if (reviewCount > 0) {
      log(`reviews: ${reviewCount}`);
      await tx.execute(sql`
        with p as (select array_agg(id order by id) as ids from products where id > ${before}),
             c as (select array_agg(id order by id) as ids, count(*)::int as k
                     from json_to_recordset(${JSON.stringify(customerIds.map((id) => ({ id })))}::json) as x(id int)),
             m as (select array_agg(x.c order by x.o) as texts, array_agg(x.r order by x.o) as ratings, count(*)::int as k
                     from json_to_recordset(${JSON.stringify(comments.map((x, o) => ({ c: x.c, r: x.rating, o })))}::json)
                       as x(c text, r int, o int))
        insert into reviews (product_id, user_id, rating, comment, created_at)
        select p.ids[1 + (i * ${step}) % ${n}], c.ids[1 + ((i * 7919) % c.k)],
               m.ratings[1 + ((i * 31) % m.k)], m.texts[1 + ((i * 31) % m.k)],
               now() - ((${reviewCount} - i) * interval '30 seconds')
        from generate_series(0, ${reviewCount - 1}) as i
        cross join p cross join c cross join m
`);
    }
  });
  // Fresh statistics and visibility map: the planner sees the new sizes, counts use index-only scans.
  await database.db.execute(sql`vacuum analyze`);
}
