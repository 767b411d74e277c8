/** The e-mails of a paid order: the customer's, each live part's seller's, and pick-up codes. */
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { mails } from '../mail.ts';
import * as orderRepo from '../repo.ts';

export async function paidMails(ctx: AppContext, tx: DbOrTx, orderId: number) {
  const graph = await orderRepo.loadGraph(tx, { orderIds: [orderId] });
  const order = graph.orders[0]!;
  const customer = graph.users.get(order.customerId)!;
  // Only what will come: parts cancelled before or during the payment are left out.
  const live = graph.sellerOrders.filter((so) => !so.cancelledAt);
  const liveIds = new Set(live.map((so) => so.id));
  const liveItems = graph.items.filter((i) => liveIds.has(i.sellerOrderId));
  // Every part was cancelled during the capture: the refunds that follow say it all.
  if (live.length === 0) return [];
  const totalRappen = live.reduce((sum, so) => sum + so.itemsRappen + so.shippingRappen, 0);
  const out = [
    mails.orderPaid(ctx, customer, order.locale, { orderId: order.id, totalRappen, items: liveItems }),
  ];
  for (const so of live) {
    const seller = graph.users.get(so.sellerId)!;
    const items = liveItems.filter((i) => i.sellerOrderId === so.id);
    // The seller's account language, as moderation's e-mails to them (decision 272; null: English).
    out.push(
      mails.sellerNewPaidOrder(ctx, seller, seller.locale, {
        orderId: order.id,
        sellerOrderId: so.id,
        totalRappen: so.itemsRappen + so.shippingRappen,
        items,
      }),
    );
    if (so.pickupCode) {
      out.push(
        mails.readyForPickup(ctx, customer, order.locale, {
          orderId: order.id,
          code: so.pickupCode,
          seller: seller.username,
          items: items.filter((i) => i.orderType === 'inStore'),
        }),
      );
    }
  }
  return out;
}
