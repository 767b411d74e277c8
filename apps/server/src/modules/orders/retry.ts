/** The orders module's transaction retry and the per-order queue its pay and cancel paths share. */
import { randomInt } from 'node:crypto';
import { pgErrorCode } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';

/** Runs a transaction again when PostgreSQL reports a serialization failure or a deadlock. */
export async function withRetry<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = pgErrorCode(error);
      if (attempt >= attempts || (code !== '40001' && code !== '40P01')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + randomInt(20)));
    }
  }
}

/** Pay and cancel calls for one order run one after another in this process. */
export class OrderQueue {
  private readonly inflight = new Map<number, Promise<unknown>>();

  run<T>(orderId: number, work: () => Promise<T>): Promise<T> {
    const previous = this.inflight.get(orderId) ?? Promise.resolve();
    const run = previous.then(work);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.inflight.set(orderId, tail);
    void tail.then(() => {
      if (this.inflight.get(orderId) === tail) this.inflight.delete(orderId);
    });
    return run;
  }
}

export const paymentInProgress = (orderId: number) =>
  conflict(`A payment for order ${orderId} is in progress. Please try again in a moment.`);

/** The key prefix of a staff refund of part of a line (decision 243). */
export const STAFF_REFUND = 'staff-';
