/**
 * The only file of the moderation module that touches the ORM. Moderation changes rows of
 * the catalogue and accounts (hidden products, suspended sellers, removed reviews): these few
 * writes are its own on purpose, each inside the transaction that also writes the audit log.
 */
import { and, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { products, profiles, reviews, users } from '../../db/schema.ts';
import { countOfAll } from '../../db/sql.ts';
import { sellerHiddenOf } from '../../db/visibility.ts';
import type { SellerState } from '@marktgasse/shared';

export interface ModeratedProductRow {
  id: number;
  name: string;
  sellerId: number;
  hiddenAt: Date | null;
  hiddenReason: string | null;
}

export interface ModeratedSellerRow {
  id: number;
  username: string;
  email: string;
  suspendedAt: Date | null;
  suspendedReason: string | null;
  awaitingApprovalSince: Date | null;
  /** The account's e-mail language (null: English). */
  locale: string | null;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const sellerName = sql<string>`coalesce(nullif(${profiles.displayName}, ''), ${users.username})`;
/** A number searches ids as well as words. */
const byNumber = (text: string, column: typeof products.id | typeof users.id): SQL[] =>
  /^\d{1,9}$/.test(text) ? [eq(column, Number(text))] : [];
/** A seller's standing as SQL (shared/admin SELLER_STATES): a suspension outranks waiting. */
const stateIs: Record<SellerState, SQL> = {
  suspended: sql`${users.suspendedAt} is not null`,
  pending: and(isNull(users.suspendedAt), sql`${users.awaitingApprovalSince} is not null`)!,
  active: and(isNull(users.suspendedAt), isNull(users.awaitingApprovalSince))!,
};

export class ModerationRepo {
  constructor(readonly db: Db) {}

  /** A live product, locked for the change. */
  async lockProduct(tx: DbOrTx, id: number): Promise<ModeratedProductRow | undefined> {
    const rows = await tx
      .select({
        id: products.id,
        name: products.name,
        sellerId: products.sellerId,
        hiddenAt: products.hiddenAt,
        hiddenReason: products.hiddenReason,
      })
      .from(products)
      .where(and(eq(products.id, id), isNull(products.deletedAt)))
      .for('update');
    return rows[0];
  }

  async setHidden(tx: DbOrTx, id: number, reason: string | null): Promise<void> {
    await tx
      .update(products)
      .set({ hiddenAt: reason === null ? null : new Date(), hiddenReason: reason })
      .where(eq(products.id, id));
  }

  /** A live seller account, locked for the change. */
  async lockSeller(tx: DbOrTx, id: number): Promise<ModeratedSellerRow | undefined> {
    const rows = await tx
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        suspendedAt: users.suspendedAt,
        suspendedReason: users.suspendedReason,
        awaitingApprovalSince: users.awaitingApprovalSince,
        locale: users.locale,
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(and(eq(users.id, id), isNull(users.deletedAt), eq(profiles.status, 'STORE_OWNER')))
      .for('update', { of: users });
    return rows[0];
  }

  /** Suspends (a reason) or reinstates (null) a seller; their products follow in the same transaction. */
  async setSuspended(tx: DbOrTx, id: number, reason: string | null): Promise<void> {
    await tx
      .update(users)
      .set({ suspendedAt: reason === null ? null : new Date(), suspendedReason: reason })
      .where(eq(users.id, id));
    await this.copyShopState(tx, id);
  }

  /** Approves a waiting seller (decision 290); their products follow in the same transaction. */
  async approve(tx: DbOrTx, id: number): Promise<void> {
    await tx.update(users).set({ awaitingApprovalSince: null }).where(eq(users.id, id));
    await this.copyShopState(tx, id);
  }

  /**
   * Copies the account's state to its products' `seller_suspended`: still not public while the
   * seller is suspended or waits for approval (reinstating a waiting seller does not publish them).
   */
  private async copyShopState(tx: DbOrTx, id: number): Promise<void> {
    await tx
      .update(products)
      .set({ sellerSuspended: sellerHiddenOf(id) })
      .where(eq(products.sellerId, id));
  }

  async sellerContact(
    tx: DbOrTx,
    id: number,
  ): Promise<{ email: string; username: string; locale: string | null } | undefined> {
    const rows = await tx
      .select({ email: users.email, username: users.username, locale: users.locale })
      .from(users)
      .where(eq(users.id, id));
    return rows[0];
  }

  async reviewPage(productId: number | undefined, offset: number, limit: number) {
    return this.db
      .select({
        id: reviews.id,
        product: reviews.productId,
        product_name: products.name,
        user: reviews.userId,
        username: users.username,
        rating: reviews.rating,
        comment: reviews.comment,
        createdAt: reviews.createdAt,
        count: countOfAll,
      })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(productId === undefined ? sql`true` : eq(reviews.productId, productId))
      .orderBy(desc(reviews.id))
      .offset(offset)
      .limit(limit);
  }

  async reviewCount(productId: number | undefined): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(reviews)
      .where(productId === undefined ? sql`true` : eq(reviews.productId, productId));
    return row?.n ?? 0;
  }

  /** Deletes a review and recomputes its product's count and rating sum from the reviews left. */
  async removeReview(tx: DbOrTx, id: number) {
    const [removed] = await tx.delete(reviews).where(eq(reviews.id, id)).returning();
    if (!removed) return null;
    await tx
      .update(products)
      .set({
        numReviews: sql`(select count(*) from ${reviews} r where r.product_id = ${removed.productId})::int`,
        ratingSum: sql`(select coalesce(sum(r.rating), 0) from ${reviews} r where r.product_id = ${removed.productId})::int`,
      })
      .where(eq(products.id, removed.productId));
    return removed;
  }

  /** The caller's own products that moderation hid, with the reasons (the seller's view). */
  async hiddenOf(sellerId: number) {
    return this.db
      .select({
        id: products.id,
        name: products.name,
        hiddenAt: products.hiddenAt,
        hiddenReason: products.hiddenReason,
      })
      .from(products)
      .where(
        and(
          eq(products.sellerId, sellerId),
          isNull(products.deletedAt),
          sql`${products.hiddenAt} is not null`,
        ),
      )
      .orderBy(desc(products.hiddenAt))
      .limit(200);
  }

  async suspensionOf(userId: number) {
    const [row] = await this.db
      .select({
        suspendedAt: users.suspendedAt,
        suspendedReason: users.suspendedReason,
        awaitingApprovalSince: users.awaitingApprovalSince,
      })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }

  /** Live products for moderation, newest first: by name, brand, number or seller; hidden ones only on request. */
  async productPage(
    filter: { search?: string | undefined; hidden?: boolean | undefined },
    offset: number,
    limit: number,
  ) {
    const conditions: SQL[] = [isNull(products.deletedAt)];
    if (filter.hidden !== undefined)
      conditions.push(filter.hidden ? sql`${products.hiddenAt} is not null` : isNull(products.hiddenAt));
    const text = filter.search?.replace(/^#/, '');
    if (text) {
      const like = likePattern(text);
      conditions.push(
        or(
          ilike(products.name, like),
          ilike(products.brand, like),
          ilike(users.username, like),
          ilike(profiles.displayName, like),
          ...byNumber(text, products.id),
        )!,
      );
    }
    return this.db
      .select({
        id: products.id,
        name: products.name,
        brand: products.brand,
        sellerId: products.sellerId,
        sellerName,
        hiddenAt: products.hiddenAt,
        hiddenReason: products.hiddenReason,
        count: countOfAll,
      })
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(and(...conditions))
      .orderBy(desc(products.id))
      .offset(offset)
      .limit(limit);
  }

  /** Live sellers for moderation, newest first: by name, e-mail or number; pending, active or suspended. */
  async sellerPage(
    filter: { search?: string | undefined; state?: SellerState | undefined },
    offset: number,
    limit: number,
  ) {
    const conditions: SQL[] = [isNull(users.deletedAt), eq(profiles.status, 'STORE_OWNER')];
    if (filter.state) conditions.push(stateIs[filter.state]);
    if (filter.search) {
      const like = likePattern(filter.search);
      conditions.push(
        or(
          ilike(users.username, like),
          ilike(users.email, like),
          ilike(profiles.displayName, like),
          ...byNumber(filter.search, users.id),
        )!,
      );
    }
    return this.db
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        name: sellerName,
        suspendedAt: users.suspendedAt,
        suspendedReason: users.suspendedReason,
        awaitingApprovalSince: users.awaitingApprovalSince,
        dateJoined: users.dateJoined,
        products: sql<number>`(select count(*)::int from ${products} p where p.seller_id = ${users.id} and p.deleted_at is null)`,
        count: countOfAll,
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(and(...conditions))
      .orderBy(desc(users.id))
      .offset(offset)
      .limit(limit);
  }
}
