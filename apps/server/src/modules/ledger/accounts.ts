/**
 * The account plan (decision 225). Balance = debits − credits: an asset is positive, what the
 * platform owes is negative; all accounts together sum to zero.
 */
export const ACCOUNTS = {
  /** Money held from customers at the provider or bank (asset). */
  customerFunds: 'customer_funds',
  /** Paid for goods not yet fulfilled. */
  customerPrepayments: 'customer_prepayments',
  /** A seller's earnings inside the holding period (per seller). */
  sellerPending: 'seller_pending',
  /** A seller's earnings payable now (per seller); positive when the seller owes the platform. */
  sellerAvailable: 'seller_available',
  /** In a payout run, not yet booked as executed. */
  payoutsInTransit: 'payouts_in_transit',
  commissionRevenue: 'commission_revenue',
  /** Output VAT owed to the ESTV on the platform's sales (Art. 20a MWSTG). */
  vatDue: 'vat_due',
  /** The output VAT the platform bears as supplier (contra-revenue). */
  vatOnSales: 'vat_on_sales',
} as const;

export type Account = (typeof ACCOUNTS)[keyof typeof ACCOUNTS];

export const ACCOUNT_ORDER: readonly Account[] = Object.values(ACCOUNTS);

export type EntryKind =
  'capture' | 'refund' | 'fulfilment' | 'release' | 'payout' | 'payout_executed' | 'correction';

export interface PostingLine {
  account: Account;
  amountRappen: number;
  sellerId?: number | null;
  partRef?: number | null;
}

export interface Posting {
  eventKey: string;
  kind: EntryKind;
  sellerId?: number | null;
  orderId?: number | null;
  payoutRunId?: number | null;
  grossRappen?: number;
  commissionRappen?: number;
  vatRappen?: number;
  memo?: string;
  occurredAt?: Date;
  lines: PostingLine[];
}
