/**
 * Payment providers behind one interface. The service decides whether an order may be paid;
 * a provider only moves money and reports what it captured, which the service checks again.
 * The providers implement this file's interface; create-provider.ts picks one.
 */

export interface PayableOrder {
  id: number;
  /** Items plus shipping, in Rappen. */
  totalRappen: number;
  providerOrderId: string | null;
}

export interface PayRequest {
  /** The provider's order id the browser approved (PayPal), if any. */
  providerOrderId?: string | undefined;
}

export interface CapturedPayment {
  provider: string;
  reference: string;
  amountRappen: number;
  currency: string;
}

export interface RefundRequest {
  /** Our order. */
  orderId: number;
  /** The provider's reference of the captured payment (as CapturedPayment.reference). */
  paymentReference: string;
  /** From our own records: never more than what was captured minus what went back. */
  amountRappen: number;
  /**
   * Names the cancellation (the refunds row's key): sent as the provider's idempotency key,
   * so asking again after a crash or a lost answer never refunds twice.
   */
  key: string;
}

export interface Refund {
  /** The provider's id of the refund. */
  reference: string;
}

export interface PaymentProvider {
  readonly name: 'paypal' | 'test';
  /** Public id the browser SDK needs (PayPal client id); null for the test provider. */
  readonly clientId: string | null;
  /** Creates the provider-side order for our total; answers its id. Only for redirect/SDK providers. */
  createCheckout?(order: PayableOrder): Promise<string>;
  capture(order: PayableOrder, request: PayRequest): Promise<CapturedPayment>;
  /**
   * What the provider captured for the order, if anything (null: nothing): the reconciling
   * job asks this for a capture whose answer never reached the database.
   */
  findCapture(order: PayableOrder): Promise<CapturedPayment | null>;
  /**
   * Sends money back. Throws CONFLICT when the provider refuses (nothing was refunded) and
   * UNAVAILABLE when it cannot be reached; the caller then leaves the order as it was.
   */
  refund(request: RefundRequest): Promise<Refund>;
}
