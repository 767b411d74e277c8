/**
 * Orders: placing (server-side pricing, stock reservation), the hold and its expiry, paying
 * through a provider, and the seller's fulfilment. Every multi-row change is one transaction;
 * every state change is a conditional update, so concurrent calls and several server
 * processes never double-book stock, payments or completions.
 */
import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import {
  computeCartTotals,
  formatCHF,
  isSwiss,
  parseRappen,
  SWISS_POSTCODE,
  type Order,
  type orderCreateSchema,
  type PaymentConfig,
  type SellerOrder,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { pgErrorCode, type Db, type DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { mails, type MailLine } from './mail.ts';
import { createPaymentProvider, type PaymentProvider } from './payments/provider.ts';
import * as repo from './repo.ts';
import { orderView, sellerOrderView } from './views.ts';

export type OrderCreate = z.output<typeof orderCreateSchema>;

export const OWN_PRODUCT_MESSAGE = "Seller accounts can't buy products from their own stores.";

const PICKUP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function pickupCode(): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += PICKUP_ALPHABET[randomInt(PICKUP_ALPHABET.length)];
  return code;
}

/** Runs a transaction again when PostgreSQL reports a serialization failure or a deadlock. */
export async function withRetry<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = pgErrorCode(error);
      if (attempt >= attempts || (code !== '40001' && code !== '40P01')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + randomInt(20)));
    }
  }
}

interface Placed {
  write: Omit<repo.PlacementWrite, 'mail'>;
  ids: { sellerOrderIds: Map<number, number>; itemIds: Map<number, number> };
  products: repo.ProductForSale[];
  stores: Map<number, repo.StockForSale>;
}

/** The rows of an order just placed, as a read of them would give (same order of seller orders and items). */
function placedGraph(caller: Caller, placed: Placed): { graph: repo.OrderGraph; order: repo.OrderRow } {
  const { write, ids } = placed;
  const { createdAt } = write;
  const order: repo.OrderRow = {
    ...write.order,
    status: 'pending',
    isPaid: false,
    paidAt: null,
    providerOrderId: null,
    createdAt,
  };
  const sellerOrders = write.sellerOrders.map((so): repo.SellerOrderRow => ({
    id: ids.sellerOrderIds.get(so.ord)!,
    orderId: order.id,
    sellerId: so.sellerId,
    itemsRappen: so.itemsRappen,
    shippingRappen: so.shippingRappen,
    pickupCode: so.pickupCode,
    isShipped: false,
    shippedAt: null,
    isCompleted: false,
    completedAt: null,
    createdAt,
  }));
  const items = write.items.map(({ ord, sellerOrder, ...item }): repo.OrderGraph['items'][number] => ({
    ...item,
    id: ids.itemIds.get(ord)!,
    orderId: order.id,
    sellerOrderId: sellerOrders[sellerOrder]!.id,
    isRetrieved: false,
    retrievedAt: null,
    storeCity: item.storeId === null ? null : (placed.stores.get(item.storeId)?.storeCity ?? null),
  }));
  const users = new Map<number, repo.UserBrief>([
    [caller.id, { id: caller.id, username: caller.username, email: caller.email }],
  ]);
  for (const p of placed.products) {
    users.set(p.sellerId, { id: p.sellerId, username: p.sellerName, email: p.sellerEmail });
  }
  const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
  return {
    graph: { orders: [order], sellerOrders: sellerOrders.sort(byId), items: items.sort(byId), users },
    order,
  };
}

/** Reads and plans again this many times when other checkouts took the planned units first. */
const PLACE_ATTEMPTS = 5;

const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';

export class OrdersService {
  readonly provider: PaymentProvider;
  private readonly db: Db;
  /** Pay and checkout calls for one order run one after another in this process. */
  private readonly inflight = new Map<number, Promise<unknown>>();

  constructor(private readonly ctx: AppContext) {
    this.db = ctx.database.db;
    this.provider = createPaymentProvider(ctx.config);
  }

  paymentConfig(): PaymentConfig {
    return { provider: this.provider.name, clientId: this.provider.clientId, currency: 'CHF' };
  }

  // ------------------------------------------------------------ placing

  async place(caller: Caller, input: OrderCreate): Promise<Order> {
    if (!caller.role) throw forbidden('Create your profile before you place an order.');
    const lines = input.orderItems;
    if (lines.length === 0) throw badRequest('Your cart is empty.');
    const clientItems = parseRappen(input.totalPrice);
    const clientShipping = parseRappen(input.totalShippingPrice);
    if (clientItems === null) throw badRequest('totalPrice must be an amount in CHF such as "49.90".');
    if (clientShipping === null)
      throw badRequest('totalShippingPrice must be an amount in CHF such as "20.00".');
    const hasOnline = lines.some((l) => l.orderType === 'online');
    const address = hasOnline ? (input.shippingAddress ?? null) : null;
    if (hasOnline && !address) throw badRequest('A shipping address is required for items sent online.');
    if (address && isSwiss(address.country) && !SWISS_POSTCODE.test(address.postalCode)) {
      throw badRequest('A Swiss postal code has four digits.');
    }
    for (const line of lines) {
      if (line.orderType === 'inStore' && !line.storeId) {
        throw badRequest(`Choose the store where you pick up product ${line.id}.`);
      }
    }

    // Optimistic: read without locks, plan, then one statement that takes the stock only if it
    // is still there and writes everything, or nothing. A checkout that lost a race for the
    // same units reads again and plans with what is left (two round trips instead of a
    // transaction's four, and no lock held while the server plans).
    const productIds = [...new Set(lines.map((l) => l.id))];
    let placed: Placed | null = null;
    for (let attempt = 1; !placed; attempt++) {
      placed = await withRetry(async () => {
        const start = await repo.startPlacement(this.db, productIds);
        const found = new Map(start.products.map((p) => [p.id, p]));
        const priced = lines.map((line) => {
          const product = found.get(line.id);
          if (!product) {
            throw conflict(`Product ${line.id} is no longer available. Please remove it from your cart.`);
          }
          if (product.sellerId === caller.id) throw forbidden(OWN_PRODUCT_MESSAGE);
          return { line, product };
        });
        const totals = computeCartTotals(
          priced.map(({ line, product }) => ({
            sellerId: product.sellerId,
            unitPriceRappen: product.priceRappen,
            quantity: line.quantity,
            orderType: line.orderType,
          })),
        );
        if (totals.itemsRappen !== clientItems || totals.shippingRappen !== clientShipping) {
          throw conflict(
            `Prices have changed: your cart now costs ${formatCHF(totals.itemsRappen)} plus ` +
              `${formatCHF(totals.shippingRappen)} shipping. Please check your cart and place the order again.`,
          );
        }

        // Reserve: plan from the stock as read; the write takes it only if it is still there.
        const locked = start.stocks;
        const left = new Map(locked.map((s) => [s.id, s.number]));
        const plan = priced.map(() => [] as { stockId: number; storeId: number; quantity: number }[]);
        const take = (index: number, stock: repo.StockForSale, quantity: number) => {
          left.set(stock.id, left.get(stock.id)! - quantity);
          plan[index]!.push({ stockId: stock.id, storeId: stock.storeId, quantity });
        };
        // Pick-up lines first: they can come from one store only.
        priced.forEach(({ line, product }, index) => {
          if (line.orderType !== 'inStore') return;
          const stock = locked.find(
            (s) =>
              s.storeId === line.storeId && s.productId === product.id && s.storeOwnerId === product.sellerId,
          );
          if (!stock) throw conflict(`"${product.name}" is not available in the chosen store.`);
          const available = left.get(stock.id)!;
          if (available < line.quantity) {
            throw conflict(
              `Not enough stock for "${product.name}" in ${stock.storeName}: ${available} left, ${line.quantity} wanted.`,
            );
          }
          take(index, stock, line.quantity);
        });
        // Online lines from the seller's stores, largest stock first.
        priced.forEach(({ line, product }, index) => {
          if (line.orderType !== 'online') return;
          const candidates = locked
            .filter((s) => s.productId === product.id && s.storeOwnerId === product.sellerId)
            .sort((a, b) => left.get(b.id)! - left.get(a.id)! || a.id - b.id);
          const available = candidates.reduce((sum, s) => sum + left.get(s.id)!, 0);
          if (available < line.quantity) {
            throw conflict(
              `Not enough stock for "${product.name}": ${available} left, ${line.quantity} wanted.`,
            );
          }
          let missing = line.quantity;
          for (const stock of candidates) {
            if (missing === 0) break;
            const quantity = Math.min(missing, left.get(stock.id)!);
            if (quantity > 0) take(index, stock, quantity);
            missing -= quantity;
          }
        });
        const byStock = new Map<number, number>();
        for (const allocation of plan.flat()) {
          byStock.set(allocation.stockId, (byStock.get(allocation.stockId) ?? 0) + allocation.quantity);
        }

        const stores = new Map(locked.map((s) => [s.storeId, s]));
        const order = {
          id: start.orderId,
          customerId: caller.id,
          paymentMethod: input.paymentMethod,
          shippingAddress: address,
          itemsRappen: totals.itemsRappen,
          shippingRappen: totals.shippingRappen,
          expiresAt: new Date(start.now.getTime() + this.ctx.config.ORDER_HOLD_MINUTES * 60_000),
        };
        const write: Omit<repo.PlacementWrite, 'mail'> = {
          order,
          sellerOrders: [],
          items: [],
          allocations: [],
          createdAt: start.now,
          takes: [...byStock]
            .map(([stockId, quantity]) => ({ stockId, quantity }))
            .sort((a, b) => a.stockId - b.stockId),
        };
        const mailLines: MailLine[] = [];
        totals.sellers.forEach((group, sellerOrder) => {
          const own = priced
            .map((p, index) => ({ ...p, index }))
            .filter((p) => p.product.sellerId === group.sellerId);
          write.sellerOrders.push({
            ord: sellerOrder,
            sellerId: group.sellerId,
            itemsRappen: group.itemsRappen,
            shippingRappen: group.shippingRappen,
            pickupCode: own.some((p) => p.line.orderType === 'inStore') ? pickupCode() : null,
          });
          for (const { line, product, index } of own) {
            const storeId = line.orderType === 'inStore' ? line.storeId! : null;
            const storeName = storeId ? (stores.get(storeId)?.storeName ?? null) : null;
            const item = write.items.length;
            write.items.push({
              ord: item,
              sellerOrder,
              productId: product.id,
              name: product.name,
              brand: product.brand,
              image: product.image,
              priceRappen: product.priceRappen,
              quantity: line.quantity,
              orderType: line.orderType,
              storeId,
              storeName,
              storeOwnerName: storeId ? product.sellerName : null,
            });
            for (const a of plan[index]!) {
              write.allocations.push({
                item,
                storeId: a.storeId,
                productId: product.id,
                quantity: a.quantity,
              });
            }
            mailLines.push({
              name: product.name,
              quantity: line.quantity,
              priceRappen: product.priceRappen,
              place: storeId ? `pick-up at ${storeName ?? ''}` : 'sent to you',
            });
          }
        });
        const mail = mails.orderPlaced(
          this.ctx,
          caller,
          { id: order.id, totalRappen: totals.totalRappen, expiresAt: order.expiresAt },
          mailLines,
        );
        const ids = await repo.writePlacement(this.db, { ...write, mail });
        return ids && ({ write, ids, products: start.products, stores } satisfies Placed);
      });
      if (!placed && attempt >= PLACE_ATTEMPTS) {
        throw conflict('The stock changed while your order was placed. Please try again.');
      }
    }
    // The answer is built from what was just committed instead of reading the order back.
    const { graph, order } = placedGraph(caller, placed);
    return orderView(this.ctx.media, graph, order);
  }

  // ------------------------------------------------------------ reading

  async orderFor(caller: Caller, id: number): Promise<Order> {
    const graph = await repo.loadGraph(this.db, { orderIds: [id] });
    const order = graph.orders[0];
    if (!order || order.customerId !== caller.id) throw notFound(`Order ${id} was not found.`);
    return orderView(this.ctx.media, graph, order);
  }

  async ordersOf(caller: Caller): Promise<Order[]> {
    const ids = await repo.orderIdsOfCustomer(this.db, caller.id);
    const graph = await repo.loadGraph(this.db, { orderIds: ids });
    const byId = new Map(graph.orders.map((o) => [o.id, o]));
    return ids.map((id) => orderView(this.ctx.media, graph, byId.get(id)!));
  }

  async sellerOrderFor(caller: Caller, id: number, db: DbOrTx = this.db): Promise<SellerOrder> {
    const graph = await repo.loadGraph(db, { sellerOrderIds: [id] });
    const so = graph.sellerOrders[0];
    if (!so || so.sellerId !== caller.id) throw notFound(`Seller order ${id} was not found.`);
    return sellerOrderView(this.ctx.media, graph, so, 'seller');
  }

  async sellerOrdersOf(caller: Caller): Promise<SellerOrder[]> {
    const ids = await repo.sellerOrderIdsOfSeller(this.db, caller.id);
    const graph = await repo.loadGraph(this.db, { sellerOrderIds: ids });
    const byId = new Map(graph.sellerOrders.map((s) => [s.id, s]));
    return ids.map((id) => sellerOrderView(this.ctx.media, graph, byId.get(id)!, 'seller'));
  }

  // ------------------------------------------------------------ hold and expiry

  /** Expires one order if it is still pending past its hold time, returning its stock. True when it did. */
  async expire(orderId: number): Promise<boolean> {
    return withRetry(() =>
      this.db.transaction(async (tx) => {
        const expired = await repo.markExpired(tx, orderId);
        if (!expired) return false;
        await repo.releaseAllocations(tx, orderId);
        return true;
      }),
    );
  }

  /** One pass of the expiry sweep; answers how many orders expired. */
  async sweepExpired(): Promise<number> {
    let count = 0;
    for (;;) {
      const ids = await repo.overduePendingOrderIds(this.db, 100);
      let progressed = 0;
      for (const id of ids) if (await this.expire(id)) progressed += 1;
      count += progressed;
      if (ids.length < 100 || progressed === 0) return count;
    }
  }

  // ------------------------------------------------------------ paying

  private serialized<T>(orderId: number, work: () => Promise<T>): Promise<T> {
    const previous = this.inflight.get(orderId) ?? Promise.resolve();
    const run = previous.then(work);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.inflight.set(orderId, tail);
    void tail.then(() => {
      if (this.inflight.get(orderId) === tail) this.inflight.delete(orderId);
    });
    return run;
  }

  /** The caller's order, still payable: otherwise 404 (not theirs) or 409 (paid or expired). */
  private async payable(caller: Caller, orderId: number): Promise<repo.OrderRow> {
    const order = await repo.findOrder(this.db, orderId);
    if (!order || order.customerId !== caller.id) throw notFound(`Order ${orderId} was not found.`);
    if (order.isPaid) throw conflict(`Order ${orderId} is already paid.`);
    if (order.status === 'expired' || order.expiresAt.getTime() <= Date.now()) {
      await this.expire(orderId);
      throw conflict(
        `Order ${orderId} has expired: it was not paid within ${this.ctx.config.ORDER_HOLD_MINUTES} minutes and its items went back on sale. Please place the order again.`,
      );
    }
    return order;
  }

  async createProviderCheckout(caller: Caller, orderId: number): Promise<{ id: string }> {
    const provider = this.provider;
    // Ownership first: a stranger learns nothing about the order, not even the provider setup.
    await this.payable(caller, orderId);
    if (!provider.createCheckout) {
      throw conflict('PayPal is not configured on this server; use the test payment instead.');
    }
    return this.serialized(orderId, async () => {
      const order = await this.payable(caller, orderId);
      if (order.providerOrderId) return { id: order.providerOrderId };
      const id = await provider.createCheckout!({
        id: order.id,
        totalRappen: order.itemsRappen + order.shippingRappen,
        providerOrderId: null,
      });
      await repo.setProviderOrderId(this.db, order.id, id);
      const stored = await repo.findOrder(this.db, order.id);
      return { id: stored?.providerOrderId ?? id };
    });
  }

  async pay(caller: Caller, orderId: number, providerOrderId: string | undefined): Promise<Order> {
    return this.serialized(orderId, async () => {
      const order = await this.payable(caller, orderId);
      const totalRappen = order.itemsRappen + order.shippingRappen;
      const captured = await this.provider.capture(
        { id: order.id, totalRappen, providerOrderId: order.providerOrderId },
        { providerOrderId },
      );
      if (captured.amountRappen !== totalRappen || captured.currency !== 'CHF') {
        throw conflict(`The payment does not match the order total of ${formatCHF(totalRappen)}.`);
      }
      try {
        await withRetry(() =>
          this.db.transaction(async (tx) => {
            // A captured provider payment counts even if the hold ran out during the capture.
            const paid = await repo.markPaid(tx, order.id, captured.provider === 'test');
            if (!paid) {
              const now = await repo.findOrder(tx, order.id);
              if (now?.isPaid) throw conflict(`Order ${orderId} is already paid.`);
              throw conflict(`Order ${orderId} has expired and can no longer be paid.`);
            }
            await repo.insertPayment(tx, {
              orderId: order.id,
              provider: captured.provider,
              providerReference: captured.reference,
              amountRappen: captured.amountRappen,
              currency: captured.currency,
            });
            await repo.enqueueMail(tx, await this.paidMails(tx, order.id));
          }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(`Order ${orderId} is already paid.`);
        throw error;
      }
      return this.orderFor(caller, orderId);
    });
  }

  private async paidMails(tx: DbOrTx, orderId: number) {
    const graph = await repo.loadGraph(tx, { orderIds: [orderId] });
    const order = graph.orders[0]!;
    const customer = graph.users.get(order.customerId)!;
    const out = [
      mails.orderPaid(this.ctx, customer, {
        id: order.id,
        totalRappen: order.itemsRappen + order.shippingRappen,
      }),
    ];
    for (const so of graph.sellerOrders) {
      const seller = graph.users.get(so.sellerId)!;
      const items = graph.items.filter((i) => i.sellerOrderId === so.id);
      const line = (i: (typeof items)[number]): MailLine => ({
        name: i.name,
        quantity: i.quantity,
        priceRappen: i.priceRappen,
        place: i.orderType === 'inStore' ? `pick-up at ${i.storeName ?? ''}` : 'to send',
      });
      out.push(
        mails.sellerNewPaidOrder(
          this.ctx,
          seller,
          { id: so.id, orderId: order.id, totalRappen: so.itemsRappen + so.shippingRappen },
          items.map(line),
        ),
      );
      if (so.pickupCode) {
        out.push(
          mails.readyForPickup(this.ctx, customer, order, {
            code: so.pickupCode,
            seller: seller.username,
            items: items.filter((i) => i.orderType === 'inStore').map(line),
          }),
        );
      }
    }
    return out;
  }

  // ------------------------------------------------------------ fulfilment

  /** Locks the caller's seller order of a paid order; 404 when it is not theirs, 409 while unpaid. */
  private async lockOwnPaid(tx: DbOrTx, caller: Caller, sellerOrderId: number, what = 'Seller order') {
    const so = await repo.findSellerOrder(tx, sellerOrderId, true);
    if (!so || so.sellerId !== caller.id) throw notFound(`${what} ${sellerOrderId} was not found.`);
    const order = (await repo.findOrder(tx, so.orderId))!;
    if (!order.isPaid) throw conflict('The customer has not paid this order yet.');
    const customer = (await repo.findUsers(tx, [order.customerId])).get(order.customerId)!;
    return { so, order, customer };
  }

  async send(caller: Caller, sellerOrderId: number): Promise<SellerOrder> {
    await withRetry(() =>
      this.db.transaction(async (tx) => {
        const { so, order, customer } = await this.lockOwnPaid(tx, caller, sellerOrderId);
        const online = (await repo.itemsOfSellerOrder(tx, so.id)).filter((i) => i.orderType === 'online');
        if (online.length === 0) throw conflict('This seller order has no items to send.');
        if (!(await repo.markShipped(tx, so.id)))
          throw conflict('This seller order was already marked as sent.');
        await repo.completeIfDone(tx, so.id);
        await repo.enqueueMail(tx, [
          mails.shipped(
            this.ctx,
            customer,
            order,
            caller.username,
            online.map((i) => ({
              name: i.name,
              quantity: i.quantity,
              priceRappen: i.priceRappen,
              place: 'sent',
            })),
          ),
        ]);
      }),
    );
    return this.sellerOrderFor(caller, sellerOrderId);
  }

  async retrieve(caller: Caller, itemId: number, code: string | undefined): Promise<SellerOrder> {
    const sellerOrderId = await withRetry(() =>
      this.db.transaction(async (tx) => {
        const item = await repo.findOrderItem(tx, itemId);
        if (!item) throw notFound(`Order item ${itemId} was not found.`);
        const { so, order, customer } = await this.lockOwnPaid(tx, caller, item.sellerOrderId, 'Order item');
        if (item.orderType !== 'inStore')
          throw conflict('Only pick-up items are picked up; online items are sent.');
        const given = code?.trim().toUpperCase();
        if (given && given !== so.pickupCode) {
          throw conflict('Wrong pick-up code: please check the code the customer shows you.');
        }
        if (!(await repo.markRetrieved(tx, item.id))) throw conflict('This item was already picked up.');
        await repo.completeIfDone(tx, so.id);
        await repo.enqueueMail(tx, [
          mails.pickedUp(this.ctx, customer, order, {
            name: item.name,
            quantity: item.quantity,
            priceRappen: item.priceRappen,
            place: item.storeName ?? 'the store',
          }),
        ]);
        return so.id;
      }),
    );
    return this.sellerOrderFor(caller, sellerOrderId);
  }

  /** Idempotent: an already completed seller order answers as it is; 409 while something is left. */
  async complete(caller: Caller, sellerOrderId: number): Promise<SellerOrder> {
    await withRetry(() =>
      this.db.transaction(async (tx) => {
        const { so } = await this.lockOwnPaid(tx, caller, sellerOrderId);
        if (so.isCompleted) return;
        if (!(await repo.completeIfDone(tx, so.id))) {
          throw conflict(
            'Items are still to be sent or picked up, so this seller order cannot be completed yet.',
          );
        }
      }),
    );
    return this.sellerOrderFor(caller, sellerOrderId);
  }
}
