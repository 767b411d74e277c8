/**
 * Placing an order: server-side pricing and stock reservation in one all-or-nothing statement
 * (decisions 114, 116, 120), the anti-hoarding limits (decision 170), the invoice's bill.
 */
import { invoiceDueAt } from '../../payments/invoice-reminders.ts';
import { queueMail } from '../../mail/service.ts';
import type { Order } from '@marktgasse/shared';
import type { AppContext } from '../../../context.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { conflict, tooMany } from '../../../lib/errors.ts';
import type { Caller } from '../../../plugins/auth.ts';
import type { LedgerService } from '../../ledger/service.ts';
import { mails } from '../mail.ts';
import { checkPaymentMethod, holdMinutes } from '../payment-method.ts';
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
} from '../placement.ts';
import type * as orderRepo from '../repo.ts';
import { withRetry } from '../retry.ts';
import { orderView } from '../views.ts';
import * as repo from './repo.ts';

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

export class PlacementService {
  private readonly db: Db;

  constructor(
    private readonly ctx: AppContext,
    /** Terms frozen in the placing transaction (decisions 225, 243). */
    private readonly ledger: LedgerService,
  ) {
    this.db = ctx.database.db;
  }

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

  /** Reads, prices and plans one attempt; the write is `write`'s. */
  private async plan(caller: Caller, cart: Cart, options: PlaceOptions) {
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
    return { read, priced, reservation, rows };
  }

  /**
   * One attempt: null when another checkout took the planned units between the read and the
   * write. The write runs under the customer's lock, after the anti-hoarding check.
   */
  private async tryPlace(caller: Caller, cart: Cart, options: PlaceOptions): Promise<Order | null> {
    const { read, priced, reservation, rows } = await this.plan(caller, cart, options);
    try {
      return await this.db.transaction(async (tx) => {
        const holds = await repo.lockCustomerHolds(tx, caller.id, cart.productIds);
        checkHoldLimits(priced, holds, this.holdLimits());
        if (!(await repo.writePlacement(tx, { ...rows, takes: reservation.takes }))) throw STOCK_TAKEN;
        await this.ledger.freezeOrder(tx, rows.order.id);
        if (cart.paymentMethod === 'Invoice') {
          const { id, itemsRappen: items, shippingRappen: shipping, expiresAt } = rows.order;
          const bill = {
            orderId: id,
            totalRappen: items + shipping,
            dueAt: invoiceDueAt(this.ctx.config, expiresAt),
          };
          await queueMail(tx, [mails.invoiceIssued(this.ctx, caller, rows.order.locale, bill)]);
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
    // The answer shows names and addresses; the e-mail languages are not part of it.
    const users = new Map<number, orderRepo.UserBrief>([
      [
        caller.id,
        {
          id: caller.id,
          username: caller.username,
          name: caller.username,
          email: caller.email,
          locale: null,
        },
      ],
    ]);
    for (const p of read.products) {
      users.set(p.sellerId, {
        id: p.sellerId,
        username: p.sellerUsername,
        name: p.sellerName,
        email: p.sellerEmail,
        locale: null,
      });
    }
    const graph: orderRepo.OrderGraph = {
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
}
