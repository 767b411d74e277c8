/**
 * Moderation by staff (decision 206): hide and unhide products, suspend and reinstate
 * sellers, remove reviews. Each action is idempotent (a repeat answers the state and writes
 * nothing), writes the audit log in its own transaction, tells the seller by e-mail where
 * it concerns them, and empties the read cache once committed, so public answers change at once.
 */
import type { Paged, SellerState } from '@marktgasse/shared';
import { nextOffset } from '@marktgasse/shared';
import type { z } from 'zod';
import type {
  adminProductSchema,
  adminReviewSchema,
  adminSellerSchema,
  moderatedProductSchema,
  moderatedSellerSchema,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { AuditService } from '../audit/service.ts';
import { ModerationRepo, type ModeratedProductRow, type ModeratedSellerRow } from './repo.ts';
import { queueMail } from '../mail/service.ts';
import { productHiddenMail, sellerApprovedMail, sellerReinstatedMail, sellerSuspendedMail } from './mails.ts';

type ModeratedProduct = z.infer<typeof moderatedProductSchema>;
type ModeratedSeller = z.infer<typeof moderatedSellerSchema>;
type AdminReview = z.infer<typeof adminReviewSchema>;
type AdminProduct = z.infer<typeof adminProductSchema>;
type AdminSeller = z.infer<typeof adminSellerSchema>;

export interface Acting {
  staff: Caller;
  reason: string;
  address: string;
}

const productAnswer = (p: ModeratedProductRow): ModeratedProduct => ({
  id: p.id,
  name: p.name,
  seller: p.sellerId,
  hidden: p.hiddenAt !== null,
  hidden_reason: p.hiddenReason,
});

/** A suspension outranks waiting for approval (shared/admin SELLER_STATES). */
const stateOf = (s: Pick<ModeratedSellerRow, 'suspendedAt' | 'awaitingApprovalSince'>): SellerState =>
  s.suspendedAt !== null ? 'suspended' : s.awaitingApprovalSince !== null ? 'pending' : 'active';

const sellerAnswer = (s: Omit<ModeratedSellerRow, 'email' | 'locale'>): ModeratedSeller => ({
  id: s.id,
  username: s.username,
  status: stateOf(s),
  suspended: s.suspendedAt !== null,
  suspended_reason: s.suspendedReason,
});

export class ModerationService {
  readonly repo: ModerationRepo;
  private readonly audit: AuditService;

  constructor(private readonly ctx: AppContext) {
    this.repo = new ModerationRepo(ctx.database.db);
    this.audit = new AuditService(ctx);
  }

  async setProductHidden(id: number, hide: boolean, acting: Acting): Promise<ModeratedProduct> {
    const result = await this.repo.db.transaction(async (tx) => {
      const product = await this.repo.lockProduct(tx, id);
      if (!product) throw notFound(`Product ${id} does not exist.`);
      if ((product.hiddenAt !== null) === hide) return { product, changed: false };
      await this.repo.setHidden(tx, id, hide ? acting.reason : null);
      await this.audit.record(
        {
          staffId: acting.staff.id,
          action: hide ? 'product.hide' : 'product.unhide',
          objectType: 'product',
          objectId: id,
          before: { hidden: !hide, hidden_reason: product.hiddenReason },
          after: { hidden: hide, hidden_reason: hide ? acting.reason : null },
          reason: acting.reason,
          address: acting.address,
        },
        tx,
      );
      const seller = await this.repo.sellerContact(tx, product.sellerId);
      const facts = { product: product.name, hidden: hide, reason: acting.reason };
      if (seller) await queueMail(tx, [productHiddenMail(this.ctx, seller, seller.locale, facts)]);
      return {
        product: {
          ...product,
          hiddenAt: hide ? new Date() : null,
          hiddenReason: hide ? acting.reason : null,
        },
        changed: true,
      };
    });
    if (result.changed) this.ctx.cache.invalidate();
    return productAnswer(result.product);
  }

  async setSellerSuspended(id: number, suspend: boolean, acting: Acting): Promise<ModeratedSeller> {
    const result = await this.repo.db.transaction(async (tx) => {
      const seller = await this.repo.lockSeller(tx, id);
      if (!seller) throw notFound(`Seller ${id} does not exist.`);
      if ((seller.suspendedAt !== null) === suspend) return { seller, changed: false };
      await this.repo.setSuspended(tx, id, suspend ? acting.reason : null);
      await this.audit.record(
        {
          staffId: acting.staff.id,
          action: suspend ? 'seller.suspend' : 'seller.reinstate',
          objectType: 'seller',
          objectId: id,
          before: { suspended: !suspend, suspended_reason: seller.suspendedReason },
          after: { suspended: suspend, suspended_reason: suspend ? acting.reason : null },
          reason: acting.reason,
          address: acting.address,
        },
        tx,
      );
      const notice = suspend ? sellerSuspendedMail : sellerReinstatedMail;
      await queueMail(tx, [notice(this.ctx, seller, seller.locale, { reason: acting.reason })]);
      return {
        seller: {
          ...seller,
          suspendedAt: suspend ? new Date() : null,
          suspendedReason: suspend ? acting.reason : null,
        },
        changed: true,
      };
    });
    if (result.changed) {
      this.ctx.cache.invalidate();
      this.ctx.callers.forget(id);
    }
    return sellerAnswer(result.seller);
  }

  /**
   * Approves a seller who waits (decision 290): their products, stores and page become public at
   * once (the read cache is emptied after commit), the approval is audited and they are e-mailed
   * in their language with a link to their shop. A repeat answers the state and writes nothing.
   */
  async approveSeller(id: number, acting: Acting): Promise<ModeratedSeller> {
    const result = await this.repo.db.transaction(async (tx) => {
      const seller = await this.repo.lockSeller(tx, id);
      if (!seller) throw notFound(`Seller ${id} does not exist.`);
      if (seller.awaitingApprovalSince === null) return { seller, changed: false };
      await this.repo.approve(tx, id);
      const approved = { ...seller, awaitingApprovalSince: null };
      await this.audit.record(
        {
          staffId: acting.staff.id,
          action: 'seller.approve',
          objectType: 'seller',
          objectId: id,
          before: {
            status: stateOf(seller),
            awaiting_approval_since: seller.awaitingApprovalSince.toISOString(),
          },
          after: { status: stateOf(approved), awaiting_approval_since: null },
          reason: acting.reason,
          address: acting.address,
        },
        tx,
      );
      await queueMail(tx, [sellerApprovedMail(this.ctx, seller, seller.locale, { sellerId: id })]);
      return { seller: approved, changed: true };
    });
    if (result.changed) {
      this.ctx.cache.invalidate();
      this.ctx.callers.forget(id);
    }
    return sellerAnswer(result.seller);
  }

  async reviews(productId: number | undefined, offset: number, limit: number): Promise<Paged<AdminReview>> {
    const rows = await this.repo.reviewPage(productId, offset, limit);
    const count = rows[0]?.count ?? (offset > 0 ? await this.repo.reviewCount(productId) : 0);
    return {
      count,
      next: nextOffset(offset, limit, count),
      results: rows.map(({ count: _count, createdAt, ...r }) => ({
        ...r,
        createdAt: createdAt.toISOString(),
      })),
    };
  }

  /** Removes a review (idempotent: a removed one answers 404 like any missing review). */
  async removeReview(id: number, acting: Acting): Promise<void> {
    await this.repo.db.transaction(async (tx) => {
      const removed = await this.repo.removeReview(tx, id);
      if (!removed) throw notFound(`Review ${id} does not exist.`);
      await this.audit.record(
        {
          staffId: acting.staff.id,
          action: 'review.remove',
          objectType: 'review',
          objectId: id,
          before: {
            product: removed.productId,
            user: removed.userId,
            rating: removed.rating,
            comment: removed.comment,
          },
          after: null,
          reason: acting.reason,
          address: acting.address,
        },
        tx,
      );
    });
    this.ctx.cache.invalidate();
  }

  async products(
    filter: { search?: string | undefined; hidden?: boolean | undefined },
    offset: number,
    limit: number,
  ): Promise<Paged<AdminProduct>> {
    const rows = await this.repo.productPage(filter, offset, limit);
    const count =
      rows[0]?.count ?? (offset > 0 ? ((await this.repo.productPage(filter, 0, 1))[0]?.count ?? 0) : 0);
    return {
      count,
      next: nextOffset(offset, limit, count),
      results: rows.map((p) => ({ ...productAnswer(p), brand: p.brand, seller_name: p.sellerName })),
    };
  }

  async sellers(
    filter: { search?: string | undefined; state?: SellerState | undefined },
    offset: number,
    limit: number,
  ): Promise<Paged<AdminSeller>> {
    const rows = await this.repo.sellerPage(filter, offset, limit);
    const count =
      rows[0]?.count ?? (offset > 0 ? ((await this.repo.sellerPage(filter, 0, 1))[0]?.count ?? 0) : 0);
    return {
      count,
      next: nextOffset(offset, limit, count),
      results: rows.map((s) => ({
        ...sellerAnswer(s),
        name: s.name,
        email: s.email,
        products: s.products,
        date_joined: s.dateJoined.toISOString(),
      })),
    };
  }

  /** What moderation did to the caller's shop, with the reasons: shown to the seller. */
  async mine(caller: Caller) {
    const [hidden, suspension] = await Promise.all([
      this.repo.hiddenOf(caller.id),
      this.repo.suspensionOf(caller.id),
    ]);
    return {
      suspended: suspension?.suspendedAt != null,
      suspended_reason: suspension?.suspendedReason ?? null,
      awaiting_approval: suspension?.awaitingApprovalSince != null,
      hidden_products: hidden.map((p) => ({
        id: p.id,
        name: p.name,
        hidden_reason: p.hiddenReason ?? '',
        hidden_at: p.hiddenAt!.toISOString(),
      })),
    };
  }
}
