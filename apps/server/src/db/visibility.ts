/**
 * What the public may see (decisions 206, 290): a live product not hidden by moderation whose
 * seller is neither suspended nor awaiting approval, and a live seller who is neither. The
 * product condition is the predicate of the catalogue's partial indexes, written the same way,
 * so list pages stay index-only scans.
 *
 * A seller still sees their own products and stores while their shop is not public (the
 * `…Or` helpers): a waiting seller sets up the shop before staff approve it.
 */
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { products, users } from './schema.ts';

export const publicProduct: SQL = and(
  isNull(products.deletedAt),
  isNull(products.hiddenAt),
  sql`not ${products.sellerSuspended}`,
)!;

export const publicSeller: SQL = and(
  isNull(users.deletedAt),
  isNull(users.suspendedAt),
  isNull(users.awaitingApprovalSince),
)!;

/** Public products, and the viewer's own live ones that are not public only because of their shop. */
export function productPublicOrOwn(viewerId: number | undefined): SQL {
  if (viewerId === undefined) return publicProduct;
  return and(
    isNull(products.deletedAt),
    isNull(products.hiddenAt),
    or(sql`not ${products.sellerSuspended}`, eq(products.sellerId, viewerId)),
  )!;
}

/** Public sellers, and the viewer's own live account whatever its state. */
export function sellerPublicOrOwn(viewerId: number | undefined): SQL {
  if (viewerId === undefined) return publicSeller;
  return or(publicSeller, and(isNull(users.deletedAt), eq(users.id, viewerId)))!;
}

/**
 * Whether a seller's products count as not public (products.seller_suspended), read from the
 * account in the statement that writes them: suspended or awaiting approval. `for share` makes
 * a product written while staff approve or suspend wait for that change, so it copies the
 * state that change leaves.
 */
export const sellerHiddenOf = (sellerId: number): SQL<boolean> =>
  sql<boolean>`coalesce((select u.suspended_at is not null or u.awaiting_approval_since is not null
    from ${users} u where u.id = ${sellerId} for share), false)`;
