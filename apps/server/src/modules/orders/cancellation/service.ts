/**
 * Cancelling (decisions 157, 158, 196): the customer cancels the whole order, a seller their
 * part, while nothing of it was sent or picked up. Unpaid: at once. Paid: the refund runs first
 * and the cancellation is finished once the money went back.
 */
import type { Order, SellerOrder } from '@marktgasse/shared';
import type { AppContext } from '../../../context.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import type { Caller } from '../../../plugins/auth.ts';
import type { PaymentGateway } from '../../payments/gateway.ts';
import type { BankDetails } from '../../payments/refund-by-method.ts';
import * as payRepo from '../payment/repo.ts';
import type { RefundService } from '../payment/refunds.ts';
import type { OrderReads } from '../reads.ts';
import * as orderRepo from '../repo.ts';
import { paymentInProgress, withRetry, type OrderQueue } from '../retry.ts';
import type { CancelEffects } from './effects.ts';
import * as repo from './repo.ts';

export interface CancellationDeps {
  queue: OrderQueue;
  gateway: PaymentGateway;
  refunds: RefundService;
  effects: CancelEffects;
  reads: OrderReads;
}

const expired = (order: orderRepo.OrderRow) =>
  order.status === 'expired' || (order.status === 'pending' && order.expiresAt <= new Date());

export class CancellationService {
  private readonly db: Db;

  constructor(
    ctx: AppContext,
    private readonly deps: CancellationDeps,
  ) {
    this.db = ctx.database.db;
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
    return this.deps.queue.run(orderId, async () => {
      const refund = await withRetry(() =>
        this.db.transaction((tx) => this.cancelOrderInTx(tx, caller, orderId, locale)),
      );
      if (refund) await this.deps.refunds.runRefund(refund, bank);
      return this.deps.reads.orderFor(caller, orderId);
    });
  }

  /** The order cancelled in one transaction: the refund to run when it was paid, else null. */
  private async cancelOrderInTx(
    tx: DbOrTx,
    caller: Caller,
    orderId: number,
    locale: string | null,
  ): Promise<orderRepo.RefundRow | null> {
    const order = await orderRepo.lockOrder(tx, orderId);
    if (!order || order.customerId !== caller.id) throw notFound(`Order ${orderId} was not found.`);
    if (order.status === 'cancelled') {
      const pending = await payRepo.findRefund(tx, `order-${orderId}`);
      return pending && !pending.completedAt ? pending : null;
    }
    if (order.status === 'paying') throw paymentInProgress(orderId);
    if (expired(order)) throw conflict(`Order ${orderId} has expired, so there is nothing to cancel.`);
    await repo.lockSellerOrdersOf(tx, orderId);
    if (await repo.anythingHandedOver(tx, orderId)) {
      throw conflict(
        `Part of order ${orderId} has already been sent or picked up, so the order can no longer be cancelled.`,
      );
    }
    if (locale) await repo.setOrderLocale(tx, orderId, locale);
    const refunds = await orderRepo.refundsOfOrder(tx, orderId);
    if (refunds.some((r) => !r.completedAt)) {
      throw conflict(`A refund for order ${orderId} is in progress. Please try again in a moment.`);
    }
    const cancelled = await repo.markOrderCancelled(tx, orderId, order.isPaid ? 'paid' : 'pending');
    if (!cancelled) throw conflict(`Order ${orderId} changed meanwhile. Please try again.`);
    const payment = order.isPaid ? await orderRepo.findPayment(tx, orderId) : undefined;
    const amount = payment ? payment.amountRappen - order.refundedRappen : 0;
    if (amount <= 0) {
      await this.deps.effects.finishOrderCancel(tx, { ...cancelled, locale: locale ?? cancelled.locale }, 0);
      return null;
    }
    return payRepo.insertRefund(tx, {
      key: `order-${orderId}`,
      orderId,
      sellerOrderId: null,
      amountRappen: amount,
      provider: payment!.provider,
    });
  }

  /**
   * A seller cancels their part before it was sent or picked up, with a reason for the
   * customer: their items and shipping are refunded when paid, their stock released; the
   * other sellers' parts go on. Repeated calls answer the part as it is.
   */
  async cancelSellerOrder(caller: Caller, sellerOrderId: number, reason: string): Promise<SellerOrder> {
    const found = await orderRepo.findSellerOrder(this.db, sellerOrderId);
    if (!found || found.sellerId !== caller.id)
      throw notFound(`Seller order ${sellerOrderId} was not found.`);
    await this.deps.queue.run(found.orderId, async () => {
      const refund = await withRetry(() =>
        this.db.transaction((tx) => this.cancelPartInTx(tx, found.orderId, sellerOrderId, reason)),
      );
      if (refund) await this.deps.refunds.runRefund(refund);
    });
    return this.deps.reads.sellerOrderFor(caller, sellerOrderId);
  }

  /** The part cancelled in one transaction: the refund to run now when it was paid, else null. */
  private async cancelPartInTx(
    tx: DbOrTx,
    orderId: number,
    sellerOrderId: number,
    reason: string,
  ): Promise<orderRepo.RefundRow | null> {
    const order = (await orderRepo.lockOrder(tx, orderId))!;
    const so = (await orderRepo.findSellerOrder(tx, sellerOrderId, true))!;
    if (so.cancelledAt) return null;
    await this.checkPartCancellable(tx, order, so.id);
    if (!(await repo.markSellerOrderCancelled(tx, so.id, reason))) return null;
    const amount = so.itemsRappen + so.shippingRappen;
    const refund = {
      key: `seller-order-${so.id}`,
      orderId: order.id,
      sellerOrderId: so.id,
      amountRappen: amount,
    };
    if (order.status === 'paying' && amount > 0) {
      // The capture under way includes this part: its refund is written now and runs
      // once the capture is recorded, or is dropped when nothing was captured.
      await payRepo.insertRefund(tx, { ...refund, provider: this.deps.gateway.provider.name });
      return null;
    }
    const payment = order.isPaid ? await orderRepo.findPayment(tx, order.id) : undefined;
    if (!payment || amount <= 0) {
      await this.deps.effects.finishSellerCancel(tx, order, so.id, 0);
      return null;
    }
    return payRepo.insertRefund(tx, { ...refund, provider: payment.provider });
  }

  /** 409 when the order is closed, a part was handed over, or the whole order's refund is under way. */
  private async checkPartCancellable(tx: DbOrTx, order: orderRepo.OrderRow, sellerOrderId: number) {
    if (order.status === 'cancelled') throw conflict(`Order ${order.id} was cancelled.`);
    if (expired(order)) throw conflict(`Order ${order.id} has expired, so there is nothing to cancel.`);
    if (await repo.anythingHandedOver(tx, order.id, sellerOrderId)) {
      throw conflict(
        'Items of this seller order have already been sent or picked up, so it can no longer be cancelled.',
      );
    }
    const refunds = await orderRepo.refundsOfOrder(tx, order.id);
    if (refunds.some((r) => !r.completedAt && r.key.startsWith('order-'))) {
      throw conflict(`A refund for order ${order.id} is in progress. Please try again in a moment.`);
    }
  }
}
