/**
 * What a completed capture does to the order (decisions 156, 196, 247): paid once, in the
 * transaction that posts to the ledger and queues the e-mails; or, when the order can no longer
 * take it, the money goes back. PayPal, TWINT and bank credits all come through here.
 */
import { queueMail } from '../../mail/service.ts';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { AppError, conflict } from '../../../lib/errors.ts';
import type { LedgerService } from '../../ledger/service.ts';
import type { CapturedPayment } from '../../payments/providers/provider.ts';
import type { TwintPayment } from '../../payments/twint.ts';
import type { CancelEffects } from '../cancellation/effects.ts';
import * as orderRepo from '../repo.ts';
import { withRetry } from '../retry.ts';
import { paidMails } from './paid-mails.ts';
import type { RefundService } from './refunds.ts';
import * as repo from './repo.ts';

export class CaptureService {
  private readonly db: Db;

  constructor(
    private readonly ctx: AppContext,
    private readonly ledger: LedgerService,
    private readonly refunds: RefundService,
    private readonly effects: CancelEffects,
  ) {
    this.db = ctx.database.db;
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

  /**
   * Records a completed capture: paid when the order can still be honoured, otherwise the
   * payment is recorded and refunded through the provider and the customer is mailed.
   */
  async recordCapture(
    orderId: number,
    captured: CapturedPayment,
    options = { refundRefused: true },
  ): Promise<'paid' | 'refunded' | 'refused'> {
    if (await withRetry(() => this.markPaid(orderId, captured))) {
      await this.refundPartsCancelledDuringCapture(orderId);
      return 'paid';
    }
    if (!options.refundRefused) return 'refused';
    await this.refunds.runRefund(await withRetry(() => this.refusedRefund(orderId, captured)));
    return 'refunded';
  }

  /** The order paid by this capture, in one transaction; false when it can no longer take it. */
  private markPaid(orderId: number, captured: CapturedPayment): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const order = await orderRepo.lockOrder(tx, orderId);
      if (order?.isPaid) {
        const payment = await orderRepo.findPayment(tx, orderId);
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
      await queueMail(tx, await paidMails(this.ctx, tx, orderId));
      return true;
    });
  }

  /** The payment of an order that can no longer take it, recorded with its refund in full. */
  private refusedRefund(orderId: number, captured: CapturedPayment): Promise<orderRepo.RefundRow> {
    return this.db.transaction(async (tx) => {
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
    });
  }

  /**
   * Parts cancelled while the capture was under way (decision 196): the capture took their
   * share, so their refunds, written at the cancellation, run now. One the provider cannot
   * take now stays for the reconciling job.
   */
  private async refundPartsCancelledDuringCapture(orderId: number): Promise<void> {
    const held = (await orderRepo.refundsOfOrder(this.db, orderId)).filter(
      (r) => !r.completedAt && r.sellerOrderId !== null,
    );
    for (const refund of held) {
      try {
        await this.refunds.runRefund(refund);
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
  async backToPending(orderId: number): Promise<void> {
    await withRetry(() =>
      this.db.transaction(async (tx) => {
        const order = await orderRepo.lockOrder(tx, orderId);
        if (!order || !(await repo.endPaying(tx, orderId))) return;
        const held = (await orderRepo.refundsOfOrder(tx, orderId)).filter(
          (r) => !r.completedAt && r.sellerOrderId !== null,
        );
        for (const refund of held) {
          await repo.dropRefund(tx, refund.id);
          await this.effects.finishSellerCancel(
            tx,
            { ...order, status: 'pending' },
            refund.sellerOrderId!,
            0,
          );
        }
      }),
    );
  }
}
