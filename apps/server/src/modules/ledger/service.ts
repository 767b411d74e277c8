/**
 * The ledger's posting interface (decision 225). Every method that writes takes the caller's
 * transaction handle, so the entry commits with the state change that causes it, and writes
 * once per event key: a repeated or raced event answers false and writes nothing.
 */
import {
  lineTerms,
  shareOf,
  shippingTerms,
  type CommissionSettings,
  type VatCategory,
} from '@marktgasse/shared';
import type { Config } from '../../config/env.ts';
import { pgErrorCode, type Db, type DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { ACCOUNTS, type Posting } from './accounts.ts';
import { AuditService, type StaffAct } from '../audit/service.ts';
import { LedgerRepo, type FrozenTerms } from './repo.ts';

export class UnbalancedEntryError extends Error {}

const DAY_MS = 24 * 60 * 60 * 1000;

export interface FulfilmentEvent {
  sellerOrderId: number;
  orderId: number;
  sellerId: number;
  grossRappen: number;
  commissionRappen: number;
  vatRappen: number;
  at?: Date;
}

export interface RefundEvent {
  /** The refund's own id (its event key). */
  refundId: string;
  orderId: number;
  amountRappen: number;
  /**
   * The seller part refunded; its fulfilment decides who bears the refund. Null for a whole
   * order's refund, which is only possible while nothing of it was fulfilled.
   */
  sellerOrderId: number | null;
  sellerId: number | null;
  at?: Date;
}

/** Checks that the lines sum to zero: the only insert path refuses anything else. */
export function assertBalanced(posting: Posting): void {
  const sum = posting.lines.reduce((total, line) => total + line.amountRappen, 0);
  const whole = posting.lines.every((line) => Number.isSafeInteger(line.amountRappen));
  if (sum !== 0 || !whole || posting.lines.length < 2) {
    throw new UnbalancedEntryError(`Ledger entry ${posting.eventKey} does not balance (${sum} Rappen).`);
  }
}

/** A seller part as placed: its lines (with what decides their commission and VAT) and shipping. */
export interface PlacedPart {
  sellerOrderId: number;
  sellerId: number;
  shippingRappen: number;
  lines: {
    orderItemId: number;
    categoryId: number;
    unitPriceRappen: number;
    quantity: number;
    vat: VatCategory;
  }[];
}

export interface CommissionDefaults {
  percentBp: number;
  onShipping: boolean;
}

export const commissionDefaults = (config: Config): CommissionDefaults => ({
  percentBp: Math.round(config.COMMISSION_PERCENT * 100),
  onShipping: config.COMMISSION_ON_SHIPPING === 'true',
});

export class LedgerService {
  constructor(
    private readonly db: Db,
    private readonly commission: CommissionDefaults = { percentBp: 1000, onShipping: true },
  ) {}

  /**
   * Freezes commission and VAT of a placed seller part (call inside the placement's
   * transaction): a later change of rates never changes this order. Repeating it keeps the first.
   */
  async freezeTerms(tx: DbOrTx, part: PlacedPart): Promise<void> {
    await new LedgerRepo(tx).insertTerms(termsRows(await this.settings(tx), part));
  }

  /** The commission settings in force: the configured default and every rule. */
  private async settings(tx: DbOrTx): Promise<CommissionSettings> {
    return {
      defaultPercentBp: this.commission.percentBp,
      onShipping: this.commission.onShipping,
      rules: await new LedgerRepo(tx).commissionRuleRows(),
    };
  }

  /**
   * Freezes the terms of every seller part of an order just placed, read from its rows inside
   * the placement's transaction (decision 243), each line at its product's VAT rate (decision 235).
   */
  async freezeOrder(tx: DbOrTx, orderId: number): Promise<void> {
    const parts = await new LedgerRepo(tx).partRows({ orderId });
    const settings = await this.settings(tx);
    // One read of the rules and one insert for every part: placement stays fast (decision 243).
    await new LedgerRepo(tx).insertTerms(parts.flatMap((part) => termsRows(settings, part)));
  }

  /** Sets a commission rule; only orders placed afterwards use it. */
  /** Upserts the rule of a scope, with the staff's audit entry (before and after) in one transaction. */
  async setCommissionRule(
    rule: { sellerId: number | null; categoryId: number | null; percentBp: number; fixedFeeRappen: number },
    by: StaffAct,
  ): Promise<void> {
    try {
      await this.db.transaction(async (tx) => {
        const repo = new LedgerRepo(tx);
        const before = (await repo.commissionRuleRows()).find(
          (r) => r.sellerId === rule.sellerId && r.categoryId === rule.categoryId,
        );
        await repo.upsertCommissionRule(rule);
        await new AuditService({ database: { db: this.db } }).record(
          {
            staffId: by.staffId,
            action: 'commission-rule.set',
            objectType: 'commission-rule',
            objectId: `seller=${rule.sellerId ?? '*'},category=${rule.categoryId ?? '*'}`,
            before: before ? { percentBp: before.percentBp, fixedFeeRappen: before.fixedFeeRappen } : null,
            after: { percentBp: rule.percentBp, fixedFeeRappen: rule.fixedFeeRappen },
            address: by.address,
          },
          tx,
        );
      });
    } catch (error) {
      if (pgErrorCode(error) === '23503')
        throw badRequest('The seller or the category of this rule does not exist.');
      throw error;
    }
  }

  listCommissionRules() {
    return new LedgerRepo(this.db).commissionRuleRows();
  }

  /** A fulfilled seller part, with the commission and VAT frozen at its placement. */
  async recordFulfilmentOfPart(
    tx: DbOrTx,
    e: { sellerOrderId: number; orderId: number; sellerId: number; at?: Date },
  ): Promise<boolean> {
    let terms = await new LedgerRepo(tx).partTerms(e.sellerOrderId);
    if (terms.lines === 0) {
      // Placed before the ledger was wired (decision 243): its terms are frozen now, from today's rules.
      for (const part of await new LedgerRepo(tx).partRows({ sellerOrderId: e.sellerOrderId }))
        await this.freezeTerms(tx, part);
      terms = await new LedgerRepo(tx).partTerms(e.sellerOrderId);
      if (terms.lines === 0) return false;
    }
    return this.recordFulfilment(tx, {
      ...e,
      grossRappen: terms.gross,
      commissionRappen: terms.commission,
      vatRappen: terms.vat,
    });
  }

  /** Writes a balanced entry once; false when its event was posted before. */
  async post(tx: DbOrTx, posting: Posting): Promise<boolean> {
    const lines = posting.lines.filter((line) => line.amountRappen !== 0);
    const entry = { ...posting, lines };
    assertBalanced(entry);
    return (await new LedgerRepo(tx).insertEntry(entry)) !== null;
  }

  /** The customer's money arrived (order paid). */
  recordCapture(tx: DbOrTx, e: { orderId: number; amountRappen: number; at?: Date }): Promise<boolean> {
    return this.post(tx, {
      eventKey: `capture:${e.orderId}`,
      kind: 'capture',
      orderId: e.orderId,
      grossRappen: e.amountRappen,
      ...(e.at ? { occurredAt: e.at } : {}),
      lines: [
        { account: ACCOUNTS.customerFunds, amountRappen: e.amountRappen },
        { account: ACCOUNTS.customerPrepayments, amountRappen: -e.amountRappen },
      ],
    });
  }

  /** A seller part was fulfilled: it earns gross − commission (pending), VAT becomes due. */
  recordFulfilment(tx: DbOrTx, e: FulfilmentEvent): Promise<boolean> {
    const seller = { sellerId: e.sellerId, partRef: e.sellerOrderId };
    return this.post(tx, {
      eventKey: `fulfilment:${e.sellerOrderId}`,
      kind: 'fulfilment',
      sellerId: e.sellerId,
      orderId: e.orderId,
      grossRappen: e.grossRappen,
      commissionRappen: e.commissionRappen,
      vatRappen: e.vatRappen,
      ...(e.at ? { occurredAt: e.at } : {}),
      lines: [
        { account: ACCOUNTS.customerPrepayments, amountRappen: e.grossRappen },
        { account: ACCOUNTS.sellerPending, amountRappen: -(e.grossRappen - e.commissionRappen), ...seller },
        { account: ACCOUNTS.commissionRevenue, amountRappen: -e.commissionRappen },
        { account: ACCOUNTS.vatOnSales, amountRappen: e.vatRappen },
        { account: ACCOUNTS.vatDue, amountRappen: -e.vatRappen },
      ],
    });
  }

  /**
   * Money went back to the customer. Before the part was fulfilled it only leaves the
   * prepayments; after, the seller bears it less its share of commission, from what is still
   * pending of that part, else from the available balance (which may turn negative).
   */
  async recordRefund(tx: DbOrTx, e: RefundEvent): Promise<boolean> {
    const fulfilled =
      e.sellerOrderId === null ? null : await new LedgerRepo(tx).findEntry(`fulfilment:${e.sellerOrderId}`);
    const base = {
      eventKey: `refund:${e.refundId}`,
      kind: 'refund' as const,
      sellerId: e.sellerId,
      orderId: e.orderId,
      ...(e.at ? { occurredAt: e.at } : {}),
    };
    const out = { account: ACCOUNTS.customerFunds, amountRappen: -e.amountRappen };
    if (!fulfilled || e.sellerOrderId === null || e.sellerId === null) {
      return this.post(tx, {
        ...base,
        lines: [{ account: ACCOUNTS.customerPrepayments, amountRappen: e.amountRappen }, out],
      });
    }
    const commission = shareOf(fulfilled.commissionRappen, fulfilled.grossRappen, e.amountRappen);
    const vat = shareOf(fulfilled.vatRappen, fulfilled.grossRappen, e.amountRappen);
    const sellerPart = e.amountRappen - commission;
    const stillPending = -(await new LedgerRepo(tx).partBalance(ACCOUNTS.sellerPending, e.sellerOrderId));
    const fromPending = Math.max(0, Math.min(sellerPart, stillPending));
    const seller = { sellerId: e.sellerId, partRef: e.sellerOrderId };
    return this.post(tx, {
      ...base,
      grossRappen: -e.amountRappen,
      commissionRappen: -commission,
      vatRappen: -vat,
      lines: [
        { account: ACCOUNTS.sellerPending, amountRappen: fromPending, ...seller },
        { account: ACCOUNTS.sellerAvailable, amountRappen: sellerPart - fromPending, ...seller },
        { account: ACCOUNTS.commissionRevenue, amountRappen: commission },
        { account: ACCOUNTS.vatDue, amountRappen: vat },
        { account: ACCOUNTS.vatOnSales, amountRappen: -vat },
        out,
      ],
    });
  }

  /** Moves what is still pending of every part fulfilled more than `holdDays` ago to available. */
  async releaseDue(tx: DbOrTx, holdDays: number, now = new Date()): Promise<number> {
    const due = await new LedgerRepo(tx).releasableParts(new Date(now.getTime() - holdDays * DAY_MS));
    let released = 0;
    for (const part of due) {
      const seller = { sellerId: part.sellerId, partRef: part.partRef };
      // Keyed by the amount too: a refund after a release leaves nothing pending, so no second release.
      const wrote = await this.post(tx, {
        eventKey: `release:${part.partRef}:${part.pending}`,
        kind: 'release',
        sellerId: part.sellerId,
        occurredAt: now,
        lines: [
          { account: ACCOUNTS.sellerPending, amountRappen: -part.pending, ...seller },
          { account: ACCOUNTS.sellerAvailable, amountRappen: part.pending, ...seller },
        ],
      });
      if (wrote) released += 1;
    }
    return released;
  }

  /** A seller's balance as the seller sees it (what the platform owes: positive). */
  async sellerBalance(
    sellerId: number,
    db: DbOrTx = this.db,
  ): Promise<{ pending: number; available: number }> {
    const rows = await new LedgerRepo(db).balances(
      [ACCOUNTS.sellerPending, ACCOUNTS.sellerAvailable],
      sellerId,
    );
    const of = (account: string) => 0 - (rows.find((r) => r.account === account)?.sum ?? 0);
    return { pending: of(ACCOUNTS.sellerPending), available: of(ACCOUNTS.sellerAvailable) };
  }

  /** Every seller's available balance (what the platform owes them now), for a payout run. */
  async availableBySeller(tx: DbOrTx): Promise<{ sellerId: number; available: number }[]> {
    const rows = await new LedgerRepo(tx).balances([ACCOUNTS.sellerAvailable]);
    return rows
      .filter((r) => r.sellerId !== null)
      .map((r) => ({ sellerId: r.sellerId as number, available: -r.sum }))
      .sort((a, b) => a.sellerId - b.sellerId);
  }

  /** A transfer of a payout run: the seller's available balance goes in transit. */
  recordPayout(tx: DbOrTx, e: { runId: number; sellerId: number; amountRappen: number; at?: Date }) {
    return this.post(tx, {
      eventKey: `payout:${e.runId}:${e.sellerId}`,
      kind: 'payout',
      sellerId: e.sellerId,
      payoutRunId: e.runId,
      ...(e.at ? { occurredAt: e.at } : {}),
      lines: [
        { account: ACCOUNTS.sellerAvailable, amountRappen: e.amountRappen, sellerId: e.sellerId },
        { account: ACCOUNTS.payoutsInTransit, amountRappen: -e.amountRappen },
      ],
    });
  }

  /** The bank carried out the transfer: the money left the platform's account. */
  recordPayoutExecuted(tx: DbOrTx, e: { runId: number; sellerId: number; amountRappen: number; at?: Date }) {
    return this.post(tx, {
      eventKey: `payout-executed:${e.runId}:${e.sellerId}`,
      kind: 'payout_executed',
      payoutRunId: e.runId,
      ...(e.at ? { occurredAt: e.at } : {}),
      lines: [
        { account: ACCOUNTS.payoutsInTransit, amountRappen: e.amountRappen },
        { account: ACCOUNTS.customerFunds, amountRappen: -e.amountRappen },
      ],
    });
  }

  async trialBalance(db: DbOrTx = this.db) {
    const rows = await new LedgerRepo(db).trialBalance();
    return { accounts: rows, total: rows.reduce((sum, row) => sum + row.sum, 0) };
  }
}

/** The frozen terms of a part's lines and of its shipping (which takes the highest rate present). */
function termsRows(settings: CommissionSettings, part: PlacedPart): FrozenTerms[] {
  const rows: FrozenTerms[] = part.lines.map((line) => ({
    sellerOrderId: part.sellerOrderId,
    orderItemId: line.orderItemId,
    ...storedTerms(lineTerms(settings, { ...line, sellerId: part.sellerId })),
  }));
  if (part.shippingRappen > 0) {
    const rates = rows.map((row) => row.vatRateBp);
    const shipping = shippingTerms(settings, part.sellerId, part.shippingRappen, rates);
    rows.push({ sellerOrderId: part.sellerOrderId, orderItemId: null, ...storedTerms(shipping) });
  }
  return rows;
}

function storedTerms(terms: ReturnType<typeof lineTerms>) {
  return {
    grossRappen: terms.grossRappen,
    percentBp: terms.percentBp,
    fixedFeeRappen: terms.fixedFeeRappen,
    commissionRappen: terms.commissionRappen,
    vatRateBp: terms.vatRateBp,
    vatRappen: terms.vatRappen,
  };
}
