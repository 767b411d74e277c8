/**
 * Imports a camt.054/053 file: each booked credit is matched by its QR reference and booked,
 * kept as underpaid, listed to return, or listed as unmatched (decision 231). Every credit is
 * recorded once by its bank key, so importing the same file again books nothing twice.
 */
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { AuditService, type StaffAct } from '../audit/service.ts';
import { CamtError, parseCamt, type BankCredit } from './camt.ts';
import { classifyCredit, type InvoiceOrders, type ReturnReason, type Verdict } from './bank-matching.ts';
import * as repo from './repo.ts';

export interface ImportedCredit {
  bankReference: string;
  qrReference: string | null;
  otherReference: string | null;
  orderId: number | null;
  amountRappen: number;
  currency: string;
  debtorName: string | null;
  bookingDate: string | null;
  /** Underpaid: what the order still lacks. */
  stillDueRappen?: number;
  /** To return: how much goes back to the payer, and why. */
  returnRappen?: number;
  reason?: ReturnReason;
}

export interface ImportResult {
  booked: ImportedCredit[];
  underpaid: ImportedCredit[];
  toReturn: ImportedCredit[];
  unmatched: ImportedCredit[];
  /** Credits of the file that an earlier import recorded already. */
  alreadyImported: number;
}

const describe = (credit: BankCredit, orderId: number | null): ImportedCredit => ({
  bankReference: credit.key,
  qrReference: credit.qrReference,
  otherReference: credit.otherReference,
  orderId,
  amountRappen: credit.amountRappen,
  currency: credit.currency,
  debtorName: credit.debtorName,
  bookingDate: credit.bookingDate,
});

function rowFields(verdict: Verdict, credit: BankCredit) {
  switch (verdict.outcome) {
    case 'unmatched':
      return { outcome: 'unmatched', orderId: null, reason: null, returnRappen: 0 };
    case 'booked':
      return {
        outcome: 'booked',
        orderId: verdict.orderId,
        reason: verdict.reason,
        returnRappen: verdict.returnRappen,
      };
    case 'underpaid':
      return { outcome: 'underpaid', orderId: verdict.orderId, reason: null, returnRappen: 0 };
    case 'toReturn':
      return {
        outcome: 'toReturn',
        orderId: verdict.orderId,
        reason: verdict.reason,
        returnRappen: credit.amountRappen,
      };
  }
}

function parseOrRefuse(xml: string) {
  try {
    return parseCamt(xml);
  } catch (error) {
    if (error instanceof CamtError) throw badRequest(error.message);
    throw error;
  }
}

type Line = { list: keyof Omit<ImportResult, 'alreadyImported'>; credit: ImportedCredit };

export class BankStatementService {
  constructor(
    private readonly db: Db,
    private readonly orders: InvoiceOrders,
  ) {}

  /** `by`: the staff member who uploaded the file (audited), or null for the bank folder's job. */
  async importFile(xml: string, by: StaffAct | null): Promise<ImportResult> {
    const importedBy = by?.staffId ?? null;
    const file = parseOrRefuse(xml);
    const result: ImportResult = {
      booked: [],
      underpaid: [],
      toReturn: [],
      unmatched: [],
      alreadyImported: 0,
    };
    // One after the other: a second partial payment of the same order sees the first.
    for (const credit of file.credits) {
      const lines = await this.importCredit(credit, file.messageId, importedBy);
      if (lines === null) result.alreadyImported += 1;
      else for (const line of lines) result[line.list].push(line.credit);
    }
    if (by) await this.auditImport(file.messageId, result, by);
    return result;
  }

  private auditImport(messageId: string, result: ImportResult, by: StaffAct): Promise<void> {
    const { alreadyImported, ...lists } = result;
    const counts = Object.fromEntries(Object.entries(lists).map(([list, credits]) => [list, credits.length]));
    return new AuditService({ database: { db: this.db } }).record({
      staffId: by.staffId,
      action: 'bank-statement.import',
      objectType: 'bank-statement',
      objectId: messageId,
      after: { ...counts, alreadyImported },
      address: by.address,
    });
  }

  private async verdictFor(credit: BankCredit): Promise<Verdict> {
    const order = credit.qrReference ? await this.orders.findByQrReference(credit.qrReference) : null;
    const received = order ? await repo.receivedForOrder(this.db, order.orderId) : 0;
    return classifyCredit(credit, order, received);
  }

  /** Records the credit (or finds it recorded) and acts on it; null when imported before. */
  private async importCredit(
    credit: BankCredit,
    messageId: string,
    importedBy: number | null,
  ): Promise<Line[] | null> {
    let verdict = await this.verdictFor(credit);
    const fields = rowFields(verdict, credit);
    const claimed = await repo.claimEntry(this.db, {
      key: credit.key,
      messageId,
      amountRappen: credit.amountRappen,
      currency: credit.currency,
      qrReference: credit.qrReference,
      otherReference: credit.otherReference,
      debtorName: credit.debtorName,
      debtorIban: credit.debtorIban,
      bookingDate: credit.bookingDate,
      importedBy,
      ...fields,
    });
    let row = claimed;
    let undo = claimed ? () => repo.deleteEntry(this.db, claimed.id) : null;
    if (!row) {
      // Imported before: only an entry that found no order then may be matched now.
      const before = await repo.findEntry(this.db, credit.key);
      if (!before || before.outcome !== 'unmatched' || verdict.outcome === 'unmatched') return null;
      row = await repo.reclaimUnmatched(this.db, credit.key, fields);
      if (!row) return null;
      undo = () => repo.putBack(this.db, before);
    }
    if (verdict.outcome === 'booked') verdict = await this.book(verdict, credit, row.id, undo);
    return this.answer(verdict, credit);
  }

  /** One of the staff lists (payments to return by default), newest first. */
  async list(list: repo.EntryList, offset: number, limit: number) {
    const { rows, count } = await repo.listEntries(this.db, list, offset, limit);
    return {
      count,
      results: rows.map((row) => ({
        bankReference: row.key,
        qrReference: row.qrReference,
        otherReference: row.otherReference,
        orderId: row.orderId,
        amountRappen: row.amountRappen,
        currency: row.currency,
        debtorName: row.debtorName,
        bookingDate: row.bookingDate,
        ...(row.returnRappen > 0
          ? { returnRappen: row.returnRappen, reason: (row.reason ?? 'overpaid') as ReturnReason }
          : {}),
        importedAt: row.importedAt.toISOString(),
      })),
    };
  }

  /** Marks the order paid; an order that can no longer be paid turns the credit into a return. */
  private async book(
    verdict: Extract<Verdict, { outcome: 'booked' }>,
    credit: BankCredit,
    rowId: number,
    undo: (() => Promise<void>) | null,
  ): Promise<Verdict> {
    let paid: boolean;
    try {
      // The whole amount: an underpayment's rest pays the order with what came before.
      paid = await this.orders.markPaid(verdict.orderId, {
        amountRappen: verdict.paidRappen,
        bankReference: credit.key,
      });
    } catch (error) {
      // Nothing booked: the entry is as before, and importing the file again retries it.
      await undo?.();
      throw error;
    }
    if (paid) {
      await repo.bookUnderpaid(this.db, verdict.orderId);
      return verdict;
    }
    const now = await this.orders.findByQrReference(credit.qrReference ?? '');
    const reason: ReturnReason =
      now?.status === 'cancelled' || now?.status === 'expired' ? now.status : 'alreadyPaid';
    await repo.setOutcome(this.db, rowId, { outcome: 'toReturn', reason, returnRappen: credit.amountRappen });
    return { outcome: 'toReturn', orderId: verdict.orderId, reason };
  }

  /** The lines of the answer: an overpaid credit is booked and its excess listed to return. */
  private answer(verdict: Verdict, credit: BankCredit): Line[] {
    if (verdict.outcome === 'unmatched') return [{ list: 'unmatched', credit: describe(credit, null) }];
    const line = describe(credit, verdict.orderId);
    switch (verdict.outcome) {
      case 'underpaid':
        return [{ list: 'underpaid', credit: { ...line, stillDueRappen: verdict.stillDueRappen } }];
      case 'toReturn':
        return [
          {
            list: 'toReturn',
            credit: { ...line, returnRappen: credit.amountRappen, reason: verdict.reason },
          },
        ];
      case 'booked':
        if (verdict.returnRappen === 0) return [{ list: 'booked', credit: line }];
        return [
          { list: 'booked', credit: line },
          { list: 'toReturn', credit: { ...line, returnRappen: verdict.returnRappen, reason: 'overpaid' } },
        ];
    }
  }
}
