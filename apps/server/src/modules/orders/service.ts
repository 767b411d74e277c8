/**
 * Orders: placing (server-side pricing, stock reservation), the hold and its expiry, paying
 * through a provider, and the seller's fulfilment. Every multi-row change is one statement or
 * one transaction; every state change is a conditional update, so concurrent calls and several
 * server processes never double-book stock, payments or completions.
 */
import { createHash, randomInt } from 'node:crypto';
import {
  formatCHF,
  nextOffset,
  type Order,
  type Paged,
  type PaymentConfig,
  rappenToDecimal,
  type SellerOrder,
  type StaffRefundBody,
} from '@marktgasse/shared';
// Delivery details (issue 32): the send path's body and the seller list's filter.
import { normaliseTrackingNumber, type SellerOrderFilter, type SendBody } from '@marktgasse/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { pgErrorCode, type Db, type DbOrTx } from '../../db/client.ts';
import { AppError, conflict, notFound, tooMany } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { AuditService } from '../audit/service.ts';
import { commissionDefaults, LedgerService } from '../ledger/service.ts';
import { StoresService } from '../stores/service.ts';
import { cancelMails, mails, type MailLine } from './mail.ts';
import { createPaymentProvider } from './payments/create-provider.ts';
import type { CapturedPayment, PaymentProvider } from './payments/provider.ts';
import { checkPaymentMethod, holdMinutes } from './payment-method.ts';
import { createWalletProvider } from '../payments/twint.ts';
import type { TwintPayment } from '../payments/twint.ts';
import type { WalletCheckout, WalletProvider } from '../payments/wallet-provider.ts';
import { confirmTwint, giveBackTwint, startTwint } from './twint-pay.ts';
import { BankRefunds } from '../payments/bank-refunds.ts';
import { refundByMethod, type BankDetails } from './refund-by-method.ts';
import { invoiceDueAt } from '../payments/invoice-reminders.ts';
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

const paymentInProgress = (orderId: number) =>
  conflict(`A payment for order ${orderId} is in progress. Please try again in a moment.`);
const amountChanged = (orderId: number) =>
  conflict(`The amount due for order ${orderId} has changed. Please start the payment again.`);

/** The key prefix of a staff refund of part of a line (decision 243). */
const STAFF_REFUND = 'staff-';

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
  /** The customer's language for this order's e-mails (de, fr, it; null: English). */
  locale?: string | null;
}

export class OrdersService {
  readonly provider: PaymentProvider;
  /** TWINT's provider (Datatrans, or the built-in test provider; decisions 230, 247). */
  readonly wallet: WalletProvider;
  private readonly db: Db;
  private readonly stores: StoresService;
  /** Every money event posts in the transaction of its state change (decisions 228, 243). */
  private readonly ledger: LedgerService;
  private readonly audit: AuditService;
  /** Pay and checkout calls for one order run one after another in this process. */
  private readonly inflight = new Map<number, Promise<unknown>>();

  constructor(private readonly ctx: AppContext) {
    this.db = ctx.database.db;
    this.provider = createPaymentProvider(ctx.config);
    this.wallet = createWalletProvider(ctx.config);
    this.stores = new StoresService(ctx);
    this.ledger = new LedgerService(this.db, commissionDefaults(ctx.config));
    this.audit = new AuditService(ctx);
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
    const { itemsRappen, shippingRappen } = priced.totals;
    await checkPaymentMethod(
      this.db,
      this.ctx.config,
      caller,
      cart.paymentMethod,
      itemsRappen + shippingRappen,
    );
    const reservation = reserve(priced, read.stocks);
    const rows = placementRows(caller, cart, priced, reservation, read, {
      minutes: holdMinutes(this.ctx.config, cart.paymentMethod),
      extensions: this.ctx.config.ORDER_HOLD_MAX_EXTENSIONS,
      locale: options.locale ?? null,
    });
    try {
      return await this.db.transaction(async (tx) => {
        const holds = await repo.lockCustomerHolds(tx, caller.id, cart.productIds);
        checkHoldLimits(priced, holds, this.holdLimits());
        if (!(await repo.writePlacement(tx, { ...rows, takes: reservation.takes }))) throw STOCK_TAKEN;
        await this.ledger.freezeOrder(tx, rows.order.id);
        if (cart.paymentMethod === 'Invoice') {
          const { id, itemsRappen: items, shippingRappen: shipping, expiresAt } = rows.order;
          const bill = { id, totalRappen: items + shipping, dueAt: invoiceDueAt(this.ctx.config, expiresAt) };
          await repo.enqueueMail(tx, [mails.invoiceIssued(this.ctx, caller, bill)]);
        }
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
      [caller.id, { id: caller.id, username: caller.username, name: caller.username, email: caller.email }],
    ]);
    for (const p of read.products) {
      users.set(p.sellerId, {
        id: p.sellerId,
        username: p.sellerUsername,
        name: p.sellerName,
        email: p.sellerEmail,
      });
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
  async sellerOrdersOf(
    caller: Caller,
    page: { offset: number; limit: number },
    state?: SellerOrderFilter,
  ): Promise<Paged<SellerOrder>> {
    const { ids, count } = await repo.sellerOrderIdsOfSeller(this.db, caller.id, page, state);
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

  /** The caller's order, still payable: otherwise 404 (not theirs) or 409 (paid, paying, cancelled or expired). */
  private async payable(caller: Caller, orderId: number): Promise<repo.OrderRow> {
    const order = await repo.findOrder(this.db, orderId);
    if (!order || order.customerId !== caller.id) throw notFound(`Order ${orderId} was not found.`);
    if (order.isPaid) throw conflict(`Order ${orderId} is already paid.`);
    if (order.status === 'paying') throw paymentInProgress(orderId);
    if (order.status === 'cancelled')
      throw conflict(`Order ${orderId} was cancelled and can no longer be paid.`);
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
      const totalRappen = order.itemsRappen + order.shippingRappen;
      const id = await provider.createCheckout!({ id: order.id, totalRappen, providerOrderId: null });
      // Kept only while the order still asks that amount: a part cancelled meanwhile changed it.
      await repo.setProviderOrderId(this.db, order.id, id, totalRappen);
      const stored = await repo.findOrder(this.db, order.id);
      if (!stored?.providerOrderId) throw amountChanged(order.id);
      return { id: stored.providerOrderId };
    });
  }

  /**
   * Pays an order (decision 156): the order turns `paying` (the pending-capture record, which
   * the expiry sweep skips) before the provider captures; a completed capture is recorded as
   * paid; one that can no longer be honoured is refunded at once. When the write after a
   * capture fails, the order stays `paying` and the reconciling job records or refunds it.
   */
  async pay(
    caller: Caller,
    orderId: number,
    providerOrderId: string | undefined,
    locale: string | null = null,
  ): Promise<Order> {
    const method = (await repo.findOrder(this.db, orderId))?.paymentMethod;
    if (method === 'TWINT') return this.payTwint(caller, orderId);
    return this.serialized(orderId, async () => {
      const order = await this.payable(caller, orderId);
      if (order.paymentMethod === 'Invoice')
        throw conflict(`Order ${orderId} is paid by invoice: please pay it with its QR-bill.`);
      const paying = await repo.beginPaying(
        this.db,
        order.id,
        this.ctx.config.ORDER_CAPTURE_TIMEOUT_SECONDS,
        locale,
      );
      if (!paying) {
        await this.payable(caller, orderId);
        throw paymentInProgress(orderId);
      }
      // What the order asks now: the row that turned paying, after any part cancelled before it.
      const totalRappen = paying.itemsRappen + paying.shippingRappen;
      let captured: CapturedPayment;
      try {
        captured = await this.provider.capture(
          { id: order.id, totalRappen, providerOrderId: paying.providerOrderId },
          { providerOrderId },
        );
      } catch (error) {
        // Refused (a 4xx of ours): nothing was captured, the order may be paid again.
        // Unreachable or anything unexpected: unknown, so it stays paying and the job asks
        // the provider once payingUntil has passed.
        if (error instanceof AppError && error.code !== 'UNAVAILABLE') {
          await this.backToPending(order.id);
        }
        throw error;
      }
      if (captured.amountRappen !== totalRappen || captured.currency !== 'CHF') {
        await this.backToPending(order.id);
        throw conflict(`The payment does not match the order total of ${formatCHF(totalRappen)}.`);
      }
      const outcome = await this.recordCapture(order.id, captured);
      if (outcome === 'refunded') {
        throw conflict(
          `Order ${orderId} could no longer be honoured when the payment arrived, so the payment of ${formatCHF(captured.amountRappen)} was refunded in full.`,
        );
      }
      return this.orderFor(caller, orderId);
    });
  }

  /**
   * Records a completed capture: paid when the order can still be honoured, otherwise the
   * payment is recorded and refunded through the provider and the customer is mailed.
   */
  /** Starts the TWINT payment of the caller's unpaid TWINT order (once; its id is kept on the order). */
  async startTwintPayment(caller: Caller, orderId: number): Promise<WalletCheckout> {
    return this.serialized(orderId, async () => {
      const order = await this.payable(caller, orderId);
      if (order.paymentMethod !== 'TWINT') throw conflict(`Order ${orderId} is not paid with TWINT.`);
      const totalRappen = order.itemsRappen + order.shippingRappen;
      const checkout = await startTwint(this.wallet, this.ctx.config, { id: order.id, totalRappen });
      await repo.replaceProviderOrderId(this.db, order.id, checkout.transactionId, totalRappen);
      const stored = await repo.findOrder(this.db, order.id);
      if (stored?.providerOrderId !== checkout.transactionId) throw amountChanged(order.id);
      return checkout;
    });
  }

  /** The browser's return (or, with the test provider, the whole payment): confirm and record once. */
  private async payTwint(caller: Caller, orderId: number): Promise<Order> {
    const transactionId =
      (await repo.findOrder(this.db, orderId))?.providerOrderId ??
      (this.wallet.name === 'test' ? (await this.startTwintPayment(caller, orderId)).transactionId : null);
    await this.serialized(orderId, async () => {
      const order = await this.payable(caller, orderId);
      if (!transactionId) throw conflict(`Start the TWINT payment of order ${orderId} first.`);
      const totalRappen = order.itemsRappen + order.shippingRappen;
      const payment = await confirmTwint(this.wallet, { id: order.id, totalRappen }, transactionId);
      if (!(await this.recordWalletPayment(order.id, payment))) {
        await giveBackTwint(this.wallet, { id: order.id, totalRappen }, transactionId);
        throw conflict(
          `Order ${orderId} could no longer be honoured when the payment arrived, so the payment of ${formatCHF(payment.amountRappen)} was refunded in full.`,
        );
      }
    });
    return this.orderFor(caller, orderId);
  }

  /** A settled TWINT payment through the capture path; false when the order can no longer take it. */
  async recordWalletPayment(orderId: number, payment: TwintPayment): Promise<boolean> {
    return this.recordBankPayment(
      orderId,
      { amountRappen: payment.amountRappen, bankReference: payment.reference },
      payment.provider,
    );
  }

  /**
   * A bank credit for an invoice order, through the same capture path (decision 247): true when
   * it paid the order now or paid it before with this credit; false when the order can no
   * longer be paid (the credit goes to the list of payments to return, nothing is refunded here).
   */
  async recordBankPayment(
    orderId: number,
    payment: { amountRappen: number; bankReference: string },
    provider = 'bank',
  ): Promise<boolean> {
    const captured = {
      provider,
      reference: payment.bankReference,
      amountRappen: payment.amountRappen,
      currency: 'CHF',
    };
    try {
      return (await this.recordCapture(orderId, captured, { refundRefused: false })) === 'paid';
    } catch (error) {
      if (error instanceof AppError && error.code === 'CONFLICT') return false; // paid otherwise
      throw error;
    }
  }

  private async recordCapture(
    orderId: number,
    captured: CapturedPayment,
    options = { refundRefused: true },
  ): Promise<'paid' | 'refunded' | 'refused'> {
    const paid = await withRetry(() =>
      this.db.transaction(async (tx) => {
        const order = await repo.lockOrder(tx, orderId);
        if (order?.isPaid) {
          const payment = await repo.findPayment(tx, orderId);
          if (payment?.providerReference === captured.reference) return true;
          throw conflict(`Order ${orderId} is already paid.`);
        }
        if (!(await repo.markPaidAfterCapture(tx, orderId, captured.amountRappen))) return false;
        await repo.insertPayment(tx, {
          orderId,
          provider: captured.provider,
          providerReference: captured.reference,
          amountRappen: captured.amountRappen,
          currency: captured.currency,
        });
        await this.ledger.recordCapture(tx, { orderId, amountRappen: captured.amountRappen });
        await repo.enqueueMail(tx, await this.paidMails(tx, orderId));
        return true;
      }),
    );
    if (paid) {
      await this.refundPartsCancelledDuringCapture(orderId);
      return 'paid';
    }
    if (!options.refundRefused) return 'refused';
    const refund = await withRetry(() =>
      this.db.transaction(async (tx) => {
        await repo.insertPaymentOnce(tx, {
          orderId,
          provider: captured.provider,
          providerReference: captured.reference,
          amountRappen: captured.amountRappen,
          currency: captured.currency,
        });
        await this.ledger.recordCapture(tx, { orderId, amountRappen: captured.amountRappen });
        return (
          (await repo.insertRefund(tx, {
            key: `refused-${orderId}`,
            orderId,
            sellerOrderId: null,
            amountRappen: captured.amountRappen,
            provider: captured.provider,
          })) ?? (await repo.findRefund(tx, `refused-${orderId}`))!
        );
      }),
    );
    await this.runRefund(refund);
    return 'refunded';
  }

  /**
   * Parts cancelled while the capture was under way (decision 196): the capture took their
   * share, so their refunds, written at the cancellation, run now. One the provider cannot
   * take now stays for the reconciling job.
   */
  private async refundPartsCancelledDuringCapture(orderId: number): Promise<void> {
    const held = (await repo.refundsOfOrder(this.db, orderId)).filter(
      (r) => !r.completedAt && r.sellerOrderId !== null,
    );
    for (const refund of held) {
      try {
        await this.runRefund(refund);
      } catch {
        // Refused (the part goes on, as after a refused refund) or unreachable (the job asks again).
      }
    }
  }

  /**
   * paying → pending when nothing was captured: the refunds held for parts cancelled during
   * the capture are dropped (there is nothing to refund) and those parts are finished as
   * unpaid cancellations, so the order asks only for its live parts.
   */
  private async backToPending(orderId: number): Promise<void> {
    await withRetry(() =>
      this.db.transaction(async (tx) => {
        const order = await repo.lockOrder(tx, orderId);
        if (!order || !(await repo.endPaying(tx, orderId))) return;
        const held = (await repo.refundsOfOrder(tx, orderId)).filter(
          (r) => !r.completedAt && r.sellerOrderId !== null,
        );
        for (const refund of held) {
          await repo.dropRefund(tx, refund.id);
          await this.finishSellerCancel(tx, { ...order, status: 'pending' }, refund.sellerOrderId!, 0);
        }
      }),
    );
  }

  // ------------------------------------------------------------ reconciling (decisions 156, 157)

  /**
   * One pass of the reconciling job: captures that outlived ORDER_CAPTURE_TIMEOUT_SECONDS
   * are asked about at the provider and recorded as paid (or refunded), or the order goes
   * back to pending when nothing was captured; refunds left unfinished (a crash, a lost
   * answer) are asked for again with the same key. Answers how many it settled.
   */
  async reconcilePayments(refundAfterSeconds = 60, log?: FastifyBaseLogger): Promise<number> {
    let settled = 0;
    for (const id of await repo.overduePayingOrderIds(this.db, 50)) {
      const order = await repo.findOrder(this.db, id);
      if (!order || order.status !== 'paying') continue;
      try {
        const captured = await this.provider.findCapture({
          id,
          totalRappen: order.itemsRappen + order.shippingRappen,
          providerOrderId: order.providerOrderId,
        });
        if (captured) await this.recordCapture(id, captured);
        else await this.backToPending(id);
        settled += 1;
      } catch (error) {
        // The provider cannot tell yet (or refused a refund): this order waits for the next pass.
        log?.warn({ orderId: id, err: String(error) }, 'payment not reconciled yet');
      }
    }
    for (const refund of await repo.stalePendingRefunds(this.db, refundAfterSeconds, 50)) {
      try {
        await this.runRefund(refund);
      } catch {
        // Refused (undone) or still unreachable (tried again on the next pass).
      }
      settled += 1;
    }
    return settled;
  }

  // ------------------------------------------------------------ cancelling (decisions 157, 158)

  /**
   * Asks the provider for one refund row and finishes what it belongs to. Refused: the row
   * goes and the order is as it was (409). Unreachable: the row stays for the job (503).
   */
  private async runRefund(refund: repo.RefundRow, bank?: BankDetails): Promise<void> {
    const payment = await repo.findPayment(this.db, refund.orderId);
    let reference: string;
    try {
      if (!payment) throw conflict(`Order ${refund.orderId} has no recorded payment to refund.`);
      const method = (await repo.findOrder(this.db, refund.orderId))?.paymentMethod ?? 'PayPal';
      const to = { provider: this.provider, wallet: this.wallet, bankRefunds: new BankRefunds(this.db) };
      ({ reference } = await refundByMethod(to, method, payment, refund, bank));
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAVAILABLE') throw error;
      await withRetry(() =>
        this.db.transaction(async (tx) => {
          await repo.dropRefund(tx, refund.id);
          if (refund.key.startsWith('order-')) await repo.uncancelPaidOrder(tx, refund.orderId);
          if (refund.sellerOrderId !== null && !refund.key.startsWith(STAFF_REFUND))
            await repo.uncancelSellerOrder(tx, refund.sellerOrderId);
        }),
      );
      throw error;
    }
    await withRetry(() =>
      this.db.transaction(async (tx) => {
        const done = await repo.completeRefund(tx, refund.id, reference);
        if (!done) return;
        await this.postRefund(tx, refund, done.amountRappen);
        const order = (await repo.lockOrder(tx, refund.orderId))!;
        const customer = (await repo.findUsers(tx, [order.customerId])).get(order.customerId)!;
        if (refund.key.startsWith('refused-')) {
          await repo.enqueueMail(tx, [cancelMails.refunded(this.ctx, customer, order, done.amountRappen)]);
        } else if (refund.key.startsWith(STAFF_REFUND)) {
          // A staff refund of a delivered line: the line stays delivered; the ledger entry is all.
        } else if (refund.sellerOrderId !== null) {
          await this.finishSellerCancel(tx, order, refund.sellerOrderId, done.amountRappen);
        } else {
          await this.finishOrderCancel(tx, order, done.amountRappen);
        }
      }),
    );
  }

  /** The ledger's entry of a refund the provider confirmed; the part's seller bears it once fulfilled. */
  private async postRefund(tx: DbOrTx, refund: repo.RefundRow, amountRappen: number): Promise<void> {
    const part = refund.sellerOrderId === null ? null : await repo.findSellerOrder(tx, refund.sellerOrderId);
    await this.ledger.recordRefund(tx, {
      refundId: refund.key,
      orderId: refund.orderId,
      amountRappen,
      sellerOrderId: part?.id ?? null,
      sellerId: part?.sellerId ?? null,
    });
  }

  /** Stock back and parts closed for a cancelled order; the customer's e-mail. */
  private async finishOrderCancel(tx: DbOrTx, order: repo.OrderRow, refundedRappen: number): Promise<void> {
    await repo.cancelRemainingSellerOrders(tx, order.id);
    await this.stores.returnStock(tx, await repo.releaseAllocations(tx, order.id));
    const customer = (await repo.findUsers(tx, [order.customerId])).get(order.customerId)!;
    await repo.enqueueMail(tx, [cancelMails.customerCancelled(this.ctx, customer, order, refundedRappen)]);
  }

  /** Stock of the part back, the customer told (with the reason); the order closes with its last part. */
  private async finishSellerCancel(
    tx: DbOrTx,
    order: repo.OrderRow,
    sellerOrderId: number,
    refundedRappen: number,
  ): Promise<void> {
    await this.stores.returnStock(tx, await repo.releaseSellerOrderAllocations(tx, sellerOrderId));
    const so = (await repo.findSellerOrder(tx, sellerOrderId))!;
    // Unpaid: the order now asks only for its live parts (decision 196).
    if (!order.isPaid) await repo.settleUnpaidTotals(tx, order.id);
    if (await repo.allSellerOrdersCancelled(tx, order.id)) {
      await repo.markOrderCancelled(tx, order.id, order.isPaid ? 'paid' : 'pending');
    }
    const users = await repo.findUsers(tx, [order.customerId, so.sellerId]);
    const items = await repo.itemsOfSellerOrder(tx, sellerOrderId);
    await repo.enqueueMail(tx, [
      cancelMails.sellerCancelled(this.ctx, users.get(order.customerId)!, order, {
        seller: users.get(so.sellerId)?.username ?? '',
        reason: so.cancelReason ?? '',
        refundedRappen,
        items: items.map((i) => ({
          name: i.name,
          quantity: i.quantity,
          priceRappen: i.priceRappen,
          place: i.orderType === 'inStore' ? (i.storeName ?? '') : 'online',
        })),
      }),
    ]);
  }

  /**
   * The customer cancels the whole order while nothing of it was sent or picked up: unpaid,
   * it is cancelled and its stock released at once; paid, the rest of the payment (all of it
   * unless a seller refunded their part before) goes back through the provider first.
   * Repeated or raced calls refund once (the refunds row's unique key) and answer the order.
   */
  async cancel(
    caller: Caller,
    orderId: number,
    locale: string | null = null,
    bank?: BankDetails,
  ): Promise<Order> {
    return this.serialized(orderId, async () => {
      const refund = await withRetry(() =>
        this.db.transaction(async (tx) => {
          const order = await repo.lockOrder(tx, orderId);
          if (!order || order.customerId !== caller.id) throw notFound(`Order ${orderId} was not found.`);
          if (order.status === 'cancelled') {
            const pending = await repo.findRefund(tx, `order-${orderId}`);
            return pending && !pending.completedAt ? pending : null;
          }
          if (order.status === 'paying') throw paymentInProgress(orderId);
          if (order.status === 'expired' || (order.status === 'pending' && order.expiresAt <= new Date())) {
            throw conflict(`Order ${orderId} has expired, so there is nothing to cancel.`);
          }
          await repo.lockSellerOrdersOf(tx, orderId);
          if (await repo.anythingHandedOver(tx, orderId)) {
            throw conflict(
              `Part of order ${orderId} has already been sent or picked up, so the order can no longer be cancelled.`,
            );
          }
          if (locale) await repo.setOrderLocale(tx, orderId, locale);
          const refunds = await repo.refundsOfOrder(tx, orderId);
          if (refunds.some((r) => !r.completedAt)) {
            throw conflict(`A refund for order ${orderId} is in progress. Please try again in a moment.`);
          }
          const cancelled = await repo.markOrderCancelled(tx, orderId, order.isPaid ? 'paid' : 'pending');
          if (!cancelled) throw conflict(`Order ${orderId} changed meanwhile. Please try again.`);
          const payment = order.isPaid ? await repo.findPayment(tx, orderId) : undefined;
          const amount = payment ? payment.amountRappen - order.refundedRappen : 0;
          if (amount <= 0) {
            await this.finishOrderCancel(tx, { ...cancelled, locale: locale ?? cancelled.locale }, 0);
            return null;
          }
          return repo.insertRefund(tx, {
            key: `order-${orderId}`,
            orderId,
            sellerOrderId: null,
            amountRappen: amount,
            provider: payment!.provider,
          });
        }),
      );
      if (refund) await this.runRefund(refund, bank);
      return this.orderFor(caller, orderId);
    });
  }

  /**
   * A seller cancels their part before it was sent or picked up, with a reason for the
   * customer: their items and shipping are refunded when paid, their stock released; the
   * other sellers' parts go on. Repeated calls answer the part as it is.
   */
  async cancelSellerOrder(caller: Caller, sellerOrderId: number, reason: string): Promise<SellerOrder> {
    const found = await repo.findSellerOrder(this.db, sellerOrderId);
    if (!found || found.sellerId !== caller.id)
      throw notFound(`Seller order ${sellerOrderId} was not found.`);
    await this.serialized(found.orderId, async () => {
      const refund = await withRetry(() =>
        this.db.transaction(async (tx) => {
          const order = (await repo.lockOrder(tx, found.orderId))!;
          const so = (await repo.findSellerOrder(tx, sellerOrderId, true))!;
          if (so.cancelledAt) return null;
          if (order.status === 'cancelled') throw conflict(`Order ${order.id} was cancelled.`);
          if (order.status === 'expired' || (order.status === 'pending' && order.expiresAt <= new Date())) {
            throw conflict(`Order ${order.id} has expired, so there is nothing to cancel.`);
          }
          if (await repo.anythingHandedOver(tx, order.id, so.id)) {
            throw conflict(
              'Items of this seller order have already been sent or picked up, so it can no longer be cancelled.',
            );
          }
          if (
            (await repo.refundsOfOrder(tx, order.id)).some(
              (r) => !r.completedAt && r.key.startsWith('order-'),
            )
          ) {
            throw conflict(`A refund for order ${order.id} is in progress. Please try again in a moment.`);
          }
          if (!(await repo.markSellerOrderCancelled(tx, so.id, reason))) return null;
          const amount = so.itemsRappen + so.shippingRappen;
          if (order.status === 'paying' && amount > 0) {
            // The capture under way includes this part: its refund is written now and runs
            // once the capture is recorded, or is dropped when nothing was captured.
            await repo.insertRefund(tx, {
              key: `seller-order-${so.id}`,
              orderId: order.id,
              sellerOrderId: so.id,
              amountRappen: amount,
              provider: this.provider.name,
            });
            return null;
          }
          const payment = order.isPaid ? await repo.findPayment(tx, order.id) : undefined;
          if (!payment || amount <= 0) {
            await this.finishSellerCancel(tx, order, so.id, 0);
            return null;
          }
          return repo.insertRefund(tx, {
            key: `seller-order-${so.id}`,
            orderId: order.id,
            sellerOrderId: so.id,
            amountRappen: amount,
            provider: payment.provider,
          });
        }),
      );
      if (refund) await this.runRefund(refund);
    });
    return this.sellerOrderFor(caller, sellerOrderId);
  }

  private async paidMails(tx: DbOrTx, orderId: number) {
    const graph = await repo.loadGraph(tx, { orderIds: [orderId] });
    const order = graph.orders[0]!;
    const customer = graph.users.get(order.customerId)!;
    // Only what will come: parts cancelled before or during the payment are left out.
    const live = graph.sellerOrders.filter((so) => !so.cancelledAt);
    const liveIds = new Set(live.map((so) => so.id));
    const liveItems = graph.items.filter((i) => liveIds.has(i.sellerOrderId));
    // Every part was cancelled during the capture: the refunds that follow say it all.
    if (live.length === 0) return [];
    const out = [
      mails.orderPaid(
        this.ctx,
        customer,
        { id: order.id, totalRappen: live.reduce((sum, so) => sum + so.itemsRappen + so.shippingRappen, 0) },
        liveItems.map((i) => ({
          name: i.name,
          quantity: i.quantity,
          priceRappen: i.priceRappen,
          place: i.orderType === 'inStore' ? `pick-up at ${i.storeName ?? ''}` : 'sent to you',
        })),
      ),
    ];
    for (const so of live) {
      const seller = graph.users.get(so.sellerId)!;
      const items = liveItems.filter((i) => i.sellerOrderId === so.id);
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
    if (so.cancelledAt || order.status === 'cancelled') throw conflict('This seller order was cancelled.');
    if (!order.isPaid) throw conflict('The customer has not paid this order yet.');
    const customer = (await repo.findUsers(tx, [order.customerId])).get(order.customerId)!;
    return { so, order, customer };
  }

  /** The part is fulfilled (nothing left to send or pick up): it earns, pending (decision 225). */
  private async postFulfilment(tx: DbOrTx, so: repo.SellerOrderRow): Promise<void> {
    await this.ledger.recordFulfilmentOfPart(tx, {
      sellerOrderId: so.id,
      orderId: so.orderId,
      sellerId: so.sellerId,
    });
  }

  /** Marks the online part sent, with the carrier and tracking number when the seller gave them. */
  async send(caller: Caller, sellerOrderId: number, body?: SendBody): Promise<SellerOrder> {
    const number = body?.trackingNumber ? normaliseTrackingNumber(body.trackingNumber) : null;
    const parcel = { carrier: body?.carrier ?? null, trackingNumber: number };
    await withRetry(() =>
      this.db.transaction(async (tx) => {
        const { so, order, customer } = await this.lockOwnPaid(tx, caller, sellerOrderId);
        const online = (await repo.itemsOfSellerOrder(tx, so.id)).filter((i) => i.orderType === 'online');
        if (online.length === 0) throw conflict('This seller order has no items to send.');
        if (!(await repo.markShipped(tx, so.id, parcel)))
          throw conflict('This seller order was already marked as sent.');
        if (await repo.completeIfDone(tx, so.id)) await this.postFulfilment(tx, so);
        const seller = (await repo.findUsers(tx, [caller.id])).get(caller.id);
        await repo.enqueueMail(tx, [
          mails.shipped(this.ctx, customer, order, {
            seller: seller?.name ?? caller.username,
            items: online.map((i) => ({
              name: i.name,
              quantity: i.quantity,
              priceRappen: i.priceRappen,
              place: '',
            })),
            ...parcel,
          }),
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
        if (await repo.completeIfDone(tx, so.id)) await this.postFulfilment(tx, so);
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
        await this.postFulfilment(tx, so);
      }),
    );
    return this.sellerOrderFor(caller, sellerOrderId);
  }

  // ------------------------------------------------------------ staff refunds (decision 243)

  /**
   * Staff refund part of a delivered line, with a reason kept in the audit log: `quantity` units
   * of it or an amount, capped at what the line was paid minus its earlier staff refunds. Once
   * per key (the client's Idempotency-Key, else the line, amount and reason). The seller bears it
   * in the ledger: after a payout their balance turns negative and the next run nets it.
   */
  async staffRefund(
    staff: { id: number; address: string },
    orderId: number,
    body: StaffRefundBody,
    key?: string,
  ) {
    await this.serialized(orderId, async () => {
      const refund = await withRetry(() =>
        this.db.transaction(async (tx) => {
          const order = await repo.lockOrder(tx, orderId);
          if (!order) throw notFound(`Order ${orderId} was not found.`);
          const item = await repo.findOrderItem(tx, body.item);
          if (!item || item.orderId !== orderId) throw notFound(`Order item ${body.item} was not found.`);
          const amount = body.amount ?? item.priceRappen * (body.quantity ?? 0);
          const rowKey = `${STAFF_REFUND}${item.id}-${key ?? naturalRefundKey(amount, body.reason)}`;
          const earlier = await repo.findRefund(tx, rowKey);
          if (earlier) return earlier.completedAt ? null : earlier;
          await this.checkLineRefundable(tx, order, item, amount);
          const payment = (await repo.findPayment(tx, orderId))!;
          const row = (await repo.insertRefund(tx, {
            key: rowKey,
            orderId,
            sellerOrderId: item.sellerOrderId,
            amountRappen: amount,
            provider: payment.provider,
          }))!;
          await this.audit.record(
            {
              staffId: staff.id,
              action: 'order-line.refund',
              objectType: 'order-item',
              objectId: item.id,
              before: null,
              after: { order: orderId, amount: rappenToDecimal(amount), refund: rowKey },
              reason: body.reason,
              address: staff.address,
            },
            tx,
          );
          return row;
        }),
      );
      if (refund) await this.runRefund(refund);
    });
  }

  /** 409 unless the line is paid and delivered and `amount` is within what is left of it. */
  private async checkLineRefundable(
    tx: DbOrTx,
    order: repo.OrderRow,
    item: repo.OrderItemRow,
    amount: number,
  ) {
    if (!order.isPaid) throw conflict(`Order ${order.id} is not paid, so there is nothing to refund.`);
    const so = (await repo.findSellerOrder(tx, item.sellerOrderId, true))!;
    if (so.cancelledAt || !so.isCompleted) {
      throw conflict(
        'Only a delivered line can be refunded here. A seller part that is not sent or picked up yet is cancelled instead.',
      );
    }
    const earlier = (await repo.refundsOfOrder(tx, order.id))
      .filter((r) => r.key.startsWith(`${STAFF_REFUND}${item.id}-`))
      .reduce((sum, r) => sum + r.amountRappen, 0);
    const left = item.priceRappen * item.quantity - earlier;
    if (amount > left) {
      throw conflict(`At most ${formatCHF(Math.max(0, left))} of this line can still be refunded.`);
    }
  }
}

/** Without an Idempotency-Key, the same line, amount and reason is the same refund. */
function naturalRefundKey(amountRappen: number, reason: string): string {
  return `${amountRappen}-${createHash('sha256').update(reason.trim()).digest('hex').slice(0, 16)}`;
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
