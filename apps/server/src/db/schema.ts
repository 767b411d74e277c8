/**
 * The one database schema. Money is integer Rappen, timestamps are timestamptz, and every
 * soft-deleted row keeps its id so that orders, which copy what they sold, never break.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** As registered, in NFKC. */
    username: text('username').notNull(),
    /** `usernameKey(username)` (NFKC + case fold): unique, and what sign-in looks up (docs/decisions/145). */
    usernameKey: text('username_key').notNull(),
    /** Not unique: a registration must not tell whether an address has an account (docs/decisions/146). */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isStaff: boolean('is_staff').notNull().default(false),
    dateJoined: ts('date_joined').notNull().defaultNow(),
    lastLogin: ts('last_login'),
    /** Raised on logout and deletion; tokens carry the version they were issued for. */
    tokenVersion: integer('token_version').notNull().default(0),
    deletedAt: ts('deleted_at'),
    /**
     * A keyed hash of the address that registered without a profile: only that address may
     * create the profile without a token, shortly after (docs/decisions/146). Null once used.
     */
    profileClaim: text('profile_claim'),
    /**
     * The username's confusable skeleton (accounts/skeleton.ts, decision 198): a new username
     * whose skeleton a live account has is refused. Null only until the start-up backfill.
     */
    nameSkeleton: text('name_skeleton'),
    /** A staff account's permissions: support, moderation, finance, admin (docs/decisions/205). */
    staffPermissions: text('staff_permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The confirmed TOTP secret (base32); null until the staff member enrolled. */
    totpSecret: text('totp_secret'),
    /** A secret offered at the first sign-in, confirmed by the first valid code. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last 30-second step whose code was accepted: a code is never accepted twice. */
    totpLastStep: integer('totp_last_step').notNull().default(0),
    /** Locked by staff: no sign-in, every token revoked. */
    lockedAt: ts('locked_at'),
    /** A suspended seller's products and stores leave every public read (docs/decisions/206). */
    suspendedAt: ts('suspended_at'),
    suspendedReason: text('suspended_reason'),
    /**
     * Since when a new seller waits for staff approval (SELLER_APPROVAL_REQUIRED, decision 290);
     * null: approved or never asked. Public reads treat a waiting seller like a suspended one.
     */
    awaitingApprovalSince: ts('awaiting_approval_since'),
    /**
     * When the owner proved the address by a confirmation link (docs/decisions/253); null:
     * unconfirmed. Invoice is offered only to confirmed addresses (decision 232).
     */
    emailConfirmedAt: ts('email_confirmed_at'),
    /** The language of the account's own e-mails (de, fr, it; null: English), from the web app's last account request. */
    locale: text('locale'),
  },
  (t) => [
    uniqueIndex('users_username_key_key').on(t.usernameKey),
    index('users_name_skeleton_idx').on(t.nameSkeleton),
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
    /** A seller's shop name ('' = none: the username is shown). */
    displayName: text('display_name').notNull().default(''),
    /** Where payouts go (decision 226): electronic format, checksum-valid, never a QR-IBAN. */
    iban: text('iban'),
    accountHolder: text('account_holder'),
    /** The shop name's confusable skeleton (decision 198); null while there is no shop name. */
    nameSkeleton: text('name_skeleton'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('profiles_status_idx').on(t.status, t.id),
    index('profiles_name_skeleton_idx').on(t.nameSkeleton),
    // Shop names tell shops apart: unique once folded (case, accents, punctuation), decision 176.
    uniqueIndex('profiles_display_name_key')
      .on(sql`mg_search_fold(${t.displayName})`)
      .where(sql`${t.displayName} <> ''`),
  ],
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
    /** VAT rate category (decision 225): 'standard' | 'reduced' | 'exempt'. */
    vatRate: text('vat_rate', { enum: ['standard', 'reduced', 'exempt'] })
      .notNull()
      .default('standard'),
    numReviews: integer('num_reviews').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
    /** Hidden by moderation, with the reason the seller sees (docs/decisions/206). */
    hiddenAt: ts('hidden_at'),
    hiddenReason: text('hidden_reason'),
    /**
     * Copied from the seller's account: true while the seller is suspended or awaits approval
     * (decisions 206, 290), so public reads need no join to users.
     */
    sellerSuspended: boolean('seller_suspended').notNull().default(false),
  },
  (t) => [
    check('products_price_positive', sql`${t.priceRappen} > 0`),
    index('products_seller_idx').on(t.sellerId, t.id),
    // Live-product pages (newest first, any offset) are index-only scans of these partial
    // indexes. Ascending on purpose: `order by id desc` is DESC NULLS FIRST, which a backward
    // scan of an ascending index gives and a `desc()` (DESC NULLS LAST) index never does.
    index('products_category_idx')
      .on(t.categoryId, t.id)
      .where(sql`${t.deletedAt} is null and ${t.hiddenAt} is null and not ${t.sellerSuspended}`),
    index('products_subcategory_idx')
      .on(t.subcategoryId, t.id)
      .where(sql`${t.deletedAt} is null and ${t.hiddenAt} is null and not ${t.sellerSuspended}`),
    index('products_live_id_idx')
      .on(t.id)
      .where(sql`${t.deletedAt} is null and ${t.hiddenAt} is null and not ${t.sellerSuspended}`),
    // Sorted lists (docs/decisions/130): cheapest, dearest and best-rated first, newest within.
    index('products_live_price_idx')
      .on(t.priceRappen, t.id)
      .where(sql`${t.deletedAt} is null and ${t.hiddenAt} is null and not ${t.sellerSuspended}`),
    index('products_live_rating_idx')
      .on(
        sql`(${t.ratingSum}::float8 / nullif(${t.numReviews}, 0)) desc nulls last`,
        t.numReviews.desc(),
        t.id.desc(),
      )
      .where(sql`${t.deletedAt} is null and ${t.hiddenAt} is null and not ${t.sellerSuspended}`),
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
    createdAt: ts('created_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('stores_owner_idx').on(t.ownerId, t.id)],
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
    /**
     * When the seller last set the number. Units held by an order placed before this are not
     * given back when the order expires: the seller's count already says what is for sale
     * (docs/decisions/172).
     */
    countedAt: ts('counted_at'),
  },
  (t) => [
    check('stocks_number_not_negative', sql`${t.number} >= 0`),
    uniqueIndex('stocks_store_product_key').on(t.storeId, t.productId),
    index('stocks_product_idx').on(t.productId),
  ],
);

export type ShippingAddress = {
  address: string;
  city: string;
  postalCode: string;
  country: string;
  /** The recipient and a Swiss phone number ("+41 79 123 45 67"), kept since issue 32; absent on older orders. */
  name?: string | null;
  phone?: string | null;
};

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
    /**
     * pending → paying (a capture in flight: the expiry sweep skips it until payingUntil) →
     * paid, or back to pending when nothing was captured; pending → expired when the hold
     * time passes unpaid; pending or paid → cancelled (docs/decisions/155, 156).
     */
    status: text('status', { enum: ['pending', 'paying', 'paid', 'expired', 'cancelled'] })
      .notNull()
      .default('pending'),
    isPaid: boolean('is_paid').notNull().default(false),
    paidAt: ts('paid_at'),
    expiresAt: ts('expires_at').notNull(),
    /** How often the customer may still extend the hold (ORDER_HOLD_MAX_EXTENSIONS at placement; decision 174). */
    holdExtensionsLeft: integer('hold_extensions_left').notNull().default(0),
    providerOrderId: text('provider_order_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The pending-capture record: set with status paying before the provider is asked. */
    payingUntil: ts('paying_until'),
    cancelledAt: ts('cancelled_at'),
    /** What went back to the customer, summed from completed refunds. */
    refundedRappen: integer('refunded_rappen').notNull().default(0),
    /** The customer's language for e-mails (de, fr, it; null: English), from their last request. */
    locale: text('locale'),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.id),
    index('orders_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    // The reconciling job's look for captures that outlived their time (decision 156).
    index('orders_paying_idx')
      .on(t.payingUntil)
      .where(sql`${t.status} = 'paying'`),
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
    /** Named by the seller when sending (swisspost, dpd, dhl, other), with the parcel's number. */
    carrier: text('carrier', { enum: ['swisspost', 'dpd', 'dhl', 'other'] }),
    trackingNumber: text('tracking_number'),
    isCompleted: boolean('is_completed').notNull().default(false),
    completedAt: ts('completed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /**
     * Set when the parent order expires (its status, copied here): the seller's list leaves
     * these out from this table's own index, without a join to orders per row.
     */
    expiredAt: ts('expired_at'),
    /** Set when the seller (or the customer, for the whole order) cancelled this part. */
    cancelledAt: ts('cancelled_at'),
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    index('seller_orders_seller_idx').on(t.sellerId, t.id),
    index('seller_orders_order_idx').on(t.orderId),
    // The seller's order list and its count: newest first, expired shares left out.
    index('seller_orders_seller_live_idx')
      .on(t.sellerId, t.id)
      .where(sql`${t.expiredAt} is null`),
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

/**
 * The first answer to a request sent with an `Idempotency-Key` (docs/decisions/173): a retry
 * with the same key by the same user on the same route answers it again instead of placing or
 * paying twice. `status` is null while the first request runs. Rows older than a day go.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    route: text('route').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request (route parameters and body): the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    body: text('body'),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [t.userId, t.route, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * Money sent back through the payment provider. `key` names the cancellation it belongs to
 * (`order-<id>`, `seller-order-<id>`, `refused-<id>`): unique, so a repeated or raced
 * cancellation finds the row of the first and never refunds twice (docs/decisions/157).
 * A row without completedAt is a refund being asked for (or to be retried by the job).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    sellerOrderId: integer('seller_order_id').references(() => sellerOrders.id),
    amountRappen: integer('amount_rappen').notNull(),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference'),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    uniqueIndex('refunds_key_key').on(t.key),
    index('refunds_order_idx').on(t.orderId),
    check('refunds_amount_positive', sql`${t.amountRappen} > 0`),
  ],
);

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

/*
 * Search (docs/decisions/128). Every word of a live product, store or seller, folded by
 * mg_search_fold (the SQL twin of toSearchText), with the best field it occurs in. The rows
 * are written by triggers (migration 0005), so no writer computes them; a query reads
 * only these narrow indexes (index-only), never the wide rows, until the page is known.
 * `term` is COLLATE "C" (set in the migration) so that a prefix is one index range.
 */
const termColumns = () => ({
  term: text('term').notNull(),
  /** The best field of the word: 0 is the strongest (a product's name), see SEARCH_FIELDS. */
  field: smallint('field').notNull(),
});

export const searchProductTerms = pgTable(
  'search_product_terms',
  { ...termColumns(), productId: integer('product_id').notNull() },
  (t) => [
    primaryKey({ name: 'search_product_terms_pkey', columns: [t.term, t.field, t.productId] }),
    index('search_product_terms_product_idx').on(t.productId),
  ],
);

export const searchStoreTerms = pgTable(
  'search_store_terms',
  { ...termColumns(), storeId: integer('store_id').notNull() },
  (t) => [
    primaryKey({ name: 'search_store_terms_pkey', columns: [t.term, t.field, t.storeId] }),
    index('search_store_terms_store_idx').on(t.storeId),
  ],
);

export const searchSellerTerms = pgTable(
  'search_seller_terms',
  { ...termColumns(), sellerId: integer('seller_id').notNull() },
  (t) => [
    primaryKey({ name: 'search_seller_terms_pkey', columns: [t.term, t.field, t.sellerId] }),
    index('search_seller_terms_seller_idx').on(t.sellerId),
  ],
);

/**
 * Every word ever indexed, numbered as it came: each server process holds them in memory and
 * reads only the rows after the last id it has seen (modules/search/vocabulary.ts).
 */
export const searchVocabulary = pgTable(
  'search_vocabulary',
  { id: serial('id').notNull(), term: text('term').primaryKey() },
  (t) => [index('search_vocabulary_id_idx').on(t.id)],
);

/**
 * The names of categories and subcategories in German, French and Italian (the English name is
 * the row's own), keyed by the English name: the product word tables index them like the
 * English name, so "Uhren", "montres" or "orologi" find the watches (docs/decisions/180).
 * The same texts as the web app's category locales; a test holds them equal.
 */
export const categoryLabels = pgTable(
  'category_labels',
  {
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    lang: text('lang').notNull(),
    label: text('label').notNull(),
  },
  (t) => [
    primaryKey({ name: 'category_labels_pkey', columns: [t.kind, t.name, t.lang] }),
    check('category_labels_kind', sql`${t.kind} in ('category', 'subcategory')`),
  ],
);

/**
 * Bank credits read from camt.054/053 files (issue 27, decision 231). `key` is the bank's
 * reference of the entry (account + AcctSvcrRef, or entry reference + position): unique, so a
 * file imported twice books nothing twice. No foreign key to orders: an unknown reference may
 * name no order at all, and the row must still be kept (never lost).
 */
export const bankEntries = pgTable(
  'bank_entries',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    messageId: text('message_id').notNull(),
    amountRappen: integer('amount_rappen').notNull(),
    currency: text('currency').notNull(),
    qrReference: text('qr_reference'),
    otherReference: text('other_reference'),
    debtorName: text('debtor_name'),
    debtorIban: text('debtor_iban'),
    bookingDate: text('booking_date'),
    orderId: integer('order_id'),
    /** booked | underpaid | toReturn | unmatched */
    outcome: text('outcome').notNull(),
    /** Why a credit goes back: overpaid, cancelled, expired, alreadyPaid, currency. */
    reason: text('reason'),
    /** What goes back to the payer (all of it, or the part above what was due). */
    returnRappen: integer('return_rappen').notNull().default(0),
    importedBy: integer('imported_by'),
    importedAt: ts('imported_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_entries_key_key').on(t.key),
    index('bank_entries_order_idx').on(t.orderId),
    index('bank_entries_outcome_idx').on(t.outcome),
    check('bank_entries_amount_positive', sql`${t.amountRappen} > 0`),
    check('bank_entries_return_range', sql`${t.returnRappen} between 0 and ${t.amountRappen}`),
    check(
      'bank_entries_outcome_known',
      sql`${t.outcome} in ('booked', 'underpaid', 'toReturn', 'unmatched')`,
    ),
  ],
);

/**
 * Money to send back by bank transfer for invoice orders paid from a bank account (issue 27,
 * decision 234): one payout line each, to the IBAN the customer gave on cancellation. `key`
 * names the cancellation (as refunds.key does), so asking twice queues one line. Open until
 * staff (or the ledger's pain.001 run) pay it out.
 */
export const bankRefunds = pgTable(
  'bank_refunds',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    orderId: integer('order_id').notNull(),
    amountRappen: integer('amount_rappen').notNull(),
    /** Null while the customer has not given an account yet (a seller's cancellation, decision 250). */
    iban: text('iban'),
    accountHolder: text('account_holder'),
    /** When the customer was e-mailed for the account (once, by the payments job). */
    accountAskedAt: ts('account_asked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** When it was paid out (staff) or put into a payment file; null while open. */
    paidOutAt: ts('paid_out_at'),
    paidOutBy: integer('paid_out_by'),
  },
  (t) => [
    uniqueIndex('bank_refunds_key_key').on(t.key),
    index('bank_refunds_order_idx').on(t.orderId),
    check('bank_refunds_amount_positive', sql`${t.amountRappen} > 0`),
    check('bank_refunds_account_whole', sql`(${t.iban} is null) = (${t.accountHolder} is null)`),
  ],
);

/**
 * The one reminder of an unpaid invoice past its due date (decision 251): the row is claimed
 * (insert on conflict nothing) in the transaction that queues the e-mail, so two processes
 * never both send it.
 */
export const invoiceReminders = pgTable('invoice_reminders', {
  orderId: integer('order_id').primaryKey(),
  sentAt: ts('sent_at').notNull().defaultNow(),
});

// ── The ledger (modules/ledger, decision 225) ─────────────────────────────────────────────

/**
 * One money event: append-only (a trigger refuses UPDATE and DELETE), written once per
 * `event_key` (a repeated or raced event writes nothing). `seller_id`, `order_id`, gross and
 * commission are what a seller's statement shows of it.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    eventKey: text('event_key').notNull(),
    kind: text('kind').notNull(),
    sellerId: integer('seller_id').references(() => users.id),
    orderId: integer('order_id'),
    payoutRunId: integer('payout_run_id'),
    grossRappen: integer('gross_rappen').notNull().default(0),
    commissionRappen: integer('commission_rappen').notNull().default(0),
    vatRappen: integer('vat_rappen').notNull().default(0),
    memo: text('memo').notNull().default(''),
    occurredAt: ts('occurred_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_event_key').on(t.eventKey),
    index('ledger_entries_seller_idx').on(t.sellerId, t.occurredAt),
  ],
);

/**
 * The entry's lines: signed Rappen (debit > 0, credit < 0) on an account, per seller for the
 * sellers' accounts, per seller part (`part_ref`) where a hold or refund needs it. A deferred
 * constraint trigger refuses an entry whose lines do not sum to zero.
 */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    account: text('account').notNull(),
    sellerId: integer('seller_id').references(() => users.id),
    partRef: integer('part_ref'),
    amountRappen: integer('amount_rappen').notNull(),
  },
  (t) => [
    check('ledger_lines_amount_nonzero', sql`${t.amountRappen} <> 0`),
    index('ledger_lines_entry_idx').on(t.entryId),
    index('ledger_lines_seller_idx').on(t.sellerId, t.account),
    index('ledger_lines_part_idx')
      .on(t.partRef)
      .where(sql`${t.partRef} is not null`),
  ],
);

/** Commission rules: per seller, per category or both (null = any); the most specific wins. */
export const commissionRules = pgTable(
  'commission_rules',
  {
    id: serial('id').primaryKey(),
    sellerId: integer('seller_id').references(() => users.id),
    categoryId: integer('category_id').references(() => categories.id),
    percentBp: integer('percent_bp').notNull(),
    fixedFeeRappen: integer('fixed_fee_rappen').notNull().default(0),
  },
  (t) => [
    uniqueIndex('commission_rules_scope_key').on(
      sql`coalesce(${t.sellerId}, 0)`,
      sql`coalesce(${t.categoryId}, 0)`,
    ),
    check('commission_rules_percent', sql`${t.percentBp} between 0 and 10000`),
    check('commission_rules_fee', sql`${t.fixedFeeRappen} >= 0`),
  ],
);

/**
 * Commission and VAT of an order line (`order_item_id`) or of a seller part's shipping
 * (`order_item_id` null), frozen at placement: a later rule change never alters them.
 */
export const ledgerLineTerms = pgTable(
  'ledger_line_terms',
  {
    id: serial('id').primaryKey(),
    sellerOrderId: integer('seller_order_id').notNull(),
    orderItemId: integer('order_item_id'),
    grossRappen: integer('gross_rappen').notNull(),
    percentBp: integer('percent_bp').notNull(),
    fixedFeeRappen: integer('fixed_fee_rappen').notNull(),
    commissionRappen: integer('commission_rappen').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    vatRappen: integer('vat_rappen').notNull(),
  },
  (t) => [uniqueIndex('ledger_line_terms_key').on(t.sellerOrderId, sql`coalesce(${t.orderItemId}, 0)`)],
);

/** A payout run (staff): one transfer per seller; executed once the bank carried out the file. */
export const payoutRuns = pgTable('payout_runs', {
  id: serial('id').primaryKey(),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: ts('created_at').notNull().defaultNow(),
  executedAt: ts('executed_at'),
});

export const payoutTransfers = pgTable(
  'payout_transfers',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => payoutRuns.id),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    amountRappen: integer('amount_rappen').notNull(),
    iban: text('iban').notNull(),
    accountHolder: text('account_holder').notNull(),
  },
  (t) => [
    primaryKey({ name: 'payout_transfers_pkey', columns: [t.runId, t.sellerId] }),
    check('payout_transfers_positive', sql`${t.amountRappen} > 0`),
  ],
);

/** One-time recovery codes of a staff account, stored as SHA-256 hashes. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('staff_recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/**
 * Single-use links mailed to an account (docs/decisions/253, 254): e-mail confirmation and
 * password reset. Only a SHA-256 of the random token is kept, so a copy of the table opens
 * nothing; a token counts once (used_at set by a conditional update) and until expires_at.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 'email_confirmation', 'password_reset' or 'staff_invitation' (decision 293). */
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address the link was sent to: a confirmation counts only while the account still has it. */
    email: text('email').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_key').on(t.tokenHash),
    index('account_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/**
 * Every staff action and staff sign-in (docs/decisions/207). Append-only: triggers refuse
 * UPDATE, DELETE and TRUNCATE (migration), and no code path offers either.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: ts('at').notNull().defaultNow(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    reason: text('reason').notNull().default(''),
    address: text('address').notNull().default(''),
  },
  (t) => [
    index('audit_log_staff_idx').on(t.staffId, t.id),
    index('audit_log_object_idx').on(t.objectType, t.objectId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
  ],
);

/** Reports from signed-in users about a product, review or seller: the moderation queue. */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['product', 'review', 'seller'] }).notNull(),
    objectId: integer('object_id').notNull(),
    reason: text('reason').notNull(),
    text: text('text').notNull().default(''),
    status: text('status', { enum: ['open', 'acted', 'dismissed'] })
      .notNull()
      .default('open'),
    createdAt: ts('created_at').notNull().defaultNow(),
    handledBy: integer('handled_by').references(() => users.id),
    handledAt: ts('handled_at'),
  },
  (t) => [
    index('reports_status_idx').on(t.status, t.id),
    uniqueIndex('reports_reporter_object_key')
      .on(t.reporterId, t.kind, t.objectId)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * What a product's page shows was last changed (decision 316): raised by triggers on every
 * table the page reads (the product, its stock rows and their stores, its reviews and their
 * authors, its seller's name and shop), in the writing transaction. No row: version 0.
 */
export const productPageVersions = pgTable('product_page_versions', {
  productId: integer('product_id').primaryKey(),
  version: integer('version').notNull().default(0),
});

/**
 * A product's page as the server rendered it for a guest, per language (decision 316): its own
 * bytes (head tags, markup, data) as raw deflate ending in a sync flush, ready to join between
 * the kept parts. Served while `version` is the product's current page version and `build` is
 * the running server's and web app's; anything else renders the page again.
 */
export const productPages = pgTable(
  'product_pages',
  {
    productId: integer('product_id').notNull(),
    language: text('language').notNull(),
    version: integer('version').notNull(),
    build: text('build').notNull(),
    /** The renderer's name for the markup's shape: which critical CSS the page's first part holds. */
    shape: text('shape').notNull(),
    /** The first part's digest when written: the page joins only to that first part. */
    firstDigest: text('first_digest').notNull(),
    deflated: bytea('deflated').notNull(),
    size: integer('size').notNull(),
    /** CRC-32 of the first part and the page's own bytes together (the last part's is added when sent). */
    crc: integer('crc').notNull(),
    writtenAt: ts('written_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.language] })],
);
