/**
 * Staff refund part of a delivered line (decision 243), with a reason kept in the audit log.
 * The seller bears it in the ledger: after a payout their balance turns negative and the next
 * run nets it.
 */
import { createHash } from 'node:crypto';
import { formatCHF, rappenToDecimal, type StaffRefundBody } from '@marktgasse/shared';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import type { AuditService } from '../../audit/service.ts';
import * as payRepo from '../payment/repo.ts';
import type { RefundService } from '../payment/refunds.ts';
import * as orderRepo from '../repo.ts';
import { STAFF_REFUND, withRetry, type OrderQueue } from '../retry.ts';

/** Without an Idempotency-Key, the same line, amount and reason is the same refund. */
function naturalRefundKey(amountRappen: number, reason: string): string {
  return `${amountRappen}-${createHash('sha256').update(reason.trim()).digest('hex').slice(0, 16)}`;
}

interface Staff {
  id: number;
  address: string;
}

export class StaffRefundService {
  constructor(
    private readonly db: Db,
    private readonly queue: OrderQueue,
    private readonly refunds: RefundService,
    private readonly audit: AuditService,
  ) {}

  /**
   * `quantity` units of the line or an amount, capped at what the line was paid minus its
   * earlier staff refunds. Once per key (the client's Idempotency-Key, else the line, amount
   * and reason).
   */
  async staffRefund(staff: Staff, orderId: number, body: StaffRefundBody, key?: string) {
    await this.queue.run(orderId, async () => {
      const refund = await withRetry(() =>
        this.db.transaction((tx) => this.writeRefund(tx, staff, orderId, body, key)),
      );
      if (refund) await this.refunds.runRefund(refund);
    });
  }

  /** The refunds row and its audit entry; the earlier row when this key was asked before (null: done). */
  private async writeRefund(
    tx: DbOrTx,
    staff: Staff,
    orderId: number,
    body: StaffRefundBody,
    key?: string,
  ): Promise<orderRepo.RefundRow | null> {
    const order = await orderRepo.lockOrder(tx, orderId);
    if (!order) throw notFound(`Order ${orderId} was not found.`);
    const item = await orderRepo.findOrderItem(tx, body.item);
    if (!item || item.orderId !== orderId) throw notFound(`Order item ${body.item} was not found.`);
    const amount = body.amount ?? item.priceRappen * (body.quantity ?? 0);
    const rowKey = `${STAFF_REFUND}${item.id}-${key ?? naturalRefundKey(amount, body.reason)}`;
    const earlier = await payRepo.findRefund(tx, rowKey);
    if (earlier) return earlier.completedAt ? null : earlier;
    await this.checkLineRefundable(tx, order, item, amount);
    const payment = (await orderRepo.findPayment(tx, orderId))!;
    const row = (await payRepo.insertRefund(tx, {
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
  }

  /** 409 unless the line is paid and delivered and `amount` is within what is left of it. */
  private async checkLineRefundable(
    tx: DbOrTx,
    order: orderRepo.OrderRow,
    item: orderRepo.OrderItemRow,
    amount: number,
  ) {
    if (!order.isPaid) throw conflict(`Order ${order.id} is not paid, so there is nothing to refund.`);
    const so = (await orderRepo.findSellerOrder(tx, item.sellerOrderId, true))!;
    if (so.cancelledAt || !so.isCompleted) {
      throw conflict(
        'Only a delivered line can be refunded here. A seller part that is not sent or picked up yet is cancelled instead.',
      );
    }
    const earlier = (await orderRepo.refundsOfOrder(tx, order.id))
      .filter((r) => r.key.startsWith(`${STAFF_REFUND}${item.id}-`))
      .reduce((sum, r) => sum + r.amountRappen, 0);
    const left = item.priceRappen * item.quantity - earlier;
    if (amount > left) {
      throw conflict(`At most ${formatCHF(Math.max(0, left))} of this line can still be refunded.`);
    }
  }
}
