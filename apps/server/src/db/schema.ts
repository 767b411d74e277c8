/**
 * The one database schema. Money is integer Rappen, timestamps are timestamptz, and every
 * soft-deleted row keeps its id so that orders, which copy what they sold, never break.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isStaff: boolean('is_staff').notNull().default(false),
    dateJoined: ts('date_joined').notNull().defaultNow(),
    lastLogin: ts('last_login'),
    /** Raised on logout and deletion; tokens carry the version they were issued for. */
    tokenVersion: integer('token_version').notNull().default(0),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
  ],
);

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  position: integer('position').notNull().default(0),
});

export const subcategories = pgTable(
  'subcategories',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('subcategories_category_name_key').on(t.categoryId, t.name),
    index('subcategories_name_idx').on(t.name),
  ],
);

export const profiles = pgTable(
  'profiles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id)
      .unique(),
    status: text('status', { enum: ['CUSTOMER', 'STORE_OWNER'] }).notNull(),
    image: text('image'),
    industry: text('industry').notNull().default(''),
    headquarter: text('headquarter').notNull().default(''),
    description: text('description').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('profiles_status_idx').on(t.status, t.id)],
);

export const profileCategories = pgTable(
  'profile_categories',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.categoryId] }),
    index('profile_categories_category_idx').on(t.categoryId),
  ],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    brand: text('brand').notNull(),
    name: text('name').notNull(),
    priceRappen: integer('price_rappen').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    subcategoryId: integer('subcategory_id')
      .notNull()
      .references(() => subcategories.id),
    numReviews: integer('num_reviews').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /** Lower-case, accent-free text of name, brand, description and seller name, for search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    check('products_price_positive', sql`${t.priceRappen} > 0`),
    index('products_seller_idx').on(t.sellerId, t.id),
    // Live-product pages (newest first, any offset) are index-only scans of these partial
    // indexes. Ascending on purpose: `order by id desc` is DESC NULLS FIRST, which a backward
    // scan of an ascending index gives and a `desc()` (DESC NULLS LAST) index never does.
    index('products_category_idx')
      .on(t.categoryId, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('products_subcategory_idx')
      .on(t.subcategoryId, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('products_live_id_idx')
      .on(t.id)
      .where(sql`${t.deletedAt} is null`),
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull().default(''),
    verified: boolean('verified').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    uniqueIndex('reviews_product_user_key').on(t.productId, t.userId),
    index('reviews_created_idx').on(t.createdAt.desc()),
  ],
);

export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    country: text('country').notNull().default(''),
    city: text('city').notNull().default(''),
    latitude: numeric('latitude', { precision: 9, scale: 6 }).notNull(),
    longitude: numeric('longitude', { precision: 9, scale: 6 }).notNull(),
    description: text('description').notNull().default(''),
    phone: text('phone').notNull().default(''),
    image: text('image'),
    searchText: text('search_text').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('stores_owner_idx').on(t.ownerId, t.id),
    index('stores_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const storeCategories = pgTable(
  'store_categories',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.categoryId] })],
);

export const stocks = pgTable(
  'stocks',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    number: integer('number').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('stocks_number_not_negative', sql`${t.number} >= 0`),
    uniqueIndex('stocks_store_product_key').on(t.storeId, t.productId),
    index('stocks_product_idx').on(t.productId),
  ],
);

export type ShippingAddress = { address: string; city: string; postalCode: string; country: string };

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    paymentMethod: text('payment_method').notNull().default('PayPal'),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress | null>(),
    itemsRappen: integer('items_rappen').notNull(),
    shippingRappen: integer('shipping_rappen').notNull(),
    /** pending → paid, or pending → expired when the hold time passes unpaid. */
    status: text('status', { enum: ['pending', 'paid', 'expired'] })
      .notNull()
      .default('pending'),
    isPaid: boolean('is_paid').notNull().default(false),
    paidAt: ts('paid_at'),
    expiresAt: ts('expires_at').notNull(),
    providerOrderId: text('provider_order_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.id),
    index('orders_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const sellerOrders = pgTable(
  'seller_orders',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    itemsRappen: integer('items_rappen').notNull(),
    shippingRappen: integer('shipping_rappen').notNull(),
    pickupCode: text('pickup_code'),
    isShipped: boolean('is_shipped').notNull().default(false),
    shippedAt: ts('shipped_at'),
    isCompleted: boolean('is_completed').notNull().default(false),
    completedAt: ts('completed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('seller_orders_seller_idx').on(t.sellerId, t.id),
    index('seller_orders_order_idx').on(t.orderId),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    sellerOrderId: integer('seller_order_id')
      .notNull()
      .references(() => sellerOrders.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    image: text('image'),
    priceRappen: integer('price_rappen').notNull(),
    quantity: integer('quantity').notNull(),
    orderType: text('order_type', { enum: ['online', 'inStore'] }).notNull(),
    storeId: integer('store_id').references(() => stores.id),
    storeName: text('store_name'),
    storeOwnerName: text('store_owner_name'),
    isRetrieved: boolean('is_retrieved').notNull().default(false),
    retrievedAt: ts('retrieved_at'),
  },
  (t) => [
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    index('order_items_seller_order_idx').on(t.sellerOrderId),
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
  ],
);

/** Which store reserved (and, once paid, sold) how many units of an order line. */
export const stockAllocations = pgTable(
  'stock_allocations',
  {
    id: serial('id').primaryKey(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    /** Set when the stock went back to the store (expired order). */
    releasedAt: ts('released_at'),
  },
  (t) => [
    check('stock_allocations_quantity_positive', sql`${t.quantity} > 0`),
    index('stock_allocations_item_idx').on(t.orderItemId),
    index('stock_allocations_store_idx').on(t.storeId),
  ],
);

export const payments = pgTable('payments', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id)
    .unique(),
  provider: text('provider').notNull(),
  providerReference: text('provider_reference').notNull(),
  amountRappen: integer('amount_rappen').notNull(),
  currency: text('currency').notNull().default('CHF'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** E-mails waiting to go out; a failed send is retried by the outbox worker, never fails the order. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // The claim walks unsent rows in id order and stops after one batch, however many were sent.
    index('outbox_pending_idx')
      .on(t.id)
      .where(sql`${t.sentAt} is null`),
  ],
);
