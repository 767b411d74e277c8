/** Builders for stores, products, stock rows and pick-up orders in integration tests; each takes overrides. */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';
import { orderItems, orders, products, sellerOrders, subcategories } from '../src/db/schema.ts';
import type { TestUser } from './fixtures.ts';

export interface StoreOverrides {
  name?: string;
  address?: string;
  country?: string;
  city?: string;
  latitude?: number | string;
  longitude?: number | string;
  description?: string;
  phone?: string;
  category?: number[];
}

let storeCount = 0;

/** Creates a store through POST /api/stores/new/ (JSON) and answers its body. */
export async function createStore(
  app: FastifyInstance,
  owner: TestUser,
  overrides: StoreOverrides = {},
): Promise<{ id: number; name: string; [key: string]: unknown }> {
  storeCount += 1;
  const res = await app.inject({
    method: 'POST',
    url: '/api/stores/new/',
    headers: owner.auth,
    payload: {
      name: `Laden ${storeCount}`,
      address: 'Bahnhofstrasse 1',
      country: 'Switzerland',
      city: 'Zürich',
      latitude: 47.372,
      longitude: 8.539,
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`store creation failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export interface ProductOverrides {
  brand?: string;
  name?: string;
  priceRappen?: number;
  description?: string;
  categoryId?: number;
  subcategoryId?: number;
}

/**
 * Inserts a product straight into the database (the catalogue's own endpoints are tested in
 * the catalogue module); the database indexes its words for search.
 */
export async function insertProduct(
  database: Database,
  seller: TestUser,
  overrides: ProductOverrides = {},
): Promise<{ id: number; name: string; brand: string }> {
  const [sub] = await database.db
    .select({ id: subcategories.id, categoryId: subcategories.categoryId })
    .from(subcategories)
    .orderBy(asc(subcategories.id))
    .limit(1);
  const brand = overrides.brand ?? 'Testmarke';
  const name = overrides.name ?? `Produkt ${Math.random().toString(36).slice(2, 8)}`;
  const description = overrides.description ?? '';
  const [row] = await database.db
    .insert(products)
    .values({
      sellerId: seller.id,
      brand,
      name,
      description,
      priceRappen: overrides.priceRappen ?? 1290,
      categoryId: overrides.categoryId ?? sub!.categoryId,
      subcategoryId: overrides.subcategoryId ?? sub!.id,
    })
    .returning({ id: products.id });
  return { id: row!.id, name, brand };
}

/** Sets a stock number through POST /api/stocks/new/ and answers the row. */
export async function setStock(
  app: FastifyInstance,
  owner: TestUser,
  store: number,
  product: number,
  number: number,
): Promise<{ id: number; number: number }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/stocks/new/',
    headers: owner.auth,
    payload: { store, product, number },
  });
  if (res.statusCode !== 201) throw new Error(`stock failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** An order with one in-store line for `storeId`, written directly (the orders module owns the real flow). */
export async function insertPickupOrder(
  database: Database,
  options: {
    customerId: number;
    sellerId: number;
    storeId: number;
    storeName: string;
    productId: number;
    status?: 'pending' | 'paid' | 'expired';
    isRetrieved?: boolean;
  },
): Promise<{ orderId: number; itemId: number }> {
  const status = options.status ?? 'paid';
  return database.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        customerId: options.customerId,
        itemsRappen: 1290,
        shippingRappen: 0,
        status,
        isPaid: status === 'paid',
        paidAt: status === 'paid' ? new Date() : null,
        expiresAt: new Date(Date.now() + 30 * 60_000),
      })
      .returning({ id: orders.id });
    const [sellerOrder] = await tx
      .insert(sellerOrders)
      .values({ orderId: order!.id, sellerId: options.sellerId, itemsRappen: 1290, shippingRappen: 0 })
      .returning({ id: sellerOrders.id });
    const [item] = await tx
      .insert(orderItems)
      .values({
        orderId: order!.id,
        sellerOrderId: sellerOrder!.id,
        productId: options.productId,
        name: 'Bergkäse',
        brand: 'Alp',
        priceRappen: 1290,
        quantity: 1,
        orderType: 'inStore',
        storeId: options.storeId,
        storeName: options.storeName,
        isRetrieved: options.isRetrieved ?? false,
        retrievedAt: options.isRetrieved ? new Date() : null,
      })
      .returning({ id: orderItems.id });
    return { orderId: order!.id, itemId: item!.id };
  });
}

export async function orderItemStoreName(database: Database, itemId: number): Promise<string | null> {
  const [row] = await database.db
    .select({ storeName: orderItems.storeName })
    .from(orderItems)
    .where(eq(orderItems.id, itemId));
  return row?.storeName ?? null;
}
