/* eslint-disable max-lines-per-function -- split in progress by its owner (issue 30) */
/**
 * The steps of placing an order that need no database: validate the cart, price it with the
 * shared rules, reserve (plan where the units come from), and build the rows to write. The
 * service runs them between its read and its write (service.ts `place`).
 */
import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import {
  computeCartTotals,
  formatCHF,
  isSwiss,
  normaliseSwissPhone,
  parseRappen,
  PAYMENT_METHODS,
  SWISS_POSTCODE,
  type PaymentMethod,
  type CartTotals,
  type orderCreateSchema,
  type ShippingAddress,
} from '@marktgasse/shared';
import { badRequest, conflict, forbidden } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import type {
  CustomerHolds,
  OrderItemRow,
  OrderRow,
  PlacementRead,
  ProductForSale,
  SellerOrderRow,
} from './repo.ts';
import { planReservation, type Allocation, type Take } from './reservation-plan.ts';

export type OrderCreate = z.output<typeof orderCreateSchema>;
type CartLine = OrderCreate['orderItems'][number];

export const OWN_PRODUCT_MESSAGE = "Seller accounts can't buy products from their own stores.";

const PICKUP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function pickupCode(): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += PICKUP_ALPHABET[randomInt(PICKUP_ALPHABET.length)];
  return code;
}

/** A cart that passed the checks that need no database. */
export interface Cart {
  lines: CartLine[];
  productIds: number[];
  paymentMethod: PaymentMethod;
  shippingAddress: ShippingAddress | null;
  /** The totals the client showed, in Rappen: placement refuses to charge anything else. */
  clientItemsRappen: number;
  clientShippingRappen: number;
}

/** The address as the parcel's label needs it: no empty name or phone, the phone as "+41 79 …". */
function deliveryAddress(sent: ShippingAddress): ShippingAddress {
  const { name, phone, ...address } = sent;
  const normalised = phone ? normaliseSwissPhone(phone) : null;
  return { ...(name ? { name } : {}), ...address, ...(normalised ? { phone: normalised } : {}) };
}

/** `PayPal`, `TWINT` or `Invoice` as sent (any letter case); anything else is a 400. */
export function paymentMethodOf(sent: string): PaymentMethod {
  const method = PAYMENT_METHODS.find((m) => m.toLowerCase() === sent.trim().toLowerCase());
  if (!method) throw badRequest('Choose a payment method: PayPal, TWINT or Invoice.');
  return method;
}

/** Step 1: the cart as sent, checked for what needs no database (400, or 403 without a profile). */
export function validateCart(caller: Caller, input: OrderCreate): Cart {
  if (!caller.role) throw forbidden('Create your profile before you place an order.');
  const lines = input.orderItems;
  if (lines.length === 0) throw badRequest('Your cart is empty.');
  const clientItemsRappen = parseRappen(input.totalPrice);
  const clientShippingRappen = parseRappen(input.totalShippingPrice);
  if (clientItemsRappen === null) throw badRequest('totalPrice must be an amount in CHF such as "49.90".');
  if (clientShippingRappen === null)
    throw badRequest('totalShippingPrice must be an amount in CHF such as "20.00".');
  const hasOnline = lines.some((l) => l.orderType === 'online');
  const shippingAddress = hasOnline && input.shippingAddress ? deliveryAddress(input.shippingAddress) : null;
  if (hasOnline && !shippingAddress)
    throw badRequest('A shipping address is required for items sent online.');
  if (
    shippingAddress &&
    isSwiss(shippingAddress.country) &&
    !SWISS_POSTCODE.test(shippingAddress.postalCode)
  ) {
    throw badRequest('A Swiss postal code has four digits.');
  }
  for (const line of lines) {
    if (line.orderType === 'inStore' && !line.storeId) {
      throw badRequest(`Choose the store where you pick up product ${line.id}.`);
    }
  }
  return {
    lines,
    productIds: [...new Set(lines.map((l) => l.id))],
    paymentMethod: paymentMethodOf(input.paymentMethod),
    shippingAddress,
    clientItemsRappen,
    clientShippingRappen,
  };
}

export interface PricedLine {
  line: CartLine;
  product: ProductForSale;
}

export interface PricedCart {
  lines: PricedLine[];
  totals: CartTotals;
}

/** Step 2: prices from the live products with the shared rules; 409 when the client's totals differ. */
export function priceCart(caller: Caller, cart: Cart, products: readonly ProductForSale[]): PricedCart {
  const found = new Map(products.map((p) => [p.id, p]));
  const lines = cart.lines.map((line) => {
    const product = found.get(line.id);
    if (!product) {
      throw conflict(`Product ${line.id} is no longer available. Please remove it from your cart.`);
    }
    if (product.sellerId === caller.id) throw forbidden(OWN_PRODUCT_MESSAGE);
    return { line, product };
  });
  const totals = computeCartTotals(
    lines.map(({ line, product }) => ({
      sellerId: product.sellerId,
      unitPriceRappen: product.priceRappen,
      quantity: line.quantity,
      orderType: line.orderType,
    })),
  );
  if (totals.itemsRappen !== cart.clientItemsRappen || totals.shippingRappen !== cart.clientShippingRappen) {
    throw conflict(
      `Prices have changed: your cart now costs ${formatCHF(totals.itemsRappen)} plus ` +
        `${formatCHF(totals.shippingRappen)} shipping. Please check your cart and place the order again.`,
    );
  }
  return { lines, totals };
}

export interface Reservation {
  /** Per priced line: the stores its units come from. */
  allocations: Allocation[][];
  takes: Take[];
}

/** Step 3: where each line's units come from, planned on the stock as read; 409 naming the line that falls short. */
export function reserve(priced: PricedCart, stocks: PlacementRead['stocks']): Reservation {
  const plan = planReservation(
    priced.lines.map(({ line, product }) => ({
      productId: product.id,
      sellerId: product.sellerId,
      quantity: line.quantity,
      orderType: line.orderType,
      storeId: line.orderType === 'inStore' ? line.storeId! : null,
    })),
    stocks,
  );
  if (plan.ok) return plan;
  const { shortfall } = plan;
  const { line, product } = priced.lines[shortfall.line]!;
  if (shortfall.kind === 'not-in-store') {
    throw conflict(`"${product.name}" is not available in the chosen store.`);
  }
  if (shortfall.kind === 'short-in-store') {
    const store = stocks.find((s) => s.id === shortfall.stockId)!;
    throw conflict(
      `Not enough stock for "${product.name}" in ${store.storeName}: ${shortfall.available} left, ${line.quantity} wanted.`,
    );
  }
  throw conflict(
    `Not enough stock for "${product.name}": ${shortfall.available} left, ${line.quantity} wanted.`,
  );
}

/** How much one customer may hold in unpaid orders at once (decision 170). */
export interface HoldLimits {
  maxUnpaidOrders: number;
  maxUnitsPerProduct: number;
}

/**
 * Step 3b, run under the customer's lock: the new order must keep the customer within the
 * anti-hoarding limits, counting the unpaid orders they hold already; 409 otherwise.
 */
export function checkHoldLimits(priced: PricedCart, holds: CustomerHolds, limits: HoldLimits): void {
  if (holds.orders >= limits.maxUnpaidOrders) {
    throw conflict(
      `You have reached the limit of ${limits.maxUnpaidOrders} unpaid orders at once. Please pay an open order, or wait until it expires, before placing another.`,
    );
  }
  const wanted = new Map<number, { name: string; units: number }>();
  for (const { line, product } of priced.lines) {
    const entry = wanted.get(product.id) ?? { name: product.name, units: 0 };
    entry.units += line.quantity;
    wanted.set(product.id, entry);
  }
  for (const [productId, { name, units }] of wanted) {
    const held = holds.units.get(productId) ?? 0;
    if (held + units <= limits.maxUnitsPerProduct) continue;
    if (held === 0) {
      throw conflict(
        `At most ${limits.maxUnitsPerProduct} units of "${name}" can be ordered at once; you asked for ${units}.`,
      );
    }
    throw conflict(
      `At most ${limits.maxUnitsPerProduct} units of "${name}" can be held in unpaid orders at once, and your open orders already hold ${held}. Please pay your open order first.`,
    );
  }
}

/** The rows of a new order (as written and as answered). */
export interface PlacementRows {
  order: OrderRow;
  sellerOrders: SellerOrderRow[];
  items: OrderItemRow[];
  allocations: { orderItemId: number; storeId: number; productId: number; quantity: number }[];
}

/**
 * Step 4: the rows to write, one seller order per seller (in the order the shared rules
 * grouped them), its items in cart order. Every column of the order tables is set here: this
 * is the one place to add a new one (besides the schema).
 */
export function placementRows(
  caller: Caller,
  cart: Cart,
  priced: PricedCart,
  reservation: Reservation,
  read: Pick<PlacementRead, 'ids' | 'now' | 'stocks'>,
  hold: { minutes: number; extensions: number; locale: string | null },
): PlacementRows {
  const createdAt = read.now;
  const order: OrderRow = {
    id: read.ids.order,
    customerId: caller.id,
    paymentMethod: cart.paymentMethod,
    shippingAddress: cart.shippingAddress,
    itemsRappen: priced.totals.itemsRappen,
    shippingRappen: priced.totals.shippingRappen,
    status: 'pending',
    isPaid: false,
    paidAt: null,
    expiresAt: new Date(createdAt.getTime() + hold.minutes * 60_000),
    holdExtensionsLeft: hold.extensions,
    providerOrderId: null,
    createdAt,
    payingUntil: null,
    cancelledAt: null,
    refundedRappen: 0,
    locale: hold.locale,
  };
  const storeNames = new Map(read.stocks.map((s) => [s.storeId, s.storeName]));
  const itemIds = read.ids.items.values();
  const rows: PlacementRows = { order, sellerOrders: [], items: [], allocations: [] };
  priced.totals.sellers.forEach((group, index) => {
    const own = priced.lines
      .map((p, line) => ({ ...p, allocations: reservation.allocations[line]! }))
      .filter((p) => p.product.sellerId === group.sellerId);
    const sellerOrder: SellerOrderRow = {
      id: read.ids.sellerOrders[index]!,
      orderId: order.id,
      sellerId: group.sellerId,
      itemsRappen: group.itemsRappen,
      shippingRappen: group.shippingRappen,
      pickupCode: own.some((p) => p.line.orderType === 'inStore') ? pickupCode() : null,
      isShipped: false,
      shippedAt: null,
      carrier: null,
      trackingNumber: null,
      isCompleted: false,
      completedAt: null,
      createdAt,
      expiredAt: null,
      cancelledAt: null,
      cancelReason: null,
    };
    rows.sellerOrders.push(sellerOrder);
    for (const { line, product, allocations } of own) {
      const storeId = line.orderType === 'inStore' ? line.storeId! : null;
      const storeName = storeId === null ? null : (storeNames.get(storeId) ?? null);
      const item: OrderItemRow = {
        id: itemIds.next().value!,
        orderId: order.id,
        sellerOrderId: sellerOrder.id,
        productId: product.id,
        name: product.name,
        brand: product.brand,
        image: product.image,
        priceRappen: product.priceRappen,
        quantity: line.quantity,
        orderType: line.orderType,
        storeId,
        storeName,
        storeOwnerName: storeId === null ? null : product.sellerName,
        isRetrieved: false,
        retrievedAt: null,
      };
      rows.items.push(item);
      for (const a of allocations) {
        rows.allocations.push({
          orderItemId: item.id,
          storeId: a.storeId,
          productId: product.id,
          quantity: a.quantity,
        });
      }
    }
  });
  return rows;
}
