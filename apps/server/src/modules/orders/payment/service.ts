/**
 * Paying an order (decision 156): the checkout at the provider, the capture, TWINT's start and
 * confirmation (decision 247). What is recorded once money moved is capture.ts's.
 */
import { formatCHF, type Order, type PaymentConfig } from '@marktgasse/shared';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { AppError, conflict, notFound } from '../../../lib/errors.ts';
import type { Caller } from '../../../plugins/auth.ts';
import type { PaymentGateway } from '../../payments/gateway.ts';
import type { CapturedPayment } from '../../payments/providers/provider.ts';
import type { WalletCheckout } from '../../payments/wallet-provider.ts';
import type { HoldService } from '../placement/holds.ts';
import type { OrderReads } from '../reads.ts';
import * as orderRepo from '../repo.ts';
import { paymentInProgress, type OrderQueue } from '../retry.ts';
import type { CaptureService } from './capture.ts';
import * as repo from './repo.ts';

const amountChanged = (orderId: number) =>
  conflict(`The amount due for order ${orderId} has changed. Please start the payment again.`);

const refundedInFull = (orderId: number, amountRappen: number) =>
  conflict(
    `Order ${orderId} could no longer be honoured when the payment arrived, so the payment of ${formatCHF(amountRappen)} was refunded in full.`,
  );

export interface PaymentDeps {
  queue: OrderQueue;
  gateway: PaymentGateway;
  capture: CaptureService;
  holds: HoldService;
  reads: OrderReads;
}

export class OrderPaymentService {
  private readonly db: Db;

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: PaymentDeps,
  ) {
    this.db = ctx.database.db;
  }

  paymentConfig(): PaymentConfig {
    return this.deps.gateway.paymentConfig();
  }

  /** The caller's order, still payable: otherwise 404 (not theirs) or 409 (paid, paying, cancelled or expired). */
  private async payable(caller: Caller, orderId: number): Promise<orderRepo.OrderRow> {
    const order = await orderRepo.findOrder(this.db, orderId);
    if (!order || order.customerId !== caller.id) throw notFound(`Order ${orderId} was not found.`);
    if (order.isPaid) throw conflict(`Order ${orderId} is already paid.`);
    if (order.status === 'paying') throw paymentInProgress(orderId);
    if (order.status === 'cancelled')
      throw conflict(`Order ${orderId} was cancelled and can no longer be paid.`);
    if (order.status === 'expired' || order.expiresAt.getTime() <= Date.now()) {
      await this.deps.holds.expire(orderId);
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
    const provider = this.deps.gateway.provider;
    // Ownership first: a stranger learns nothing about the order, not even the provider setup.
    await this.payable(caller, orderId);
    if (!provider.createCheckout) {
      throw conflict('PayPal is not configured on this server; use the test payment instead.');
    }
    return this.deps.queue.run(orderId, async () => {
      const order = await this.payable(caller, orderId);
      if (order.providerOrderId) return { id: order.providerOrderId };
      const totalRappen = order.itemsRappen + order.shippingRappen;
      const id = await provider.createCheckout!({ id: order.id, totalRappen, providerOrderId: null });
      // Kept only while the order still asks that amount: a part cancelled meanwhile changed it.
      await repo.setProviderOrderId(this.db, order.id, id, totalRappen);
      const stored = await orderRepo.findOrder(this.db, order.id);
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
    const method = (await orderRepo.findOrder(this.db, orderId))?.paymentMethod;
    if (method === 'TWINT') return this.payTwint(caller, orderId);
    return this.deps.queue.run(orderId, async () => {
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
      const captured = await this.captureAtProvider(paying, providerOrderId);
      const outcome = await this.deps.capture.recordCapture(order.id, captured);
      if (outcome === 'refunded') throw refundedInFull(orderId, captured.amountRappen);
      return this.deps.reads.orderFor(caller, orderId);
    });
  }

  /**
   * Asks the provider for what the order asks now: the row that turned paying, after any part
   * cancelled before it. A refusal puts the order back to pending; an unknown outcome leaves it
   * paying for the reconciling job.
   */
  private async captureAtProvider(
    paying: orderRepo.OrderRow,
    providerOrderId: string | undefined,
  ): Promise<CapturedPayment> {
    const totalRappen = paying.itemsRappen + paying.shippingRappen;
    let captured: CapturedPayment;
    try {
      captured = await this.deps.gateway.provider.capture(
        { id: paying.id, totalRappen, providerOrderId: paying.providerOrderId },
        { providerOrderId },
      );
    } catch (error) {
      // Refused (a 4xx of ours): nothing was captured, the order may be paid again.
      // Unreachable or anything unexpected: unknown, so it stays paying and the job asks
      // the provider once payingUntil has passed.
      if (error instanceof AppError && error.code !== 'UNAVAILABLE') {
        await this.deps.capture.backToPending(paying.id);
      }
      throw error;
    }
    if (captured.amountRappen !== totalRappen || captured.currency !== 'CHF') {
      await this.deps.capture.backToPending(paying.id);
      throw conflict(`The payment does not match the order total of ${formatCHF(totalRappen)}.`);
    }
    return captured;
  }

  /** Starts the TWINT payment of the caller's unpaid TWINT order (once; its id is kept on the order). */
  async startTwintPayment(caller: Caller, orderId: number): Promise<WalletCheckout> {
    return this.deps.queue.run(orderId, async () => {
      const order = await this.payable(caller, orderId);
      if (order.paymentMethod !== 'TWINT') throw conflict(`Order ${orderId} is not paid with TWINT.`);
      const totalRappen = order.itemsRappen + order.shippingRappen;
      const checkout = await this.deps.gateway.startTwint({ id: order.id, totalRappen });
      await repo.replaceProviderOrderId(this.db, order.id, checkout.transactionId, totalRappen);
      const stored = await orderRepo.findOrder(this.db, order.id);
      if (stored?.providerOrderId !== checkout.transactionId) throw amountChanged(order.id);
      return checkout;
    });
  }

  /** The browser's return (or, with the test provider, the whole payment): confirm and record once. */
  private async payTwint(caller: Caller, orderId: number): Promise<Order> {
    const { gateway } = this.deps;
    const transactionId =
      (await orderRepo.findOrder(this.db, orderId))?.providerOrderId ??
      (gateway.wallet.name === 'test' ? (await this.startTwintPayment(caller, orderId)).transactionId : null);
    await this.deps.queue.run(orderId, async () => {
      const order = await this.payable(caller, orderId);
      if (!transactionId) throw conflict(`Start the TWINT payment of order ${orderId} first.`);
      const totalRappen = order.itemsRappen + order.shippingRappen;
      const payment = await gateway.confirmTwint({ id: order.id, totalRappen }, transactionId);
      if (!(await this.deps.capture.recordWalletPayment(order.id, payment))) {
        await gateway.giveBackTwint({ id: order.id, totalRappen }, transactionId);
        throw refundedInFull(orderId, payment.amountRappen);
      }
    });
    return this.deps.reads.orderFor(caller, orderId);
  }
}
