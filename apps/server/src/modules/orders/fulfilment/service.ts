/**
 * Fulfilment: a seller sends their online part or hands over a pick-up item, once the order is
 * paid; the part completes itself, once, when nothing is left, and then earns (decision 225).
 */
import { queueMail } from '../../mail/service.ts';
import { normaliseTrackingNumber, type SellerOrder, type SendBody } from '@marktgasse/shared';
import type { AppContext } from '../../../context.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import type { Caller } from '../../../plugins/auth.ts';
import type { LedgerService } from '../../ledger/service.ts';
import { mails } from '../mail.ts';
import type { OrderReads } from '../reads.ts';
import * as orderRepo from '../repo.ts';
import { withRetry } from '../retry.ts';
import * as repo from './repo.ts';

export class FulfilmentService {
  private readonly db: Db;

  constructor(
    private readonly ctx: AppContext,
    private readonly ledger: LedgerService,
    private readonly reads: OrderReads,
  ) {
    this.db = ctx.database.db;
  }

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
    const so = await orderRepo.findSellerOrder(tx, sellerOrderId, true);
    if (!so || so.sellerId !== caller.id) throw missing();
    const order = (await orderRepo.findOrder(tx, so.orderId))!;
    if (so.cancelledAt || order.status === 'cancelled') throw conflict('This seller order was cancelled.');
    if (!order.isPaid) throw conflict('The customer has not paid this order yet.');
    const customer = (await orderRepo.findUsers(tx, [order.customerId])).get(order.customerId)!;
    return { so, order, customer };
  }

  /** The part is fulfilled (nothing left to send or pick up): it earns, pending (decision 225). */
  private async postFulfilment(tx: DbOrTx, so: orderRepo.SellerOrderRow): Promise<void> {
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
        const online = (await orderRepo.itemsOfSellerOrder(tx, so.id)).filter(
          (i) => i.orderType === 'online',
        );
        if (online.length === 0) throw conflict('This seller order has no items to send.');
        if (!(await repo.markShipped(tx, so.id, parcel)))
          throw conflict('This seller order was already marked as sent.');
        if (await repo.completeIfDone(tx, so.id)) await this.postFulfilment(tx, so);
        const seller = (await orderRepo.findUsers(tx, [caller.id])).get(caller.id);
        await queueMail(tx, [
          mails.shipped(this.ctx, customer, order.locale, {
            orderId: order.id,
            seller: seller?.name ?? caller.username,
            items: online,
            ...parcel,
          }),
        ]);
      }),
    );
    return this.reads.sellerOrderFor(caller, sellerOrderId);
  }

  async retrieve(caller: Caller, itemId: number, code: string | undefined): Promise<SellerOrder> {
    const sellerOrderId = await withRetry(() =>
      this.db.transaction(async (tx) => {
        const missing = () => notFound(`Order item ${itemId} was not found.`);
        const item = await orderRepo.findOrderItem(tx, itemId);
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
        await queueMail(tx, [mails.pickedUp(this.ctx, customer, order.locale, { orderId: order.id, item })]);
        return so.id;
      }),
    );
    return this.reads.sellerOrderFor(caller, sellerOrderId);
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
    return this.reads.sellerOrderFor(caller, sellerOrderId);
  }
}
