/** Reading orders: the customer's orders and the seller's parts, each only for its owner (404 otherwise). */
import { nextOffset, type Order, type Paged, type SellerOrder } from '@marktgasse/shared';
import type { SellerOrderFilter } from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import * as repo from './repo.ts';
import { orderView, sellerOrderView } from './views.ts';

export class OrderReads {
  private readonly db: Db;

  constructor(private readonly ctx: AppContext) {
    this.db = ctx.database.db;
  }

  async orderFor(caller: Caller, id: number): Promise<Order> {
    const graph = await repo.loadGraph(this.db, { orderIds: [id] });
    const order = graph.orders[0];
    if (!order || order.customerId !== caller.id) throw notFound(`Order ${id} was not found.`);
    return orderView(this.ctx.media, graph, order);
  }

  /** One page of the caller's orders, newest first. */
  async ordersOf(caller: Caller, page: { offset: number; limit: number }): Promise<Paged<Order>> {
    const { ids, count } = await repo.orderIdsOfCustomer(this.db, caller.id, page);
    const graph = await repo.loadGraph(this.db, { orderIds: ids });
    const byId = new Map(graph.orders.map((o) => [o.id, o]));
    return {
      results: ids.map((id) => orderView(this.ctx.media, graph, byId.get(id)!)),
      count,
      next: nextOffset(page.offset, page.limit, count),
    };
  }

  async sellerOrderFor(caller: Caller, id: number, db: DbOrTx = this.db): Promise<SellerOrder> {
    const graph = await repo.loadGraph(db, { sellerOrderIds: [id] });
    const so = graph.sellerOrders[0];
    if (!so || so.sellerId !== caller.id) throw notFound(`Seller order ${id} was not found.`);
    return sellerOrderView(this.ctx.media, graph, so, 'seller');
  }

  /** One page of the caller's seller orders, newest first. */
  async sellerOrdersOf(
    caller: Caller,
    page: { offset: number; limit: number },
    state?: SellerOrderFilter,
  ): Promise<Paged<SellerOrder>> {
    const { ids, count } = await repo.sellerOrderIdsOfSeller(this.db, caller.id, page, state);
    const graph = await repo.loadGraph(this.db, { sellerOrderIds: ids });
    const byId = new Map(graph.sellerOrders.map((s) => [s.id, s]));
    return {
      results: ids.map((id) => sellerOrderView(this.ctx.media, graph, byId.get(id)!, 'seller')),
      count,
      next: nextOffset(page.offset, page.limit, count),
    };
  }
}
