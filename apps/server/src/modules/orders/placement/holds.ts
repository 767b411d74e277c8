/** The hold of an unpaid order: its extension by the customer (decision 174) and its expiry. */
import type { Order } from '@marktgasse/shared';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import type { Caller } from '../../../plugins/auth.ts';
import type { StoresService } from '../../stores/service.ts';
import type { OrderReads } from '../reads.ts';
import * as orderRepo from '../repo.ts';
import { withRetry } from '../retry.ts';
import * as repo from './repo.ts';

export class HoldService {
  private readonly db: Db;

  constructor(
    private readonly ctx: AppContext,
    private readonly stores: StoresService,
    private readonly reads: OrderReads,
  ) {
    this.db = ctx.database.db;
  }

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
      const order = await orderRepo.findOrder(this.db, orderId);
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
    return this.reads.orderFor(caller, orderId);
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
}
