import { conflict, forbidden } from '../../../lib/errors.ts';
import type { CapturedPayment, PayableOrder, PaymentProvider, Refund, RefundRequest } from './provider.ts';

/**
 * Pays and refunds without moving money, so the whole flow runs offline; refused in
 * production. It keeps what it captured and refunded (per process), like a provider's books:
 * tests read them, and a refund repeated with the same key answers the first one.
 */
export class TestProvider implements PaymentProvider {
  readonly name = 'test' as const;
  readonly clientId = null;
  /** Captures by our order id. */
  readonly captures = new Map<number, CapturedPayment>();
  /** Refunds by key, in the order they were made. */
  readonly refunds = new Map<string, RefundRequest & Refund>();

  constructor(private readonly production: boolean) {}

  private allowed(): void {
    if (this.production) {
      throw forbidden('Test payments are switched off in production. Please pay with PayPal.');
    }
  }

  async capture(order: PayableOrder): Promise<CapturedPayment> {
    this.allowed();
    const captured = this.captures.get(order.id) ?? {
      provider: 'test',
      reference: `test-${order.id}`,
      amountRappen: order.totalRappen,
      currency: 'CHF',
    };
    this.captures.set(order.id, captured);
    return captured;
  }

  async findCapture(order: PayableOrder): Promise<CapturedPayment | null> {
    return this.captures.get(order.id) ?? null;
  }

  async refund(request: RefundRequest): Promise<Refund> {
    this.allowed();
    const first = this.refunds.get(request.key);
    if (first) return { reference: first.reference };
    const captured = this.captures.get(request.orderId);
    const before = [...this.refunds.values()]
      .filter((r) => r.orderId === request.orderId)
      .reduce((sum, r) => sum + r.amountRappen, 0);
    // Without a capture in this process's books (e.g. after a restart) the amount is trusted.
    if (captured && before + request.amountRappen > captured.amountRappen) {
      throw conflict('The payment provider refused the refund: it is more than what is left of the payment.');
    }
    const refund = { ...request, reference: `test-refund-${this.refunds.size + 1}` };
    this.refunds.set(request.key, refund);
    return { reference: refund.reference };
  }
}
