/**
 * Orders: placing (server-side pricing, stock reservation), the hold and its expiry, paying
 * through a provider, and the seller's fulfilment. Every multi-row change is one statement or
 * one transaction; every state change is a conditional update, so concurrent calls and several
 * server processes never double-book stock, payments or completions.
 */
import { randomInt } from 'node:crypto';
import {
  formatCHF,
  nextOffset,
  type Order,
  type Paged,
  type PaymentConfig,
  type SellerOrder,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation, pgErrorCode, type Db, type DbOrTx } from '../../db/client.ts';
import { conflict, notFound, tooMany } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { StoresService } from '../stores/service.ts';
import { mails, type MailLine } from './mail.ts';
import { createPaymentProvider, type PaymentProvider } from './payments/provider.ts';
import {
  checkHoldLimits,
  placementRows,
  priceCart,
  reserve,
  validateCart,
  type Cart,
  type HoldLimits,
  type OrderCreate,
  type PlacementRows,
} from './placement.ts';
import * as repo from './repo.ts';
import { orderView, sellerOrderView } from './views.ts';

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

/** Reads and plans again this many times when other checkouts took the planned units first. */
const PLACE_ATTEMPTS = 5;

/** A placed order's rows with what its answer shows besides them (names, e-mails, store cities). */
interface Placed {
  rows: PlacementRows;
  read: repo.PlacementRead;
}

/** Thrown inside a placement's transaction to undo it when another checkout took the units first. */
const STOCK_TAKEN = Symbol('stock taken');

export interface PlaceOptions {
  /**
   * Runs inside the placement's transaction with the answer, before it commits: what it writes
   * (the idempotency key's stored answer) commits together with the order, or not at all.
   */
  onPlaced?: (tx: DbOrTx, order: Order) => Promise<void>;
}

export class OrdersService {
  readonly provider: PaymentProvider;
  private readonly db: Db;
  private readonly stores: StoresService;
  /** Pay and checkout calls for one order run one after another in this process. */
  private readonly inflight = new Map<number, Promise<unknown>>();

  constructor(private readonly ctx: AppContext) {
    this.db = ctx.database.db;
    this.provider = createPaymentProvider(ctx.config);
    this.stores = new StoresService(ctx);
  }

  paymentConfig(): PaymentConfig {
    return { provider: this.provider.name, clientId: this.provider.clientId, currency: 'CHF' };
  }

  // ------------------------------------------------------------ placing

  /**
   * Places an order: validate the cart, then (read, price, reserve, write) until the write
   * finds the units it planned with, then answer. Optimistic (decisions 114, 116): the read
   * locks nothing, and the write is one statement that takes the stock only if it is still
   * there and writes everything, or nothing; a checkout that lost a race for the same units
   * reads again and plans with what is left.
   */
  async place(caller: Caller, input: OrderCreate, options: PlaceOptions = {}): Promise<Order> {
    const cart = validateCart(caller, input);
    // Counted first, refused or not (decision 170): a burst of checkouts cannot churn the stock.
    // Keyed on the name too: a new database (a test run) numbers users from 1 again, and Redis
    // counters outlive it. Names never change.
    const taken = await this.ctx.limits.take('ordersUser', `${caller.id}:${caller.username}`);
    if (!taken.ok) {
      throw tooMany(
        'You have placed too many orders in a short time. Please wait a while before placing another.',
        taken.retryAfterSeconds,
      );
    }
    for (let attempt = 1; attempt <= PLACE_ATTEMPTS; attempt++) {
      const placed = await withRetry(() => this.tryPlace(caller, cart, options));
      if (placed) return placed;
    }
    throw conflict('The stock changed while your order was placed. Please try again.');
  }

  private holdLimits(): HoldLimits {
    return {
      maxUnpaidOrders: this.ctx.config.ORDER_MAX_UNPAID,
      maxUnitsPerProduct: this.ctx.config.ORDER_MAX_UNITS_PER_PRODUCT,
    };
  }

  /**
   * One attempt: null when another checkout took the planned units between the read and the
   * write. The write runs under the customer's lock, after the anti-hoarding check.
   */
  private async tryPlace(caller: Caller, cart: Cart, options: PlaceOptions): Promise<Order | null> {
    const read = await repo.readForPlacement(this.db, cart.productIds, cart.lines.length);
    const priced = priceCart(caller, cart, read.products);
    const reservation = reserve(priced, read.stocks);
    const rows = placementRows(caller, cart, priced, reservation, read, {
      minutes: this.ctx.config.ORDER_HOLD_MINUTES,
      extensions: this.ctx.config.ORDER_HOLD_MAX_EXTENSIONS,
    });
    try {
      return await this.db.transaction(async (tx) => {
        const holds = await repo.lockCustomerHolds(tx, caller.id, cart.productIds);
        checkHoldLimits(priced, holds, this.holdLimits());
        if (!(await repo.writePlacement(tx, { ...rows, takes: reservation.takes }))) throw STOCK_TAKEN;
        const answer = this.placedAnswer(caller, { rows, read });
        await options.onPlaced?.(tx, answer);
        return answer;
      });
    } catch (error) {
      if (error === STOCK_TAKEN) return null;
      throw error;
    }
  }

  /** The answer of a placed order, rendered from the rows just written, as a read of them shows them. */
  private placedAnswer(caller: Caller, { rows, read }: Placed): Order {
    const cities = new Map(read.stocks.map((s) => [s.storeId, s.storeCity]));
    const users = new Map<number, repo.UserBrief>([
      [caller.id, { id: caller.id, username: caller.username, email: caller.email }],
    ]);
    for (const p of read.products) {
      users.set(p.sellerId, { id: p.sellerId, username: p.sellerName, email: p.sellerEmail });
    }
    const graph: repo.OrderGraph = {
      orders: [rows.order],
      sellerOrders: rows.sellerOrders,
      items: rows.items
        .map((item) => ({
          ...item,
          storeCity: item.storeId === null ? null : (cities.get(item.storeId) ?? null),
        }))
        .sort((a, b) => a.id - b.id),
      users,
    };
    return orderView(this.ctx.media, graph, rows.order);
  }

  // ------------------------------------------------------------ reading

  async orderFor(caller: Caller, id: number): Promise<Order> {
    const graph = await repo.loadGraph(this.db, { orderIds: [id] });
    const order = graph.orders[0];
    if (!order || order.customerId !== caller.id) throw notFound(`Order ${id} was not found.`);
    return orderView(this.ctx.media, graph, order);
  }

  /** One page of the caller's orders, newest first. */
  async ordersOf(caller: Caller, page: { offset: number; limit: number }): Promise<Paged<Order>> {
    const { ids, count } = await repo.orderIdsOfCustomer(this.db, caller.id, page);
    const graph = await repo.loadGraph(this.db, { orderIds: ids });
    const byId = new Map(graph.orders.map((o) => [o.id, o]));
    return {
      results: ids.map((id) => orderView(this.ctx.media, graph, byId.get(id)!)),
      count,
      next: nextOffset(page.offset, page.limit, count),
    };
  }

  async sellerOrderFor(caller: Caller, id: number, db: DbOrTx = this.db): Promise<SellerOrder> {
    const graph = await repo.loadGraph(db, { sellerOrderIds: [id] });
    const so = graph.sellerOrders[0];
    if (!so || so.sellerId !== caller.id) throw notFound(`Seller order ${id} was not found.`);
    return sellerOrderView(this.ctx.media, graph, so, 'seller');
  }

  /** One page of the caller's seller orders, newest first. */
  async sellerOrdersOf(caller: Caller, page: { offset: number; limit: number }): Promise<Paged<SellerOrder>> {
    const { ids, count } = await repo.sellerOrderIdsOfSeller(this.db, caller.id, page);
    const graph = await repo.loadGraph(this.db, { sellerOrderIds: ids });
    const byId = new Map(graph.sellerOrders.map((s) => [s.id, s]));
    return {
      results: ids.map((id) => sellerOrderView(this.ctx.media, graph, byId.get(id)!, 'seller')),
      count,
      next: nextOffset(page.offset, page.limit, count),
    };
  }

  // ------------------------------------------------------------ hold and expiry

  /** Expires one order if it is still pending past its hold time, returning its stock. True when it did. */
  async expire(orderId: number): Promise<boolean> {
    return withRetry(() =>
      this.db.transaction(async (tx) => {
        const expired = await repo.markExpired(tx, orderId);
        if (!expired) return false;
        await this.stores.returnStock(tx, await repo.releaseAllocations(tx, orderId));
        return true;
      }),
    );
  }

  /**
   * Extends the hold of the caller's unpaid order by ORDER_HOLD_MINUTES, as often as it has
   * extensions left (decision 174): 404 when not theirs, 409 when paid, expired or used up.
   */
  async extendHold(caller: Caller, orderId: number): Promise<Order> {
    const extended = await repo.extendHold(this.db, orderId, caller.id, this.ctx.config.ORDER_HOLD_MINUTES);
    if (!extended) {
      const order = await repo.findOrder(this.db, orderId);
      if (!order || order.customerId !== caller.id) throw notFound(`Order ${orderId} was not found.`);
      if (order.isPaid) throw conflict(`Order ${orderId} is already paid.`);
      if (order.status !== 'pending' || order.expiresAt.getTime() <= Date.now()) {
        await this.expire(orderId);
        throw conflict(`Order ${orderId} has expired and can no longer be paid.`);
      }
      throw conflict(
        `The hold of order ${orderId} cannot be extended any more. Please pay it before it expires.`,
      );
    }
    return this.orderFor(caller, orderId);
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
    // Checked before any provider is asked: no money is taken for a seller who is gone (decision 171).
    if (await repo.hasDeletedSeller(this.db, orderId)) {
      throw conflict(
        `A seller of order ${orderId} has closed their account, so the order can no longer be paid. Please place it again without their items.`,
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
      mails.orderPaid(
        this.ctx,
        customer,
        { id: order.id, totalRappen: order.itemsRappen + order.shippingRappen },
        graph.items.map((i) => ({
          name: i.name,
          quantity: i.quantity,
          priceRappen: i.priceRappen,
          place: i.orderType === 'inStore' ? `pick-up at ${i.storeName ?? ''}` : 'sent to you',
        })),
      ),
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

  /**
   * Locks the caller's seller order of a paid order; 409 while unpaid. When it is not theirs,
   * `missing` is thrown: the same 404 as for what the caller asked about not existing at all.
   */
  private async lockOwnPaid(
    tx: DbOrTx,
    caller: Caller,
    sellerOrderId: number,
    missing = () => notFound(`Seller order ${sellerOrderId} was not found.`),
  ) {
    const so = await repo.findSellerOrder(tx, sellerOrderId, true);
    if (!so || so.sellerId !== caller.id) throw missing();
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
        const missing = () => notFound(`Order item ${itemId} was not found.`);
        const item = await repo.findOrderItem(tx, itemId);
        if (!item) throw missing();
        const { so, order, customer } = await this.lockOwnPaid(tx, caller, item.sellerOrderId, missing);
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

const services = new WeakMap<AppContext, OrdersService>();

/** One service per app, shared by the routes and the jobs (it holds the per-order pay queue). */
export function ordersServiceFor(ctx: AppContext): OrdersService {
  let service = services.get(ctx);
  if (!service) {
    service = new OrdersService(ctx);
    services.set(ctx, service);
  }
  return service;
}
