/**
 * Payout runs (decision 226): every seller whose available balance reaches the minimum gets
 * one transfer to the IBAN on their profile; the run's pain.001 file goes to the bank; once
 * executed, the transfers leave the platform's account. A negative balance (a refund after a
 * payout) stays in the seller's available balance and nets against the next run.
 */
import type { AuditAction } from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { AccountsService } from '../accounts/service.ts';
import { AuditService, type StaffAct } from '../audit/service.ts';
import { LedgerService } from '../ledger/service.ts';
import { buildPain001, type PlatformAccount } from './pain001.ts';
import { PayoutsRepo, type RunRow, type TransferRow } from './repo.ts';

export const SKIP_NO_IBAN = 'no IBAN on the seller’s profile';
export const SKIP_BELOW_MINIMUM = 'available balance below the payout minimum; it carries forward';
export const SKIP_NEGATIVE = 'the seller owes the platform; later earnings net it';

export interface RunResult {
  id: number;
  transfers: { sellerId: number; amountRappen: number; iban: string }[];
  skipped: { sellerId: number; reason: string }[];
}

export class PayoutsService {
  private readonly db: Db;
  private readonly ledger: LedgerService;
  private readonly accounts: AccountsService;
  private readonly audit: AuditService;

  constructor(private readonly ctx: AppContext) {
    this.db = ctx.database.db;
    this.ledger = new LedgerService(this.db);
    this.accounts = new AccountsService(ctx);
    this.audit = new AuditService(ctx);
  }

  /** `address`: where the staff member acted from, for the audit entry written with the run. */
  async createRun(createdBy: number, now = new Date(), address = ''): Promise<RunResult> {
    const minimum = Math.round(this.ctx.config.PAYOUT_MINIMUM_CHF * 100);
    // Earnings whose holding period ended become available first (an event of their own).
    await this.db.transaction((tx) => this.ledger.releaseDue(tx, this.ctx.config.PAYOUT_HOLD_DAYS, now));
    // Read outside the run's transaction (PGlite has one session); a seller new since then is skipped.
    const before = await this.ledger.availableBySeller(this.db);
    const accounts = new Map(
      (await this.accounts.payoutAccounts(before.map((b) => b.sellerId))).map((a) => [a.userId, a]),
    );
    return this.db.transaction(async (tx) => {
      await new PayoutsRepo(tx).lockRuns();
      const balances = await this.ledger.availableBySeller(tx);
      const id = await new PayoutsRepo(tx).insertRun(createdBy, now);
      const result: RunResult = { id, transfers: [], skipped: [] };
      const rows: TransferRow[] = [];
      for (const { sellerId, available } of balances) {
        if (available === 0) continue;
        const account = accounts.get(sellerId);
        const reason =
          available < 0
            ? SKIP_NEGATIVE
            : available < minimum
              ? SKIP_BELOW_MINIMUM
              : account?.iban
                ? null
                : SKIP_NO_IBAN;
        if (reason || !account?.iban) {
          result.skipped.push({ sellerId, reason: reason ?? SKIP_NO_IBAN });
          continue;
        }
        await this.ledger.recordPayout(tx, { runId: id, sellerId, amountRappen: available, at: now });
        rows.push({
          sellerId,
          amountRappen: available,
          iban: account.iban,
          accountHolder: account.accountHolder || account.username,
        });
        result.transfers.push({ sellerId, amountRappen: available, iban: account.iban });
      }
      await new PayoutsRepo(tx).insertTransfers(id, rows);
      await this.auditRun(tx, 'payout-run.create', id, { staffId: createdBy, address }, rows);
      return result;
    });
  }

  async run(id: number): Promise<RunRow> {
    const run = await new PayoutsRepo(this.db).findRun(id);
    if (!run) throw notFound(`Payout run ${id} does not exist.`);
    return run;
  }

  /** The run's ISO 20022 credit-transfer file (pain.001.001.09, Swiss Payment Standards). */
  async pain001(id: number, now = new Date()): Promise<string> {
    const run = await this.run(id);
    const { PLATFORM_IBAN, PLATFORM_NAME, PLATFORM_ADDRESS } = this.ctx.config;
    if (!PLATFORM_IBAN)
      throw conflict('Set PLATFORM_IBAN (the account payouts leave from) to create payment files.');
    const platform: PlatformAccount = { iban: PLATFORM_IBAN, name: PLATFORM_NAME, address: PLATFORM_ADDRESS };
    return buildPain001(run, platform, now);
  }

  /** The bank carried out the run: each transfer leaves the platform's account, once. */
  async markExecuted(id: number, now = new Date(), by?: StaffAct): Promise<RunRow> {
    await this.run(id);
    await this.db.transaction(async (tx) => {
      if (!(await new PayoutsRepo(tx).markExecuted(id, now))) return;
      const run = await new PayoutsRepo(tx).findRun(id);
      if (by) await this.auditRun(tx, 'payout-run.executed', id, by, run?.transfers ?? []);
      for (const t of run?.transfers ?? []) {
        await this.ledger.recordPayoutExecuted(tx, {
          runId: id,
          sellerId: t.sellerId,
          amountRappen: t.amountRappen,
          at: now,
        });
      }
    });
    return this.run(id);
  }

  /** The staff's audit entry of a run's creation or execution: how many transfers, how much in all. */
  private auditRun(
    tx: DbOrTx,
    action: AuditAction,
    runId: number,
    by: StaffAct,
    transfers: readonly { amountRappen: number }[],
  ): Promise<void> {
    const totalRappen = transfers.reduce((sum, t) => sum + t.amountRappen, 0);
    return this.audit.record(
      {
        staffId: by.staffId,
        action,
        objectType: 'payout-run',
        objectId: runId,
        after: { transfers: transfers.length, totalRappen },
        address: by.address,
      },
      tx,
    );
  }
}
