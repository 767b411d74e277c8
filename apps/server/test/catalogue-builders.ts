/** Builders for catalogue tests: products through the API, stores, stock and paid orders straight in the database. */
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import {
  categories,
  orderItems,
  orders,
  products,
  sellerOrders,
  stocks,
  stores,
  subcategories,
} from '../src/db/schema.ts';
import type { Database } from '../src/db/client.ts';
import { eq } from 'drizzle-orm';
import type { TestUser } from './fixtures.ts';

export interface CategoryRef {
  category: number;
  categoryName: string;
  subcategory: number;
  subcategoryName: string;
}

/** The n-th subcategory of the n-th category of the seeded tree. */
export async function categoryRef(database: Database, categoryIndex = 0, subIndex = 0): Promise<CategoryRef> {
  const cats = await database.db.select().from(categories).orderBy(categories.position);
  const cat = cats[categoryIndex]!;
  const subs = await database.db
    .select()
    .from(subcategories)
    .where(eq(subcategories.categoryId, cat.id))
    .orderBy(subcategories.position);
  const sub = subs[subIndex]!;
  return { category: cat.id, categoryName: cat.name, subcategory: sub.id, subcategoryName: sub.name };
}

export async function createProduct(
  app: FastifyInstance,
  seller: TestUser,
  ref: CategoryRef,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; price: string; name: string; brand: string } & Record<string, unknown>> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/products/new/',
    headers: seller.auth,
    payload: {
      brand: 'Bergkäserei Hohgant',
      name: `Emmentaler AOP ${Math.random().toString(36).slice(2, 7)}`,
      price: '49.90',
      description: 'Mindestens 12 Monate gereift.',
      category: ref.category,
      subcategory: ref.subcategory,
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`product creation failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function createStore(
  database: Database,
  ownerId: number,
  overrides: Partial<typeof stores.$inferInsert> = {},
): Promise<number> {
  const [row] = await database.db
    .insert(stores)
    .values({
      ownerId,
      name: 'Laden Marktgasse',
      address: 'Marktgasse 10',
      city: 'Bern',
      country: 'Switzerland',
      latitude: '46.947974',
      longitude: '7.447447',
      ...overrides,
    })
    .returning({ id: stores.id });
  return row!.id;
}

export async function setStock(
  database: Database,
  storeId: number,
  productId: number,
  number: number,
): Promise<void> {
  await database.db
    .insert(stocks)
    .values({ storeId, productId, number })
    .onConflictDoUpdate({ target: [stocks.storeId, stocks.productId], set: { number } });
}

/** An order of one line of `productId`, paid or not. */
export async function createOrder(
  database: Database,
  customerId: number,
  sellerId: number,
  product: { id: number; name: string; brand: string; priceRappen: number },
  paid: boolean,
): Promise<{ orderId: number; itemId: number }> {
  return database.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        customerId,
        itemsRappen: product.priceRappen,
        shippingRappen: 2000,
        status: paid ? 'paid' : 'pending',
        isPaid: paid,
        paidAt: paid ? new Date() : null,
        expiresAt: new Date(Date.now() + 30 * 60_000),
      })
      .returning({ id: orders.id });
    const [so] = await tx
      .insert(sellerOrders)
      .values({ orderId: order!.id, sellerId, itemsRappen: product.priceRappen, shippingRappen: 2000 })
      .returning({ id: sellerOrders.id });
    const [item] = await tx
      .insert(orderItems)
      .values({
        orderId: order!.id,
        sellerOrderId: so!.id,
        productId: product.id,
        name: product.name,
        brand: product.brand,
        priceRappen: product.priceRappen,
        quantity: 1,
        orderType: 'online',
      })
      .returning({ id: orderItems.id });
    return { orderId: order!.id, itemId: item!.id };
  });
}

export function pngImage(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 40 } } })
    .png()
    .toBuffer();
}

/** Hides a product as moderation does, straight in the database. */
export async function hideProduct(database: Database, productId: number): Promise<void> {
  await database.db
    .update(products)
    .set({ hiddenAt: new Date(), hiddenReason: 'test' })
    .where(eq(products.id, productId));
}

/** Renames a store straight in the database. */
export async function renameStore(database: Database, storeId: number, name: string): Promise<void> {
  await database.db.update(stores).set({ name }).where(eq(stores.id, storeId));
}
