/**
 * What the public may see (decision 206): a live product not hidden by moderation whose
 * seller is not suspended, and a live seller who is not suspended. The product condition is
 * the predicate of the catalogue's partial indexes, written the same way, so list pages stay
 * index-only scans.
 */
import { and, isNull, sql, type SQL } from 'drizzle-orm';
import { products, users } from './schema.ts';

export const publicProduct: SQL = and(
  isNull(products.deletedAt),
  isNull(products.hiddenAt),
  sql`not ${products.sellerSuspended}`,
)!;

export const publicSeller: SQL = and(isNull(users.deletedAt), isNull(users.suspendedAt))!;
