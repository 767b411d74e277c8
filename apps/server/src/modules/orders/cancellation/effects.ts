/**
 * What a cancellation leaves behind once its money (if any) went back: stock returned, parts
 * closed, the customer told. Shared by the cancel paths and the refunds that finish them.
 */
import { queueMail } from '../../mail/service.ts';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import type { StoresService } from '../../stores/service.ts';
import { cancelMails } from '../mail.ts';
import * as orderRepo from '../repo.ts';
import * as placementRepo from '../placement/repo.ts';
import * as repo from './repo.ts';

export class CancelEffects {
  constructor(
    private readonly ctx: AppContext,
    private readonly stores: StoresService,
  ) {}

  /** Stock back and parts closed for a cancelled order; the customer's e-mail. */
  async finishOrderCancel(tx: DbOrTx, order: orderRepo.OrderRow, refundedRappen: number): Promise<void> {
    await repo.cancelRemainingSellerOrders(tx, order.id);
    await this.stores.returnStock(tx, await placementRepo.releaseAllocations(tx, order.id));
    const customer = (await orderRepo.findUsers(tx, [order.customerId])).get(order.customerId)!;
    await queueMail(tx, [
      cancelMails.customerCancelled(this.ctx, customer, order.locale, { orderId: order.id, refundedRappen }),
    ]);
  }

  /** Stock of the part back, the customer told (with the reason); the order closes with its last part. */
  async finishSellerCancel(
    tx: DbOrTx,
    order: orderRepo.OrderRow,
    sellerOrderId: number,
    refundedRappen: number,
  ): Promise<void> {
    await this.stores.returnStock(tx, await repo.releaseSellerOrderAllocations(tx, sellerOrderId));
    const so = (await orderRepo.findSellerOrder(tx, sellerOrderId))!;
    // Unpaid: the order now asks only for its live parts (decision 196).
    if (!order.isPaid) await repo.settleUnpaidTotals(tx, order.id);
    if (await repo.allSellerOrdersCancelled(tx, order.id)) {
      await repo.markOrderCancelled(tx, order.id, order.isPaid ? 'paid' : 'pending');
    }
    const users = await orderRepo.findUsers(tx, [order.customerId, so.sellerId]);
    const items = await orderRepo.itemsOfSellerOrder(tx, sellerOrderId);
    await queueMail(tx, [
      cancelMails.sellerCancelled(this.ctx, users.get(order.customerId)!, order.locale, {
        orderId: order.id,
        seller: users.get(so.sellerId)?.username ?? '',
        reason: so.cancelReason ?? '',
        refundedRappen,
        items,
      }),
    ]);
  }
}
