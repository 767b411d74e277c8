/** The reconciling job (decisions 156, 157): captures whose answer never arrived, refunds left unfinished. */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { PaymentGateway } from '../../payments/gateway.ts';
import * as orderRepo from '../repo.ts';
import type { CaptureService } from './capture.ts';
import type { RefundService } from './refunds.ts';
import * as repo from './repo.ts';

export class Reconciler {
  constructor(
    private readonly db: Db,
    private readonly gateway: PaymentGateway,
    private readonly capture: CaptureService,
    private readonly refunds: RefundService,
  ) {}

  /**
   * One pass of the reconciling job: captures that outlived ORDER_CAPTURE_TIMEOUT_SECONDS
   * are asked about at the provider and recorded as paid (or refunded), or the order goes
   * back to pending when nothing was captured; refunds left unfinished (a crash, a lost
   * answer) are asked for again with the same key. Answers how many it settled.
   */
  async reconcilePayments(refundAfterSeconds = 60, log?: FastifyBaseLogger): Promise<number> {
    let settled = 0;
    for (const id of await repo.overduePayingOrderIds(this.db, 50)) {
      if (await this.settleCapture(id, log)) settled += 1;
    }
    for (const refund of await repo.stalePendingRefunds(this.db, refundAfterSeconds, 50)) {
      try {
        await this.refunds.runRefund(refund);
      } catch {
        // Refused (undone) or still unreachable (tried again on the next pass).
      }
      settled += 1;
    }
    return settled;
  }

  private async settleCapture(id: number, log?: FastifyBaseLogger): Promise<boolean> {
    const order = await orderRepo.findOrder(this.db, id);
    if (!order || order.status !== 'paying') return false;
    try {
      const captured = await this.gateway.provider.findCapture({
        id,
        totalRappen: order.itemsRappen + order.shippingRappen,
        providerOrderId: order.providerOrderId,
      });
      if (captured) await this.capture.recordCapture(id, captured);
      else await this.capture.backToPending(id);
      return true;
    } catch (error) {
      // The provider cannot tell yet (or refused a refund): this order waits for the next pass.
      log?.warn({ orderId: id, err: String(error) }, 'payment not reconciled yet');
      return false;
    }
  }
}
