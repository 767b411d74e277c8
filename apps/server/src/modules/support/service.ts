/**
 * Support for staff (issue 29): find orders and users, read an order's whole story (seller
 * parts, payments, refunds, stock holds), cancel a seller part through the orders service,
 * lock accounts, and the dashboard's figures. Every change is audited.
 */
import { rappenToDecimal, nextOffset, type Paged } from '@marktgasse/shared';
import type { z } from 'zod';
import type {
  adminOrderDetailSchema,
  adminOrderSummarySchema,
  adminUserSchema,
  dashboardSchema,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { AuditService } from '../audit/service.ts';
import { orderServicesFor } from '../orders/services.ts';
import { SupportRepo, type OrderFilter, type UserFilter } from './repo.ts';

type OrderSummary = z.infer<typeof adminOrderSummarySchema>;
type OrderDetail = z.infer<typeof adminOrderDetailSchema>;
type AdminUser = z.infer<typeof adminUserSchema>;

export class SupportService {
  readonly repo: SupportRepo;
  private readonly audit: AuditService;

  constructor(private readonly ctx: AppContext) {
    this.repo = new SupportRepo(ctx.database.db);
    this.audit = new AuditService(ctx);
  }

  async orders(filter: OrderFilter, offset: number, limit: number): Promise<Paged<OrderSummary>> {
    const rows = await this.repo.orderPage(filter, offset, limit);
    const count =
      rows[0]?.count ?? (offset > 0 ? ((await this.repo.orderPage(filter, 0, 1))[0]?.count ?? 0) : 0);
    const sellers = await this.repo.sellerNames(rows.map((r) => r.order.id));
    return {
      count,
      next: nextOffset(offset, limit, count),
      results: rows.map(({ order, customer }) => ({
        id: order.id,
        customer,
        customer_id: order.customerId,
        sellers: sellers.filter((s) => s.orderId === order.id).map((s) => s.name),
        status: order.status,
        totalPrice: rappenToDecimal(order.itemsRappen + order.shippingRappen),
        createdAt: order.createdAt.toISOString(),
      })),
    };
  }

  async order(id: number): Promise<OrderDetail> {
    const found = await this.repo.order(id);
    if (!found) throw notFound(`Order ${id} was not found.`);
    const [{ parts, items, paid, refunded, holds }, sellers] = await Promise.all([
      this.repo.orderParts(id),
      this.repo.sellerNames([id]),
    ]);
    const { order } = found;
    return {
      id: order.id,
      customer: found.customer,
      customer_id: order.customerId,
      customer_email: found.email,
      sellers: sellers.map((s) => s.name),
      status: order.status,
      totalPrice: rappenToDecimal(order.itemsRappen + order.shippingRappen),
      refunded: rappenToDecimal(order.refundedRappen),
      createdAt: order.createdAt.toISOString(),
      seller_orders: sellerPartsOf(parts, items, sellers),
      payments: paid.map((p) => ({
        provider: p.provider,
        reference: p.providerReference,
        amount: rappenToDecimal(p.amountRappen),
        at: p.createdAt.toISOString(),
      })),
      refunds: refunded.map(({ refund: r, item, reason }) => ({
        key: r.key,
        amount: rappenToDecimal(r.amountRappen),
        completed: r.completedAt !== null,
        at: r.createdAt.toISOString(),
        item: item === null ? null : Number(item),
        reason,
      })),
      stock_holds: holds.map((h) => ({
        store: h.storeId,
        product: h.productId,
        quantity: h.quantity,
        released: h.releasedAt !== null,
      })),
    };
  }

  /**
   * Cancels a seller part for its seller, through the same orders service method as the
   * seller's own cancellation (refund, stock, the customer's e-mail). The audit entry follows
   * the cancellation's own transaction, which the orders service owns.
   */
  async cancelSellerPart(staff: Caller, sellerOrderId: number, reason: string, address: string) {
    const part = await this.repo.sellerOfPart(sellerOrderId);
    if (!part) throw notFound(`Seller order ${sellerOrderId} was not found.`);
    const seller: Caller = {
      id: part.sellerId,
      username: '',
      email: '',
      isStaff: false,
      role: 'STORE_OWNER',
      profileId: part.sellerId,
      tokenVersion: 0,
    };
    await orderServicesFor(this.ctx).cancellation.cancelSellerOrder(seller, sellerOrderId, reason);
    if (!part.cancelledAt)
      await this.audit.record({
        staffId: staff.id,
        action: 'seller-order.cancel',
        objectType: 'seller-order',
        objectId: sellerOrderId,
        before: { cancelled: false },
        after: { cancelled: true },
        reason,
        address,
      });
    return this.order(part.orderId);
  }

  async users(filter: UserFilter, offset: number, limit: number): Promise<Paged<AdminUser>> {
    const rows = await this.repo.userPage(filter, offset, limit);
    const count =
      rows[0]?.count ?? (offset > 0 ? ((await this.repo.userPage(filter, 0, 1))[0]?.count ?? 0) : 0);
    return { count, next: nextOffset(offset, limit, count), results: rows.map(toAdminUser) };
  }

  /** Locks or unlocks an account (idempotent); locking revokes every token at once. */
  async setLocked(
    staff: Caller,
    id: number,
    locked: boolean,
    reason: string,
    address: string,
  ): Promise<AdminUser> {
    const changed = await this.repo.db.transaction(async (tx) => {
      const user = await this.repo.lockUser(tx, id);
      if (!user) throw notFound(`User ${id} does not exist.`);
      if ((user.lockedAt !== null) === locked) return false;
      await this.repo.setLocked(tx, id, locked);
      await this.audit.record(
        {
          staffId: staff.id,
          action: locked ? 'user.lock' : 'user.unlock',
          objectType: 'user',
          objectId: id,
          before: { locked: !locked },
          after: { locked },
          reason,
          address,
        },
        tx,
      );
      return true;
    });
    if (changed) this.ctx.callers.forget(id);
    return toAdminUser((await this.repo.userById(id))!);
  }

  async dashboard(): Promise<z.infer<typeof dashboardSchema>> {
    return this.repo.figures();
  }
}

type UserRow = Awaited<ReturnType<SupportRepo['userPage']>>[number];

const toAdminUser = ({ user, status, name }: UserRow): AdminUser => ({
  id: user.id,
  username: user.username,
  email: user.email,
  name: name || null,
  status,
  is_staff: user.isStaff,
  locked: user.lockedAt !== null,
  suspended: user.suspendedAt !== null,
  date_joined: user.dateJoined.toISOString(),
});

type OrderParts = Awaited<ReturnType<SupportRepo['orderParts']>>;

/** The order's seller parts with their lines, as the staff's order detail shows them. */
function sellerPartsOf(
  parts: OrderParts['parts'],
  items: OrderParts['items'],
  sellers: { id: number; name: string }[],
): OrderDetail['seller_orders'] {
  return parts.map((so) => ({
    id: so.id,
    seller: sellers.find((s) => s.id === so.id)?.name ?? '',
    seller_id: so.sellerId,
    items: rappenToDecimal(so.itemsRappen),
    shipping: rappenToDecimal(so.shippingRappen),
    isShipped: so.isShipped,
    isCompleted: so.isCompleted,
    cancelledAt: so.cancelledAt?.toISOString() ?? null,
    cancelReason: so.cancelReason,
    lines: items
      .filter((i) => i.sellerOrderId === so.id)
      .map((i) => ({
        id: i.id,
        product: i.productId,
        name: i.name,
        quantity: i.quantity,
        price: rappenToDecimal(i.priceRappen),
        orderType: i.orderType,
      })),
  }));
}
