/**
 * PayPal Orders v2: the server creates the PayPal order with its own total, the browser
 * approves it with the JS SDK, the server captures it. A payment counts only when PayPal
 * reports a COMPLETED capture of exactly our amount in CHF. The capture carries
 * `PayPal-Request-Id: capture-<order id>`, so a repeated capture (another process, a retry)
 * returns PayPal's first answer instead of charging twice.
 */
import { parseRappen, rappenToDecimal } from '@marktgasse/shared';
import { AppError, badRequest, conflict } from '../../../lib/errors.ts';
import type {
  CapturedPayment,
  PayableOrder,
  PaymentProvider,
  PayRequest,
  Refund,
  RefundRequest,
} from './provider.ts';

const TIMEOUT_MS = 15_000;

interface PayPalOptions {
  clientId: string;
  clientSecret: string;
  apiUrl: string;
}

interface PayPalCapture {
  id?: string;
  status?: string;
  amount?: { currency_code?: string; value?: string };
}

interface PayPalOrder {
  id?: string;
  status?: string;
  purchase_units?: {
    reference_id?: string;
    payments?: { captures?: PayPalCapture[] };
  }[];
  details?: { issue?: string; description?: string }[];
  name?: string;
}

const unavailable = (message: string) => new AppError('UNAVAILABLE', message);

export class PayPalProvider implements PaymentProvider {
  readonly name = 'paypal' as const;
  readonly clientId: string;
  private token: { value: string; until: number } | null = null;

  constructor(private readonly options: PayPalOptions) {
    this.clientId = options.clientId;
  }

  private async call(
    path: string,
    init: { method: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: PayPalOrder }> {
    const token = await this.accessToken();
    return this.fetchJson(path, {
      method: init.method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        prefer: 'return=representation',
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  }

  private async fetchJson(path: string, init: RequestInit): Promise<{ status: number; body: PayPalOrder }> {
    let response: Response;
    try {
      response = await fetch(new URL(path, this.options.apiUrl), {
        ...init,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw unavailable('PayPal could not be reached. Please try again in a moment.');
    }
    const text = await response.text().catch(() => '');
    let body: PayPalOrder = {};
    try {
      body = text ? (JSON.parse(text) as PayPalOrder) : {};
    } catch {
      body = {};
    }
    if (response.status >= 500)
      throw unavailable('PayPal is not answering right now. Please try again in a moment.');
    return { status: response.status, body };
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    const { status, body } = await this.fetchJson('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const token = body as { access_token?: string; expires_in?: number };
    if (status !== 200 || !token.access_token) {
      throw unavailable('The server could not sign in to PayPal. Please try again later.');
    }
    const seconds = Math.max(60, Number(token.expires_in ?? 300));
    this.token = { value: token.access_token, until: Date.now() + (seconds - 30) * 1000 };
    return token.access_token;
  }

  async createCheckout(order: PayableOrder): Promise<string> {
    const { status, body } = await this.call('/v2/checkout/orders', {
      method: 'POST',
      // The amount is part of the key: after a part was cancelled the order asks a new amount,
      // which needs a new PayPal order rather than PayPal's first answer.
      headers: { 'paypal-request-id': `create-${order.id}-${order.totalRappen}` },
      body: {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: String(order.id),
            description: `Marktgasse order ${order.id}`,
            amount: { currency_code: 'CHF', value: rappenToDecimal(order.totalRappen) },
          },
        ],
      },
    });
    if ((status !== 200 && status !== 201) || !body.id) {
      throw unavailable('PayPal did not accept the payment request. Please try again later.');
    }
    return body.id;
  }

  async capture(order: PayableOrder, request: PayRequest): Promise<CapturedPayment> {
    const paypalId = request.providerOrderId;
    if (!paypalId) throw badRequest('Send the approved PayPal order id as paypalOrderId.');
    if (!order.providerOrderId || paypalId !== order.providerOrderId) {
      throw conflict(`PayPal order ${paypalId} does not belong to order ${order.id}.`);
    }
    const path = `/v2/checkout/orders/${encodeURIComponent(paypalId)}`;
    const captured = await this.call(`${path}/capture`, {
      method: 'POST',
      headers: { 'paypal-request-id': `capture-${order.id}` },
      body: {},
    });
    let result = captured.body;
    if (captured.status === 422 || captured.status === 400) {
      const issue = captured.body.details?.[0]?.issue ?? '';
      if (issue === 'ORDER_ALREADY_CAPTURED') {
        // Captured before (a crashed attempt or another process): trust PayPal's record of it.
        const fetched = await this.call(path, { method: 'GET' });
        if (fetched.status !== 200)
          throw unavailable('PayPal could not confirm the payment. Please try again.');
        result = fetched.body;
      } else if (issue === 'INSTRUMENT_DECLINED' || issue === 'PAYER_ACTION_REQUIRED') {
        throw conflict('PayPal declined the payment. Please choose another way to pay.');
      } else if (issue === 'ORDER_NOT_APPROVED') {
        throw conflict('The payment has not been approved in PayPal yet.');
      } else {
        throw conflict(`PayPal refused the payment (${issue || 'unprocessable'}). Nothing was charged.`);
      }
    } else if (captured.status === 404) {
      throw conflict(`PayPal does not know the order ${paypalId}.`);
    } else if (captured.status !== 200 && captured.status !== 201) {
      throw unavailable('PayPal could not take the payment right now. Please try again.');
    }
    return this.verify(order, paypalId, result);
  }

  async findCapture(order: PayableOrder): Promise<CapturedPayment | null> {
    if (!order.providerOrderId) return null;
    const found = await this.call(`/v2/checkout/orders/${encodeURIComponent(order.providerOrderId)}`, {
      method: 'GET',
    });
    if (found.status === 404) return null;
    if (found.status !== 200) throw unavailable('PayPal could not confirm the payment. Please try again.');
    const captures = found.body.purchase_units?.flatMap((u) => u.payments?.captures ?? []) ?? [];
    if (!captures.some((c) => c.status === 'COMPLETED')) return null;
    return this.verify(order, order.providerOrderId, found.body);
  }

  /**
   * Refunds (part of) the first capture: POST /v2/payments/captures/{id}/refund with our
   * amount and `PayPal-Request-Id: refund-<key>`, so a repeated call answers the first refund.
   */
  async refund(request: RefundRequest): Promise<Refund> {
    const captureId = request.paymentReference.split(',')[0]!;
    const { status, body } = await this.call(
      `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
      {
        method: 'POST',
        headers: { 'paypal-request-id': `refund-${request.key}` },
        body: {
          amount: { currency_code: 'CHF', value: rappenToDecimal(request.amountRappen) },
          invoice_id: `${request.key}`,
          note_to_payer: `Marktgasse order ${request.orderId}`,
        },
      },
    );
    if (
      (status === 200 || status === 201) &&
      body.id &&
      body.status !== 'CANCELLED' &&
      body.status !== 'FAILED'
    ) {
      return { reference: body.id };
    }
    const issue = body.details?.[0]?.issue ?? body.name ?? `status ${status}`;
    throw conflict(`PayPal refused the refund (${issue}). Nothing was refunded and the order is unchanged.`);
  }

  /** Accepts only a COMPLETED capture of exactly our amount in CHF, for our order. */
  private verify(order: PayableOrder, paypalId: string, paypal: PayPalOrder): CapturedPayment {
    const units = paypal.purchase_units ?? [];
    const unit =
      units.find((u) => u.reference_id === String(order.id)) ?? (units.length === 1 ? units[0] : undefined);
    if (!unit) throw conflict(`PayPal order ${paypalId} is not for order ${order.id}.`);
    const captures = unit.payments?.captures ?? [];
    if (captures.some((c) => c.status === 'DECLINED' || c.status === 'DENIED' || c.status === 'FAILED')) {
      throw conflict('PayPal declined the payment. Please choose another way to pay.');
    }
    const completed = captures.filter((c) => c.status === 'COMPLETED');
    if (paypal.status !== 'COMPLETED' || completed.length === 0) {
      if (captures.some((c) => c.status === 'PENDING') || paypal.status === 'COMPLETED') {
        throw conflict(
          'The payment is pending at PayPal. The order will be marked as paid once PayPal completes it.',
        );
      }
      throw conflict(`The PayPal payment is not completed (status ${paypal.status ?? 'unknown'}).`);
    }
    let amount = 0;
    for (const c of completed) {
      if (c.amount?.currency_code !== 'CHF') {
        throw conflict('PayPal captured a different currency than CHF. The order is not marked as paid.');
      }
      const rappen = parseRappen(c.amount.value ?? '');
      if (rappen === null)
        throw conflict('PayPal reported an unreadable amount. The order is not marked as paid.');
      amount += rappen;
    }
    if (amount !== order.totalRappen) {
      throw conflict(
        `PayPal captured CHF ${rappenToDecimal(amount)} but the order total is CHF ${rappenToDecimal(order.totalRappen)}. The order is not marked as paid.`,
      );
    }
    return {
      provider: 'paypal',
      reference: completed.map((c) => c.id ?? paypalId).join(','),
      amountRappen: amount,
      currency: 'CHF',
    };
  }
}
