/**
 * The demo catalogue: 14 sellers with logos, 30 stores in Swiss towns, 200 products across
 * every subcategory with drawn images, stock in the sellers' stores, and reviews by demo
 * customers. Deterministic (seeded PRNG, fixed order) and loaded with a handful of
 * multi-row inserts in one transaction. `products` adds a large generated catalogue on top
 * (see bulk.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { usernameKey } from '@marktgasse/shared';
import type { Config } from '../config/env.ts';
import type { Database, Tx } from '../db/client.ts';
import {
  categories,
  products,
  profileCategories,
  profiles,
  reviews,
  stocks,
  storeCategories,
  stores,
  subcategories,
  users,
} from '../db/schema.ts';
import { createMediaStorage } from '../modules/media/create-storage.ts';
import type { MediaStorage } from '../modules/media/storage.ts';
import {
  CATEGORY_SELLERS,
  DEMO_CUSTOMERS,
  DEMO_PRODUCTS,
  DEMO_SELLERS,
  DEMO_STORES,
  REVIEW_COMMENTS,
} from './demo-data.ts';
import { logoSvg, productSvg, storeDemoImages } from './images.ts';
import { seedBulk } from './bulk.ts';

export const DEMO_PRODUCT_COUNT = 200;

/** mulberry32: a small seeded PRNG, so every demo load is the same. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface PlannedProduct {
  seller: string;
  brand: string;
  name: string;
  priceRappen: number;
  description: string;
  category: string;
  subcategory: string;
  categoryIndex: number;
  subIndex: number;
}

/**
 * The VAT category a Swiss seller would choose (Art. 25 MWSTG): food and non-alcoholic drinks,
 * books and maps, plants and medicines at the reduced rate; alcohol and everything else standard.
 */
export function demoVatRate(category: string, subcategory: string): 'standard' | 'reduced' {
  if (category === 'Food & Drinks') return subcategory === 'Wine & Spirits' ? 'standard' : 'reduced';
  const reduced = ['Books', 'Maps & Guides', 'Plants', 'Natural Remedies'];
  return reduced.includes(subcategory) ? 'reduced' : 'standard';
}

/** 200 products, round-robin over the subcategories so that every one is covered. */
export function planProducts(tree: { name: string; subcategories: string[] }[]): PlannedProduct[] {
  const subs = tree.flatMap((c, ci) =>
    c.subcategories.map((s, si) => ({ category: c.name, subcategory: s, ci, si })),
  );
  const cursor = new Map<string, number>();
  const sellerTurn = new Map<string, number>();
  const shopOf = new Map(DEMO_SELLERS.map((s) => [s.username, s.shop]));
  const planned: PlannedProduct[] = [];
  for (let round = 0; planned.length < DEMO_PRODUCT_COUNT && round < 20; round += 1) {
    for (const sub of subs) {
      if (planned.length >= DEMO_PRODUCT_COUNT) break;
      const lines = DEMO_PRODUCTS[sub.subcategory] ?? [];
      const i = cursor.get(sub.subcategory) ?? 0;
      if (i >= lines.length) continue;
      cursor.set(sub.subcategory, i + 1);
      const [brand = '', name = '', price = '1', description = ''] = lines[i]!.split('|');
      const sellers = CATEGORY_SELLERS[sub.category]!;
      const turn = sellerTurn.get(sub.category) ?? 0;
      sellerTurn.set(sub.category, turn + 1);
      const seller = sellers[turn % sellers.length]!;
      planned.push({
        seller,
        brand: brand || shopOf.get(seller)!,
        name,
        priceRappen: Math.round(Number(price) * 100),
        description,
        category: sub.category,
        subcategory: sub.subcategory,
        categoryIndex: sub.ci,
        subIndex: sub.si,
      });
    }
  }
  return planned;
}

export const logoKey = (i: number) => `profiles/demo-logo-${String(i + 1).padStart(2, '0')}.webp`;
export const productImageKey = (i: number) => `products/demo-${String(i + 1).padStart(3, '0')}.webp`;

async function loadTree(database: Database) {
  const cats = await database.db.select().from(categories).orderBy(categories.position, categories.id);
  const subs = await database.db
    .select()
    .from(subcategories)
    .orderBy(subcategories.position, subcategories.id);
  return cats.map((c) => ({
    id: c.id,
    name: c.name,
    subs: subs.filter((s) => s.categoryId === c.id),
  }));
}

function pickRating(r: number): number {
  if (r < 0.45) return 5;
  if (r < 0.8) return 4;
  if (r < 0.93) return 3;
  return 2;
}

type Tree = Awaited<ReturnType<typeof loadTree>>;
type CategoryByName = Map<string, Tree[number]>;

/** The demo sellers' and customers' accounts and profiles; their ids by username. */
async function insertAccounts(
  tx: Tx,
  passwordHash: string,
  categoryByName: CategoryByName,
  now: number,
): Promise<Map<string, number>> {
  const accountRows = [
    ...DEMO_SELLERS.map((s) => ({
      username: s.username,
      usernameKey: usernameKey(s.username),
      email: s.email,
      passwordHash,
    })),
    ...DEMO_CUSTOMERS.map((c) => ({
      username: c.username,
      usernameKey: usernameKey(c.username),
      email: c.email,
      passwordHash,
    })),
  ];
  const inserted = await tx
    .insert(users)
    .values(accountRows)
    .returning({ id: users.id, username: users.username });
  const idOf = new Map(inserted.map((u) => [u.username, u.id]));
  await tx.insert(profiles).values([
    ...DEMO_SELLERS.map((s, i) => ({
      id: idOf.get(s.username)!,
      userId: idOf.get(s.username)!,
      status: 'STORE_OWNER' as const,
      image: logoKey(i),
      displayName: s.shop,
      industry: s.industry,
      headquarter: s.headquarter,
      description: s.description,
      createdAt: new Date(now - (DEMO_SELLERS.length - i) * 86_400_000),
    })),
    ...DEMO_CUSTOMERS.map((c) => ({
      id: idOf.get(c.username)!,
      userId: idOf.get(c.username)!,
      status: 'CUSTOMER' as const,
    })),
  ]);
  await tx.insert(profileCategories).values(
    DEMO_SELLERS.flatMap((s) =>
      s.categories.map((name) => ({
        profileId: idOf.get(s.username)!,
        categoryId: categoryByName.get(name)!.id,
      })),
    ),
  );

  return idOf;
}

/** The demo stores, with their sellers' categories; each seller's store ids. */
async function insertStores(
  tx: Tx,
  idOf: Map<string, number>,
  categoryByName: CategoryByName,
): Promise<Map<number, number[]>> {
  const sellerByName = new Map(DEMO_SELLERS.map((s, i) => [s.username, { ...s, index: i }]));
  const storeRows = await tx
    .insert(stores)
    .values(
      DEMO_STORES.map((st) => {
        const seller = sellerByName.get(st.seller)!;
        const name = `${seller.shop} ${st.town}`;
        const description = `${seller.industry} mitten in ${st.town}. ${seller.description.split('. ')[0]}.`;
        return {
          ownerId: idOf.get(st.seller)!,
          name,
          address: `${st.address}, ${st.postcode} ${st.town}`,
          country: 'Switzerland',
          city: st.town,
          latitude: st.latitude.toFixed(6),
          longitude: st.longitude.toFixed(6),
          description,
          phone: `+41 ${st.phone.slice(1)}`,
          image: logoKey(seller.index),
        };
      }),
    )
    .returning({ id: stores.id, ownerId: stores.ownerId });
  await tx.insert(storeCategories).values(
    DEMO_STORES.flatMap((st, i) =>
      sellerByName.get(st.seller)!.categories.map((name) => ({
        storeId: storeRows[i]!.id,
        categoryId: categoryByName.get(name)!.id,
      })),
    ),
  );
  const storesOf = new Map<number, number[]>();
  for (const s of storeRows) storesOf.set(s.ownerId, [...(storesOf.get(s.ownerId) ?? []), s.id]);

  return storesOf;
}

async function insertProducts(
  tx: Tx,
  plan: ReturnType<typeof planProducts>,
  idOf: Map<string, number>,
  categoryByName: CategoryByName,
  now: number,
) {
  return tx
    .insert(products)
    .values(
      plan.map((p, i) => {
        const category = categoryByName.get(p.category)!;
        return {
          sellerId: idOf.get(p.seller)!,
          brand: p.brand,
          name: p.name,
          priceRappen: p.priceRappen,
          description: p.description,
          image: productImageKey(i),
          categoryId: category.id,
          subcategoryId: category.subs.find((s) => s.name === p.subcategory)!.id,
          vatRate: demoVatRate(p.category, p.subcategory),
          // Older first, so that ids and creation times agree on "newest".
          createdAt: new Date(now - (plan.length - i) * 47 * 60_000),
        };
      }),
    )
    .returning({ id: products.id, sellerId: products.sellerId, createdAt: products.createdAt });
}

type ProductRow = Awaited<ReturnType<typeof insertProducts>>[number];

/** Stock in each of the seller's stores; some of a second store's at 0. */
function stockValuesOf(productRows: ProductRow[], storesOf: Map<number, number[]>, random: () => number) {
  const stockValues: { storeId: number; productId: number; number: number }[] = [];
  for (const p of productRows) {
    const own = storesOf.get(p.sellerId) ?? [];
    own.forEach((storeId, k) => {
      const zero = random() < 0.12 && k > 0;
      stockValues.push({ storeId, productId: p.id, number: zero ? 0 : 1 + Math.floor(random() * 40) });
    });
  }
  return stockValues;
}

/** Reviews of about 40 % of the products, by one to three customers each, in time order. */
function reviewValuesOf(
  productRows: ProductRow[],
  idOf: Map<string, number>,
  random: () => number,
  now: number,
): (typeof reviews.$inferInsert)[] {
  const customerIds = DEMO_CUSTOMERS.map((c) => idOf.get(c.username)!);
  const demoCustomer = customerIds[0]!;
  const reviewValues: (typeof reviews.$inferInsert)[] = [];
  productRows.forEach((p, i) => {
    if (random() > 0.4) return;
    // The demo customer reviewed only a few products, so most stay open for trying the form.
    const pool = i % 40 === 3 ? customerIds : customerIds.slice(1);
    const count = 1 + Math.floor(random() * 3);
    const chosen = new Set<number>();
    if (pool[0] === demoCustomer) chosen.add(demoCustomer);
    while (chosen.size < Math.min(count, pool.length)) chosen.add(pool[Math.floor(random() * pool.length)]!);
    for (const userId of chosen) {
      const rating = pickRating(random());
      const comments = REVIEW_COMMENTS[rating]!;
      const age = p.createdAt.getTime();
      reviewValues.push({
        productId: p.id,
        userId,
        rating,
        comment: comments[Math.floor(random() * comments.length)]!,
        createdAt: new Date(age + Math.floor(random() * (now - age))),
      });
    }
  });
  // In time order, so that review ids grow with their creation time as in normal use.
  reviewValues.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  return reviewValues;
}

async function seedDemoCatalogue(
  database: Database,
  media: MediaStorage,
  passwordHash: string,
): Promise<void> {
  const random = prng(20240611);
  const tree = await loadTree(database);
  const categoryByName = new Map(tree.map((c) => [c.name, c]));
  const plan = planProducts(tree.map((c) => ({ name: c.name, subcategories: c.subs.map((s) => s.name) })));

  await storeDemoImages(media, [
    ...DEMO_SELLERS.map((s, i) => ({ key: logoKey(i), svg: logoSvg({ shop: s.shop, colour: s.colour }) })),
    ...plan.map((p, i) => ({
      key: productImageKey(i),
      svg: productSvg({
        name: p.name,
        brand: p.brand,
        hue: (p.categoryIndex * 36 + p.subIndex * 9) % 360,
        shape: p.subIndex + p.categoryIndex,
      }),
    })),
  ]);

  const now = Date.now();
  await database.db.transaction(async (tx) => {
    const idOf = await insertAccounts(tx, passwordHash, categoryByName, now);
    const storesOf = await insertStores(tx, idOf, categoryByName);
    const productRows = await insertProducts(tx, plan, idOf, categoryByName, now);
    await tx.insert(stocks).values(stockValuesOf(productRows, storesOf, random));
    await tx.insert(reviews).values(reviewValuesOf(productRows, idOf, random, now));
    await tx.execute(sql`
      update products p set num_reviews = r.n, rating_sum = r.s
      from (select product_id, count(*)::int as n, sum(rating)::int as s from reviews group by product_id) r
      where p.id = r.product_id`);
  });
}

/** Demo sellers, stores, products, stock and reviews; `products` adds a large generated catalogue. */
export async function seedCatalogue(
  database: Database,
  config: Config,
  options: {
    passwordHash: string;
    products?: number | undefined;
    media?: MediaStorage;
    log?: (message: string) => void;
  },
): Promise<void> {
  const media = options.media ?? createMediaStorage(config);
  const existing = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, 'demo-seller'));
  if (existing.length === 0) await seedDemoCatalogue(database, media, options.passwordHash);
  if (options.products && options.products > 0) {
    await seedBulk(database, {
      products: options.products,
      passwordHash: options.passwordHash,
      imageKeys: Array.from({ length: 24 }, (_, i) => productImageKey(i * 8)),
      log: options.log,
    });
  }
}
