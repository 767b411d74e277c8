/**
 * Refunds of invoice orders paid by bank transfer (decision 234): a payout line to the IBAN
 * the customer gives on cancellation, kept until staff (or the ledger's pain.001 run) pay it
 * out. Idempotent per key, and never more than what came in by bank for the order.
 */
import { electronicFormatIBAN, isQRIBAN, isValidIBAN } from 'ibantools';
import { rappenToDecimal } from '@marktgasse/shared';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import * as repo from './repo.ts';

export interface BankRefundRequest {
  /** Names the cancellation (as the refunds table's key): asking again queues nothing new. */
  key: string;
  orderId: number;
  amountRappen: number;
  iban: string;
  accountHolder: string;
}

/** The customer's account: a valid IBAN that is not a QR-IBAN (those only receive QR payments). */
export function refundIban(input: string): string {
  const iban = electronicFormatIBAN(input) ?? '';
  if (!isValidIBAN(iban) || isQRIBAN(iban))
    throw badRequest(
      'Enter the IBAN of the account the refund goes to (for example CH93 0076 2011 6238 5295 7).',
    );
  return iban;
}

export class BankRefunds {
  constructor(private readonly db: Db) {}

  async queue(request: BankRefundRequest): Promise<{ reference: string }> {
    const iban = refundIban(request.iban);
    const accountHolder = request.accountHolder.trim();
    if (accountHolder.length < 1 || accountHolder.length > 70)
      throw badRequest('Enter the account holder’s name (at most 70 characters).');
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
      const row = await repo.insertRefund(tx, { ...request, iban, accountHolder });
      if (!row) throw conflict(`Refund ${request.key} was asked for before with another amount.`);
      return { reference: `bank-refund-${row.id}` };
    });
  }

  list(open: boolean, offset: number, limit: number) {
    return repo.listRefunds(this.db, open, offset, limit);
  }

  /** Staff paid it out (in e-banking or a payment file): idempotent, the first time stays. */
  async paidOut(id: number, staffId: number): Promise<repo.BankRefundRow> {
    const row = await repo.markRefundPaidOut(this.db, id, staffId);
    if (!row) throw notFound(`Bank refund ${id} was not found.`);
    return row;
  }
}
