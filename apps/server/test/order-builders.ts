/**
 * Builders for order tests: sellers come through the API, their stores, products and stocks
 * are inserted directly (the catalogue and stores modules have their own tests).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parseRappen } from '@marktgasse/shared';
import type { Db } from '../src/db/client.ts';
import { orders, products, stocks, stores, subcategories } from '../src/db/schema.ts';
import { registerUser, uniqueName, type TestUser } from './fixtures.ts';

export interface TestStore {
  id: number;
  name: string;
}
export interface TestProduct {
  id: number;
  name: string;
  price: string;
  sellerId: number;
}

export async function insertStore(
  db: Db,
  ownerId: number,
  overrides: Partial<typeof stores.$inferInsert> = {},
): Promise<TestStore> {
  const [row] = await db
    .insert(stores)
    .values({
      ownerId,
      name: uniqueName('Laden '),
      city: 'Bern',
      country: 'Switzerland',
      address: 'Marktgasse 1',
      latitude: '46.948000',
      longitude: '7.447000',
      ...overrides,
    })
    .returning();
  return { id: row!.id, name: row!.name };
}

export async function insertProduct(
  db: Db,
  sellerId: number,
  overrides: Partial<Omit<typeof products.$inferInsert, 'priceRappen'>> & { price?: string } = {},
): Promise<TestProduct> {
  const [sub] = await db.select().from(subcategories).limit(1);
  const { price = '10.00', ...rest } = overrides;
  const [row] = await db
    .insert(products)
    .values({
      sellerId,
      brand: 'Marke',
      name: uniqueName('Produkt '),
      priceRappen: parseRappen(price)!,
      categoryId: sub!.categoryId,
      subcategoryId: sub!.id,
      ...rest,
    })
    .returning();
  return { id: row!.id, name: row!.name, price, sellerId };
}

export async function setStock(db: Db, storeId: number, productId: number, number: number): Promise<void> {
  await db
    .insert(stocks)
    .values({ storeId, productId, number })
    .onConflictDoUpdate({ target: [stocks.storeId, stocks.productId], set: { number } });
}

export async function stockOf(db: Db, storeId: number, productId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ number: stocks.number })
    .from(stocks)
    .where(and(eq(stocks.storeId, storeId), eq(stocks.productId, productId)));
  return row?.number;
}

export async function countOrders(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
  return row!.n;
}

/** Moves an order's hold time into the past, as if the hold minutes had gone by. */
export async function expireHoldNow(db: Db, orderId: number): Promise<void> {
  await db
    .update(orders)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(orders.id, orderId));
}

export interface Shop {
  seller: TestUser;
  stores: TestStore[];
  products: TestProduct[];
}

/**
 * A seller with stores and products. `stock[i][j]` is the number of product i in store j
 * (default: 10 of every product in one store).
 */
export async function buildShop(
  app: FastifyInstance,
  db: Db,
  options: { prices?: string[]; storeCount?: number; stock?: number[][] } = {},
): Promise<Shop> {
  const seller = await registerUser(app, { status: 'STORE_OWNER' });
  const prices = options.prices ?? ['10.00'];
  const storeCount = options.storeCount ?? options.stock?.[0]?.length ?? 1;
  const shopStores: TestStore[] = [];
  for (let j = 0; j < storeCount; j++) shopStores.push(await insertStore(db, seller.id));
  const shopProducts: TestProduct[] = [];
  for (const [i, price] of prices.entries()) {
    const product = await insertProduct(db, seller.id, { price });
    shopProducts.push(product);
    for (const [j, store] of shopStores.entries()) {
      await setStock(db, store.id, product.id, options.stock?.[i]?.[j] ?? 10);
    }
  }
  return { seller, stores: shopStores, products: shopProducts };
}

export interface Line {
  product: TestProduct;
  quantity?: number;
  store?: TestStore;
}

export const SHIPPING_ADDRESS = {
  address: 'Bahnhofstrasse 1',
  city: 'Zürich',
  postalCode: '8001',
  country: 'Switzerland',
};

/** The §3 order creation payload for these lines (online unless a store is given) and the totals the client sends. */
export function orderPayload(
  lines: Line[],
  totals: { totalPrice: string | number; totalShippingPrice: string | number },
  extra: Record<string, unknown> = {},
) {
  return {
    orderItems: lines.map((l) => ({
      id: l.product.id,
      name: l.product.name,
      price: l.product.price,
      quantity: l.quantity ?? 1,
      orderType: l.store ? 'inStore' : 'online',
      storeId: l.store?.id ?? null,
      sellerId: l.product.sellerId,
    })),
    paymentMethod: 'PayPal',
    shippingAddress: lines.some((l) => !l.store) ? SHIPPING_ADDRESS : null,
    ...totals,
    ...extra,
  };
}
