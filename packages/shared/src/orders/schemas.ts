import { z } from 'zod';
import { pagedSchema, type Paged } from '../http/paging.ts';
import { moneySchema } from '../money/schemas.ts';
import {
  CARRIERS,
  normaliseSwissPhone,
  TRACKING_NUMBER_MAX,
  TRACKING_NUMBER_MIN,
  TRACKING_NUMBER_PATTERN,
} from './delivery.ts';

export const ORDER_TYPES = ['online', 'inStore'] as const;
export const orderTypeSchema = z.enum(ORDER_TYPES);

export * from './delivery.ts';

export const RECIPIENT_NAME_MAX = 100;
export const PHONE_MAX = 30;

/**
 * `name` (the recipient, for the parcel's label) and `phone` (Swiss format) are optional here:
 * the spec's own clients send neither. Our web app requires the name (issue 32).
 */
export const shippingAddressSchema = z.object({
  name: z.string().trim().max(RECIPIENT_NAME_MAX).optional(),
  address: z.string().trim().min(1, 'Enter the address.').max(200),
  city: z.string().trim().min(1, 'Enter the city.').max(100),
  postalCode: z.string().trim().min(1, 'Enter the postal code.').max(20),
  country: z.string().trim().min(1, 'Enter the country.').max(100),
  phone: z
    .string()
    .trim()
    .max(PHONE_MAX)
    .refine((v) => v === '' || normaliseSwissPhone(v) !== null, {
      message: 'Enter a Swiss phone number such as 079 123 45 67, or leave it empty.',
    })
    .optional(),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** The address as orders answer it: name and phone always there, null when not given. */
export const shippingAddressViewSchema = shippingAddressSchema.extend({
  name: z.string().nullable(),
  phone: z.string().nullable(),
});
export type ShippingAddressView = z.infer<typeof shippingAddressViewSchema>;

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

export const carrierSchema = z.enum(CARRIERS);

/**
 * A seller part's state, as the seller's list filters by it: unpaid (waiting for the
 * customer's payment), toDo (paid, something left to send or hand over), completed, cancelled
 * (by the seller, or with the whole order).
 */
export const SELLER_ORDER_STATES = ['unpaid', 'toDo', 'completed', 'cancelled'] as const;
/** The customer's order page also shows parts of an order that ran out unpaid: expired. */
export const sellerOrderStateSchema = z.enum([...SELLER_ORDER_STATES, 'expired']);
export type SellerOrderState = z.infer<typeof sellerOrderStateSchema>;
export type SellerOrderFilter = (typeof SELLER_ORDER_STATES)[number];

export const sellerOrderSchema = z.object({
  id: z.number().int(),
  /** `name`: the shop name when the seller set one, else the username (decision 176). */
  seller: z.object({ id: z.number().int(), username: z.string(), name: z.string() }),
  /** `name`: the recipient's name when the customer gave one, else the username. */
  customer: z.object({ username: z.string(), email: z.string(), name: z.string() }),
  order: parentOrderSchema,
  shippingAddress: shippingAddressViewSchema.nullable(),
  onlineOrderItems: z.array(orderItemSchema),
  inStoreOrderItems: z.array(orderItemSchema),
  itemsPrice: moneySchema,
  shippingPrice: moneySchema,
  /** Items plus shipping of this seller's share. */
  totalPrice: moneySchema,
  isShipped: z.boolean(),
  shippedAt: z.string().nullable(),
  /** Named by the seller when sending (null when not); trackingUrl is the carrier's public page. */
  carrier: carrierSchema.nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  isCompleted: z.boolean(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Shown to the customer only; the seller asks for it at pick-up. */
  pickupCode: z.string().nullable(),
  /** Cancelled by its seller (with a reason) or with the whole order (reason null). */
  isCancelled: z.boolean(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** Where this part stands for its seller (SELLER_ORDER_STATES); the list filters by it. */
  state: sellerOrderStateSchema,
  /** What the seller still has to do: send the parcel, hand over this many pick-up items. */
  leftToDo: z.object({ send: z.boolean(), pickUps: z.number().int() }),
});
export type SellerOrder = z.infer<typeof sellerOrderSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  customer: z.object({ name: z.string(), email: z.string() }),
  shippingAddress: shippingAddressViewSchema.nullable(),
  paymentMethod: z.string(),
  /** Invoice orders only: the QR-bill's reference (27 digits), GET /api/orders/{id}/qr-bill/ prints it. */
  qrReference: z.string().optional(),
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

/** PUT /api/orders/{id}/cancel/: where the refund of an invoice paid by bank transfer goes. */
export const cancelBodySchema = z
  .object({
    iban: z.string().trim().max(42).optional(),
    accountHolder: z.string().trim().max(200).optional(),
  })
  .passthrough()
  .nullable()
  .optional();

export const retrieveBodySchema = z
  .object({ code: z.string().trim().max(20).optional() })
  .nullable()
  .optional();

/**
 * Optional body of PUT /api/seller-orders/{id}/send/ (the spec's empty body stays valid): the
 * carrier and the parcel's tracking number. A tracking number needs its carrier.
 */
export const sendBodySchema = z
  .object({
    carrier: carrierSchema.nullable().optional(),
    trackingNumber: z
      .string()
      .trim()
      .max(TRACKING_NUMBER_MAX, `A tracking number has at most ${TRACKING_NUMBER_MAX} characters.`)
      .refine((v) => v === '' || (v.length >= TRACKING_NUMBER_MIN && TRACKING_NUMBER_PATTERN.test(v)), {
        message: `A tracking number has ${TRACKING_NUMBER_MIN} to ${TRACKING_NUMBER_MAX} letters and digits (dots, dashes and spaces between them).`,
      })
      .nullable()
      .optional(),
  })
  .refine((b) => !b.trackingNumber || b.carrier, {
    message: 'Choose the carrier of this tracking number.',
    path: ['carrier'],
  })
  .nullable()
  .optional();
export type SendBody = z.infer<typeof sendBodySchema>;

/** GET /api/seller-orders/myorders/?state=…: only the parts in that state. */
export const sellerOrdersQuerySchema = z.object({ state: z.enum(SELLER_ORDER_STATES).optional() });

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

/**
 * GET /api/orders/invoice-eligibility/: whether the signed-in customer may pay by invoice now,
 * before the order's total is known (the total's maximum the payment screen checks itself).
 */
export const invoiceEligibilitySchema = z.object({
  offered: z.boolean(),
  refusal: z.enum(['emailNotConfirmed', 'tooFewPaidOrders']).nullable(),
});
export type InvoiceEligibility = z.infer<typeof invoiceEligibilitySchema>;

/** Answer of POST /api/orders/{id}/paypal/: the PayPal order id the JS SDK approves. */
export const paypalOrderCreatedSchema = z.object({ id: z.string() });
/** POST /api/orders/{id}/twint/: the provider's transaction and where the browser goes to approve it. */
export const twintCheckoutSchema = z.object({ transactionId: z.string(), redirectUrl: z.string() });
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;
