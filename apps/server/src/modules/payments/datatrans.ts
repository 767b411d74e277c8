/**
 * Datatrans REST API (v1 transactions) for TWINT (decision 230): init with `autoSettle: false`,
 * status, settle, cancel, credit. Basic auth with merchant id and API password; settle, cancel
 * and credit carry an `Idempotency-Key`, so a retry answers the first result instead of moving
 * money twice. Datatrans keys are one per request (not per path): settle's key names the
 * transaction, since an order may start a second one; the same key while the first request is
 * still processed answers 409, which means "ask again", never "refused" (decision 252).
 */
import { AppError, conflict } from '../../lib/errors.ts';
import {
  walletRefno,
  type WalletCheckout,
  type WalletOrder,
  type WalletProvider,
  type WalletRefundRequest,
  type WalletReturnUrls,
  type WalletStatus,
  type WalletTransaction,
} from './wallet-provider.ts';

const TIMEOUT_MS = 15_000;

export interface DatatransOptions {
  merchantId: string;
  password: string;
  apiUrl: string;
  payUrl: string;
}

interface DatatransBody {
  transactionId?: string;
  status?: string;
  refno?: string;
  currency?: string;
  detail?: { authorize?: { amount?: number }; settle?: { amount?: number } };
  error?: { code?: string; message?: string };
}

const STATUSES = new Set<WalletStatus>([
  'initialized',
  'authenticated',
  'authorized',
  'settled',
  'transmitted',
  'canceled',
  'failed',
]);

const unavailable = (message: string) => new AppError('UNAVAILABLE', message);

export class DatatransProvider implements WalletProvider {
  readonly name = 'datatrans' as const;

  constructor(private readonly options: DatatransOptions) {}

  private async call(
    path: string,
    method: 'GET' | 'POST',
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<{ status: number; body: DatatransBody }> {
    const basic = Buffer.from(`${this.options.merchantId}:${this.options.password}`).toString('base64');
    let response: Response;
    try {
      response = await fetch(new URL(path, this.options.apiUrl), {
        method,
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/json',
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw unavailable('TWINT could not be reached. Please try again in a moment.');
    }
    const text = await response.text().catch(() => '');
    let parsed: DatatransBody = {};
    try {
      parsed = text ? (JSON.parse(text) as DatatransBody) : {};
    } catch {
      parsed = {};
    }
    if (response.status >= 500 || response.status === 401 || response.status === 403)
      throw unavailable('TWINT is not answering right now. Please try again in a moment.');
    // The same Idempotency-Key is being processed (a webhook and the browser's return racing).
    if (idempotencyKey && response.status === 409)
      throw unavailable('TWINT is still processing this payment. Please try again in a moment.');
    return { status: response.status, body: parsed };
  }

  async init(order: WalletOrder, urls: WalletReturnUrls): Promise<WalletCheckout> {
    const { status, body } = await this.call('/v1/transactions', 'POST', {
      currency: 'CHF',
      refno: walletRefno(order.id),
      amount: order.totalRappen,
      paymentMethods: ['TWI'],
      autoSettle: false,
      redirect: { successUrl: urls.success, cancelUrl: urls.cancel, errorUrl: urls.error },
    });
    if (status !== 201 && status !== 200) throw unavailable('TWINT did not accept the payment request.');
    if (!body.transactionId) throw unavailable('TWINT did not accept the payment request.');
    const redirectUrl = new URL(`/v1/start/${encodeURIComponent(body.transactionId)}`, this.options.payUrl);
    return { transactionId: body.transactionId, redirectUrl: redirectUrl.toString() };
  }

  async status(transactionId: string): Promise<WalletTransaction> {
    const path = `/v1/transactions/${encodeURIComponent(transactionId)}`;
    const { status, body } = await this.call(path, 'GET');
    if (status === 404 || status === 400) throw conflict(`TWINT does not know the payment ${transactionId}.`);
    if (status !== 200 || !STATUSES.has(body.status as WalletStatus))
      throw unavailable('TWINT could not confirm the payment. Please try again.');
    return {
      transactionId,
      status: body.status as WalletStatus,
      refno: body.refno ?? '',
      currency: body.currency ?? '',
      authorizedRappen: body.detail?.authorize?.amount ?? 0,
      settledRappen: body.detail?.settle?.amount ?? 0,
    };
  }

  async settle(transactionId: string, order: WalletOrder): Promise<void> {
    const path = `/v1/transactions/${encodeURIComponent(transactionId)}/settle`;
    const body = { amount: order.totalRappen, currency: 'CHF', refno: walletRefno(order.id) };
    const answer = await this.call(path, 'POST', body, `settle-${transactionId}`);
    if (answer.status !== 204 && answer.status !== 200)
      throw conflict('TWINT could not take the payment. Nothing was charged; please try again.');
  }

  async cancel(transactionId: string): Promise<void> {
    const path = `/v1/transactions/${encodeURIComponent(transactionId)}/cancel`;
    const answer = await this.call(path, 'POST', {}, `cancel-${transactionId}`);
    if (answer.status !== 204 && answer.status !== 200)
      throw conflict('TWINT refused to release the payment. Nothing was charged.');
  }

  async refund(request: WalletRefundRequest): Promise<{ reference: string }> {
    const path = `/v1/transactions/${encodeURIComponent(request.transactionId)}/credit`;
    const body = { amount: request.amountRappen, currency: 'CHF', refno: walletRefno(request.orderId) };
    const answer = await this.call(path, 'POST', body, `refund-${request.key}`);
    if ((answer.status === 200 || answer.status === 201) && answer.body.transactionId)
      return { reference: answer.body.transactionId };
    throw conflict(
      `TWINT refused the refund (${answer.body.error?.code ?? `status ${answer.status}`}). Nothing was refunded and the order is unchanged.`,
    );
  }
}
