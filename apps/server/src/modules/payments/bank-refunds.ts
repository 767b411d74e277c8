/**
 * Refunds of invoice orders paid by bank transfer (decision 234): a payout line to the IBAN
 * the customer gives on cancellation, kept until staff (or the ledger's pain.001 run) pay it
 * out. Idempotent per key, and never more than what came in by bank for the order. A seller's
 * cancellation cannot know the customer's account: its line waits for it, the customer is
 * e-mailed once and gives it on the order page (decision 250).
 */
import { queueMail } from '../mail/service.ts';
import { electronicFormatIBAN, isQRIBAN, isValidIBAN } from 'ibantools';
import { rappenToDecimal } from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { AuditService, type StaffAct } from '../audit/service.ts';
import { refundAccountMail } from './mails.ts';
import * as repo from './repo.ts';

export interface BankRefundRequest {
  /** Names the cancellation (as the refunds table's key): asking again queues nothing new. */
  key: string;
  orderId: number;
  amountRappen: number;
  /** Both or neither: without, only a seller's or staff's cancellation is queued (decision 250). */
  iban?: string | undefined;
  accountHolder?: string | undefined;
}

/** The customer's own cancellation asks for the account in its dialog (key `order-<id>`). */
const ACCOUNT_REQUIRED =
  'This order was paid by bank transfer: enter the IBAN and the account holder the refund goes to.';

/** The customer's account: a valid IBAN that is not a QR-IBAN (those only receive QR payments). */
export function refundIban(input: string): string {
  const iban = electronicFormatIBAN(input) ?? '';
  if (!isValidIBAN(iban) || isQRIBAN(iban))
    throw badRequest(
      'Enter the IBAN of the account the refund goes to (for example CH93 0076 2011 6238 5295 7).',
    );
  return iban;
}

function accountHolderName(input: string): string {
  const name = input.trim();
  if (name.length < 1 || name.length > 70)
    throw badRequest('Enter the account holder’s name (at most 70 characters).');
  return name;
}

/** The account a refund goes to, validated; null when none was given and none is needed yet. */
function refundAccount(request: BankRefundRequest): { iban: string; accountHolder: string } | null {
  if (!request.iban?.trim() && !request.accountHolder?.trim()) {
    if (request.key.startsWith('order-')) throw badRequest(ACCOUNT_REQUIRED);
    return null;
  }
  return {
    iban: refundIban(request.iban ?? ''),
    accountHolder: accountHolderName(request.accountHolder ?? ''),
  };
}

export class BankRefunds {
  constructor(private readonly db: Db) {}

  async queue(request: BankRefundRequest): Promise<{ reference: string }> {
    const account = refundAccount(request);
    if (!Number.isSafeInteger(request.amountRappen) || request.amountRappen <= 0)
      throw badRequest('A refund is more than CHF 0.');
    return this.db.transaction(async (tx) => {
      await repo.lockOrderRefunds(tx, request.orderId);
      const before = await repo.findRefund(tx, request.key);
      if (before) {
        if (before.orderId !== request.orderId || before.amountRappen !== request.amountRappen)
          throw conflict(`Refund ${request.key} was asked for before with another amount.`);
        return { reference: `bank-refund-${before.id}` };
      }
      const paid = await repo.bankPaidForOrder(tx, request.orderId);
      const refunded = await repo.refundedForOrder(tx, request.orderId);
      if (refunded + request.amountRappen > paid)
        throw conflict(
          `Order ${request.orderId} received CHF ${rappenToDecimal(paid)} by bank, of which CHF ${rappenToDecimal(refunded)} is refunded already: the refund cannot be larger than what is left.`,
        );
      const { key, orderId, amountRappen } = request;
      const row = await repo.insertRefund(tx, { key, orderId, amountRappen, ...account });
      if (!row) throw conflict(`Refund ${request.key} was asked for before with another amount.`);
      return { reference: `bank-refund-${row.id}` };
    });
  }

  list(open: boolean, offset: number, limit: number) {
    return repo.listRefunds(this.db, open, offset, limit);
  }

  /** Staff paid it out (in e-banking or a payment file): idempotent, the first time stays. */
  /** Idempotent: a refund paid out before answers as it is, and only the first marking is audited. */
  async paidOut(id: number, by: StaffAct): Promise<repo.BankRefundRow> {
    const marked = await this.db.transaction(async (tx) => {
      const row = await repo.markRefundPaidOut(tx, id, by.staffId);
      if (row) await this.auditPaidOut(tx, row, by);
      return row;
    });
    if (marked) return marked;
    const found = await repo.findRefundById(this.db, id);
    if (!found) throw notFound(`Bank refund ${id} was not found.`);
    if (found.paidOutAt) return found;
    throw conflict(
      `Bank refund ${id} is waiting for the customer's bank account, so it cannot be paid out yet.`,
    );
  }

  private auditPaidOut(tx: DbOrTx, row: repo.BankRefundRow, by: StaffAct): Promise<void> {
    return new AuditService({ database: { db: this.db } }).record(
      {
        staffId: by.staffId,
        action: 'bank-refund.paid-out',
        objectType: 'bank-refund',
        objectId: row.id,
        before: { paidOut: false },
        after: { paidOut: true, amountRappen: row.amountRappen, orderId: row.orderId },
        address: by.address,
      },
      tx,
    );
  }

  /** The bank refunds of the caller's order (404 when the order is not theirs). */
  async forCustomer(orderId: number, customerId: number): Promise<repo.BankRefundRow[]> {
    const owner = await repo.findOrderCustomer(this.db, orderId);
    if (!owner || owner.customerId !== customerId) throw notFound(`Order ${orderId} was not found.`);
    return repo.refundsOfOrder(this.db, orderId);
  }

  /**
   * The customer gives the account for the lines of their order that wait for one (404 when
   * not theirs, 409 when none waits): those lines join the staff's list of refunds to pay out.
   */
  async giveAccount(
    orderId: number,
    customerId: number,
    input: { iban: string; accountHolder: string },
  ): Promise<repo.BankRefundRow[]> {
    const lines = await this.forCustomer(orderId, customerId);
    const account = { iban: refundIban(input.iban), accountHolder: accountHolderName(input.accountHolder) };
    if (!lines.some((l) => l.iban === null))
      throw conflict(`No refund of order ${orderId} is waiting for a bank account.`);
    await repo.fillRefundAccount(this.db, orderId, account);
    return repo.refundsOfOrder(this.db, orderId);
  }
}

/**
 * One pass of the job that e-mails customers whose bank refund waits for their account: each
 * line's request is claimed in the transaction that queues the e-mail, so it goes out once.
 */
export async function askForRefundAccounts(ctx: AppContext): Promise<number> {
  const db = ctx.database.db;
  let asked = 0;
  for (const line of await repo.refundsToAskAccountFor(db, 50)) {
    const sent = await db.transaction(async (tx) => {
      if (!(await repo.claimAccountRequest(tx, line.id))) return false;
      const customer = await repo.findOrderCustomer(tx, line.orderId);
      if (customer) await queueMail(tx, [refundAccountMail(ctx, customer, customer.locale, line)]);
      return customer !== null;
    });
    if (sent) asked += 1;
  }
  return asked;
}
