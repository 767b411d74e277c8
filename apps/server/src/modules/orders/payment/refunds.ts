/**
 * Running one refunds row (decisions 157, 158, 247): the money goes back the way it came, then
 * what the row belongs to is finished (a cancelled order or part, a refused payment, a staff
 * refund of a line). Refused: the row goes and the order is as it was.
 */
import { queueMail } from '../../mail/service.ts';
import type { AppContext } from '../../../context.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError, conflict } from '../../../lib/errors.ts';
import type { LedgerService } from '../../ledger/service.ts';
import type { PaymentGateway } from '../../payments/gateway.ts';
import type { BankDetails } from '../../payments/refund-by-method.ts';
import * as cancelRepo from '../cancellation/repo.ts';
import type { CancelEffects } from '../cancellation/effects.ts';
import { cancelMails } from '../mail.ts';
import * as orderRepo from '../repo.ts';
import { STAFF_REFUND, withRetry } from '../retry.ts';
import * as repo from './repo.ts';

export class RefundService {
  private readonly db: Db;

  constructor(
    private readonly ctx: AppContext,
    private readonly gateway: PaymentGateway,
    private readonly ledger: LedgerService,
    private readonly effects: CancelEffects,
  ) {
    this.db = ctx.database.db;
  }

  /**
   * Asks the provider for one refund row and finishes what it belongs to. Refused: the row
   * goes and the order is as it was (409). Unreachable: the row stays for the job (503).
   */
  async runRefund(refund: orderRepo.RefundRow, bank?: BankDetails): Promise<void> {
    let reference: string;
    try {
      reference = await this.sendBack(refund, bank);
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAVAILABLE') throw error;
      await withRetry(() => this.undo(refund));
      throw error;
    }
    await withRetry(() => this.finish(refund, reference));
  }

  private async sendBack(refund: orderRepo.RefundRow, bank?: BankDetails): Promise<string> {
    const payment = await orderRepo.findPayment(this.db, refund.orderId);
    if (!payment) throw conflict(`Order ${refund.orderId} has no recorded payment to refund.`);
    const method = (await orderRepo.findOrder(this.db, refund.orderId))?.paymentMethod ?? 'PayPal';
    // Only the customer cancelling their order names an account; every other refund of bank
    // money (a seller's part, a staff refund, a retry) goes back to the account it came from.
    const account = bank ?? (refund.key.startsWith('order-') ? undefined : 'payer');
    return (await this.gateway.refund(method, payment, refund, account)).reference;
  }

  /** A refused refund: the row goes, and the order or part it cancelled lives again. */
  private undo(refund: orderRepo.RefundRow): Promise<void> {
    return this.db.transaction(async (tx) => {
      await repo.dropRefund(tx, refund.id);
      if (refund.key.startsWith('order-')) await cancelRepo.uncancelPaidOrder(tx, refund.orderId);
      if (refund.sellerOrderId !== null && !refund.key.startsWith(STAFF_REFUND))
        await cancelRepo.uncancelSellerOrder(tx, refund.sellerOrderId);
    });
  }

  private finish(refund: orderRepo.RefundRow, reference: string): Promise<void> {
    return this.db.transaction(async (tx) => {
      const done = await repo.completeRefund(tx, refund.id, reference);
      if (!done) return;
      await this.postRefund(tx, refund, done.amountRappen);
      const order = (await orderRepo.lockOrder(tx, refund.orderId))!;
      const customer = (await orderRepo.findUsers(tx, [order.customerId])).get(order.customerId)!;
      if (refund.key.startsWith('refused-')) {
        await queueMail(tx, [
          cancelMails.refunded(this.ctx, customer, order.locale, {
            orderId: order.id,
            refundedRappen: done.amountRappen,
          }),
        ]);
      } else if (refund.key.startsWith(STAFF_REFUND)) {
        // A staff refund of a delivered line: the line stays delivered; the ledger entry is all.
      } else if (refund.sellerOrderId !== null) {
        await this.effects.finishSellerCancel(tx, order, refund.sellerOrderId, done.amountRappen);
      } else {
        await this.effects.finishOrderCancel(tx, order, done.amountRappen);
      }
    });
  }

  /** The ledger's entry of a refund the provider confirmed; the part's seller bears it once fulfilled. */
  private async postRefund(tx: DbOrTx, refund: orderRepo.RefundRow, amountRappen: number): Promise<void> {
    const part =
      refund.sellerOrderId === null ? null : await orderRepo.findSellerOrder(tx, refund.sellerOrderId);
    await this.ledger.recordRefund(tx, {
      refundId: refund.key,
      orderId: refund.orderId,
      amountRappen,
      sellerOrderId: part?.id ?? null,
      sellerId: part?.sellerId ?? null,
    });
  }
}
