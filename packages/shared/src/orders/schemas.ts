import { z } from 'zod';
import { pagedSchema, type Paged } from '../http/paging.ts';
import { moneySchema } from '../money/schemas.ts';

export const ORDER_TYPES = ['online', 'inStore'] as const;
export const orderTypeSchema = z.enum(ORDER_TYPES);

export const shippingAddressSchema = z.object({
  address: z.string().trim().min(1, 'Enter the address.').max(200),
  city: z.string().trim().min(1, 'Enter the city.').max(100),
  postalCode: z.string().trim().min(1, 'Enter the postal code.').max(20),
  country: z.string().trim().min(1, 'Enter the country.').max(100),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** A Swiss postal code has four digits; other countries are accepted as typed. */
export function isSwiss(country: string): boolean {
  return /^(ch|che|schweiz|suisse|svizzera|svizra|switzerland)$/i.test(country.trim());
}
export const SWISS_POSTCODE = /^[1-9]\d{3}$/;

export const MAX_ORDER_LINES = 100;
export const MAX_LINE_QUANTITY = 10_000;

/** One cart line as the client sends it; the server reads only id, quantity, orderType and storeId. */
export const orderLineInputSchema = z
  .object({
    id: z.number().int().positive().max(2_147_483_647),
    quantity: z
      .number()
      .int('Quantities are whole numbers.')
      .min(1, 'Quantities start at 1.')
      .max(MAX_LINE_QUANTITY),
    orderType: orderTypeSchema,
    storeId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  })
  .passthrough();

export const orderCreateSchema = z.object({
  orderItems: z
    .array(orderLineInputSchema)
    .max(MAX_ORDER_LINES, `An order has at most ${MAX_ORDER_LINES} lines.`),
  paymentMethod: z.string().trim().min(1).max(40).optional().default('PayPal'),
  totalPrice: z.union([z.string(), z.number()]),
  totalShippingPrice: z.union([z.string(), z.number()]),
  shippingAddress: shippingAddressSchema.nullable().optional(),
});
export type OrderCreateInput = z.input<typeof orderCreateSchema>;

export const orderItemSchema = z.object({
  id: z.number().int(),
  product: z.number().int(),
  name: z.string(),
  brand: z.string(),
  image: z.string(),
  price: moneySchema,
  quantity: z.number().int(),
  orderType: orderTypeSchema,
  store: z
    .object({ id: z.number().int(), name: z.string(), owner_name: z.string(), city: z.string() })
    .nullable(),
  details: z.object({ seller: z.string(), sellerId: z.number().int() }),
  /** Per online line: the seller group's shipping price, or "0.00" for free shipping. */
  shippingPrice: moneySchema,
  isRetrieved: z.boolean(),
  retrievedAt: z.string().nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/**
 * pending (holding stock until expiresAt, also while a payment is being captured), paid,
 * partlyRefunded (paid, and a seller cancelled their part), cancelled (nothing was paid),
 * refunded (cancelled or refused after payment, money sent back), expired (stock returned).
 */
export const ORDER_STATUSES = [
  'pending',
  'paid',
  'partlyRefunded',
  'cancelled',
  'refunded',
  'expired',
] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);

export const parentOrderSchema = z.object({
  id: z.number().int(),
  isPaid: z.boolean(),
  paidAt: z.string().nullable(),
  /** See ORDER_STATUSES. */
  status: orderStatusSchema,
  createdAt: z.string(),
});

export const sellerOrderSchema = z.object({
  id: z.number().int(),
  /** `name`: the shop name when the seller set one, else the username (decision 176). */
  seller: z.object({ id: z.number().int(), username: z.string(), name: z.string() }),
  customer: z.object({ username: z.string(), email: z.string() }),
  order: parentOrderSchema,
  shippingAddress: shippingAddressSchema.nullable(),
  onlineOrderItems: z.array(orderItemSchema),
  inStoreOrderItems: z.array(orderItemSchema),
  itemsPrice: moneySchema,
  shippingPrice: moneySchema,
  /** Items plus shipping of this seller's share. */
  totalPrice: moneySchema,
  isShipped: z.boolean(),
  shippedAt: z.string().nullable(),
  isCompleted: z.boolean(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Shown to the customer only; the seller asks for it at pick-up. */
  pickupCode: z.string().nullable(),
  /** Cancelled by its seller (with a reason) or with the whole order (reason null). */
  isCancelled: z.boolean(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
});
export type SellerOrder = z.infer<typeof sellerOrderSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  customer: z.object({ name: z.string(), email: z.string() }),
  shippingAddress: shippingAddressSchema.nullable(),
  paymentMethod: z.string(),
  isPaid: z.boolean(),
  paidAt: z.string().nullable(),
  status: orderStatusSchema,
  /** Until when an unpaid order holds its stock. */
  expiresAt: z.string(),
  /** How often the customer may still extend the hold (PUT /api/orders/{id}/extend/); 0 once paid or used up. */
  holdExtensionsLeft: z.number().int(),
  /** Items price only (spec §9); the displayed total is totalPrice + totalShippingPrice. */
  totalPrice: moneySchema,
  totalShippingPrice: moneySchema,
  /** What the customer pays: totalPrice + totalShippingPrice. */
  totalAmount: moneySchema,
  /** What went back to the customer through the payment provider ("0.00" when nothing). */
  refundedAmount: moneySchema,
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  sellerOrder: z.array(sellerOrderSchema),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * Order lists (GET /api/orders/myorders/ and /api/seller-orders/myorders/, decision 118): a
 * page has ORDERS_PAGE_SIZE orders unless `limit` says otherwise, at most ORDERS_MAX_PAGE_SIZE
 * (each order carries its seller orders and items); called without offset and limit, a list
 * answers a plain list of the newest ORDERS_MAX_PAGE_SIZE.
 */
export const ORDERS_PAGE_SIZE = 20;
export const ORDERS_MAX_PAGE_SIZE = 50;
export const pagedOrdersSchema = pagedSchema(orderSchema);
export const pagedSellerOrdersSchema = pagedSchema(sellerOrderSchema);
export type PagedOrders = Paged<Order>;
export type PagedSellerOrders = Paged<SellerOrder>;

/** Cart line as kept in the browser (spec §3 Cart item). */
export interface CartItem {
  id: number;
  brand: string;
  name: string;
  image: string | null;
  price: string;
  stocks: { id: number; number: number; store: number; storeName: string }[];
  quantity: number;
  seller: string;
  sellerId: number;
  orderType: 'online' | 'inStore';
  productStock: number;
  stockId: number | null;
  storeName: string | null;
  storeId: number | null;
}

export const payBodySchema = z
  .object({
    /** PayPal order id approved in the browser; absent for the test provider. */
    paypalOrderId: z.string().max(64).optional(),
    id: z.string().max(64).optional(),
  })
  .passthrough()
  .nullable()
  .optional();

export const retrieveBodySchema = z
  .object({ code: z.string().trim().max(20).optional() })
  .nullable()
  .optional();

export const CANCEL_REASON_MAX = 500;

/** Body of PUT /api/seller-orders/{id}/cancel/: why, for the customer's e-mail and order page. */
export const sellerCancelBodySchema = z.object({
  reason: z
    .string({ error: 'Tell the customer why you cancel.' })
    .trim()
    .min(1, 'Tell the customer why you cancel.')
    .max(CANCEL_REASON_MAX, `A reason has at most ${CANCEL_REASON_MAX} characters.`),
});
export type SellerCancelBody = z.infer<typeof sellerCancelBodySchema>;

export const paymentConfigSchema = z.object({
  provider: z.enum(['paypal', 'test']),
  clientId: z.string().nullable(),
  currency: z.literal('CHF'),
});

/** Answer of POST /api/orders/{id}/paypal/: the PayPal order id the JS SDK approves. */
export const paypalOrderCreatedSchema = z.object({ id: z.string() });
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;
