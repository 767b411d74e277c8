/**
 * Acts on a signal about a TWINT transaction (webhook, browser return, poll): finds the order,
 * confirms with the provider, and has the orders side mark it paid once (decision 230).
 */
import type { TwintOrder, TwintPayment, TwintPayments, ConfirmOutcome } from './twint.ts';

/**
 * The orders side, injected (the orders module implements it when TWINT is wired in).
 * `markPaid` answers false when the order can no longer be paid (expired or cancelled a moment
 * ago, or paid otherwise): the money then goes back.
 */
export interface TwintOrders {
  findByTransaction(transactionId: string): Promise<TwintOrder | null>;
  markPaid(orderId: number, payment: TwintPayment): Promise<boolean>;
  /** Unpaid TWINT orders whose transaction started more than a moment ago: the poll's work. */
  pendingTransactions(): Promise<string[]>;
}

export type SignalOutcome = ConfirmOutcome | { outcome: 'unknown' };

export class TwintSignals {
  constructor(
    private readonly payments: TwintPayments,
    private readonly orders: TwintOrders,
  ) {}

  async handle(transactionId: string): Promise<SignalOutcome> {
    const order = await this.orders.findByTransaction(transactionId);
    if (!order) return { outcome: 'unknown' };
    const result = await this.payments.confirm(order, transactionId);
    if (result.outcome !== 'paid') return result;
    if (await this.orders.markPaid(order.id, result.payment)) return result;
    // Someone else got there first: the same transaction (a raced signal) or the order closed.
    const now = await this.orders.findByTransaction(transactionId);
    if (now?.state === 'paid' && now.paidWith === transactionId) return { outcome: 'alreadyPaid' };
    return this.payments.confirm(
      { ...order, state: 'closed', paidWith: now?.paidWith ?? null },
      transactionId,
    );
  }

  /** For webhooks that never come: asks the provider about every pending transaction. */
  async poll(): Promise<SignalOutcome[]> {
    const results: SignalOutcome[] = [];
    for (const transactionId of await this.orders.pendingTransactions()) {
      // One unreachable answer must not stop the others; the next poll asks again.
      results.push(await this.handle(transactionId).catch(() => ({ outcome: 'pending' }) as const));
    }
    return results;
  }
}
