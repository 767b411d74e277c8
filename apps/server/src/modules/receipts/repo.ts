/**
 * What a receipt needs beyond the order view (decision 235): the VAT rates frozen at placement,
 * the products' current VAT category for lines placed before terms were frozen, the order's
 * language and its completed refunds. Reads only.
 */
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerLineTerms, orders, products, refunds } from '../../db/schema.ts';

export interface FrozenRate {
  sellerOrderId: number;
  /** null: the part's shipping. */
  orderItemId: number | null;
  vatRateBp: number;
}

/** A receipt's reads. Built on the database or on the caller's transaction: `new ReceiptsRepo(tx)`. */
export class ReceiptsRepo {
  constructor(readonly db: DbOrTx) {}

  async frozenRates(sellerOrderIds: number[]): Promise<FrozenRate[]> {
    if (sellerOrderIds.length === 0) return [];
    return this.db
      .select({
        sellerOrderId: ledgerLineTerms.sellerOrderId,
        orderItemId: ledgerLineTerms.orderItemId,
        vatRateBp: ledgerLineTerms.vatRateBp,
      })
      .from(ledgerLineTerms)
      .where(inArray(ledgerLineTerms.sellerOrderId, sellerOrderIds));
  }

  async productVatRates(productIds: number[]): Promise<Map<number, 'standard' | 'reduced' | 'exempt'>> {
    if (productIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: products.id, vatRate: products.vatRate })
      .from(products)
      .where(inArray(products.id, productIds));
    return new Map(rows.map((r) => [r.id, r.vatRate]));
  }

  async orderLocale(orderId: number): Promise<string | null> {
    const [row] = await this.db.select({ locale: orders.locale }).from(orders).where(eq(orders.id, orderId));
    return row?.locale ?? null;
  }

  async completedRefunds(orderId: number): Promise<CompletedRefund[]> {
    const rows = await this.db
      .select({
        id: refunds.id,
        sellerOrderId: refunds.sellerOrderId,
        amountRappen: refunds.amountRappen,
        completedAt: refunds.completedAt,
      })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), isNotNull(refunds.completedAt)))
      .orderBy(asc(refunds.id));
    return rows.map((r) => ({ ...r, completedAt: r.completedAt! }));
  }
}

export interface CompletedRefund {
  id: number;
  sellerOrderId: number | null;
  amountRappen: number;
  completedAt: Date;
}
