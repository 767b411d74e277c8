/**
 * The payments module's periodic work (jobs.ts at the root runs it; server.ts starts it once
 * the orders side gives the ports, decision 233): the TWINT status poll for webhooks that
 * never came (decision 230), bank files from BANK_STATEMENTS_DIR (decision 231), the one
 * reminder of an overdue invoice (decision 251) and the e-mail asking for a bank refund's
 * account (decision 250). Each is safe in several processes at once (claims in the database).
 */
import type { Job } from '../../jobs.ts';
import { importBankFolder } from './bank-folder.ts';
import { askForRefundAccounts } from './bank-refunds.ts';
import { sendInvoiceReminders } from './invoice-reminders.ts';
import type { InvoiceOrders } from './bank-matching.ts';
import { BankStatementService } from './bank-statements.ts';
import { createWalletProvider, TwintPayments } from './twint.ts';
import { TwintSignals, type TwintOrders } from './twint-signals.ts';

export function paymentsJobs(ports: { invoiceOrders: InvoiceOrders; twintOrders: TwintOrders }): Job[] {
  let signals: TwintSignals | null = null;
  const jobs: Job[] = [
    {
      name: 'payments.poll-twint',
      intervalMs: 60_000,
      run: async (ctx) => {
        signals ??= new TwintSignals(new TwintPayments(createWalletProvider(ctx.config)), ports.twintOrders);
        return signals.poll();
      },
    },
    {
      name: 'payments.import-bank-folder',
      intervalMs: 5 * 60_000,
      run: async (ctx, log) => {
        const dir = ctx.config.BANK_STATEMENTS_DIR;
        if (!dir) return [];
        const runs = await importBankFolder(
          new BankStatementService(ctx.database.db, ports.invoiceOrders),
          dir,
        );
        for (const run of runs.filter((r) => r.error))
          log.warn({ file: run.file, reason: run.error }, 'bank file set aside');
        return runs;
      },
    },
    {
      name: 'payments.invoice-reminders',
      intervalMs: 10 * 60_000,
      run: (ctx) => sendInvoiceReminders(ctx),
    },
    {
      name: 'payments.ask-refund-accounts',
      intervalMs: 60_000,
      run: (ctx) => askForRefundAccounts(ctx),
    },
  ];
  return jobs;
}
