/**
 * A local stand-in for Datatrans' REST API (v1 transactions: init, status, settle, cancel,
 * credit) and its signed webhooks, so TWINT tests run offline. The shopper's approval in the
 * TWINT app is `approve(transactionId)`; `settleScenario` makes settlement fail (the acquirer
 * refuses an authorised payment). Like Datatrans, a request repeated with the same
 * Idempotency-Key answers the first result (the key alone names the request: another path or
 * body under a used key is a 422), and a key whose first request is still being processed
 * (`busyKeys`) answers 409.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { datatransSignatureHeader } from '../src/modules/payments/webhook-signature.ts';

export type FakeTransactionStatus = 'initialized' | 'authorized' | 'settled' | 'canceled' | 'failed';

export interface FakeTransaction {
  transactionId: string;
  refno: string;
  currency: string;
  amount: number;
  status: FakeTransactionStatus;
  settled: number;
  redirect: { successUrl?: string; cancelUrl?: string; errorUrl?: string };
  credits: { transactionId: string; amount: number; idempotencyKey: string | null }[];
}

export interface FakeDatatrans {
  url: string;
  credentials: { merchantId: string; password: string; hmacKey: string };
  transactions: Map<string, FakeTransaction>;
  /** How the next settlements answer: taken, or refused by the acquirer. */
  settleScenario: 'OK' | 'REFUSED';
  /** Keys whose first request Datatrans is still processing: a request with one answers 409. */
  busyKeys: Set<string>;
  /** Requests received per endpoint (repeats included). */
  calls: Record<'init' | 'status' | 'settle' | 'cancel' | 'credit', number>;
  /** The shopper approves in the TWINT app: the transaction is authorised. */
  approve(transactionId: string, amount?: number): void;
  /** The webhook Datatrans would send now for the transaction: raw body and signed headers. */
  webhook(transactionId: string, at?: number): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const error = (status: number, code: string, message: string) => ({
  status,
  body: { error: { code, message } },
});

function view(t: FakeTransaction) {
  return {
    transactionId: t.transactionId,
    type: 'payment',
    status: t.status,
    refno: t.refno,
    currency: t.currency,
    paymentMethod: 'TWI',
    detail: {
      init: { expires: '2026-12-31T00:00:00Z' },
      ...(t.status === 'initialized' ? {} : { authorize: { amount: t.amount } }),
      ...(t.settled > 0 ? { settle: { amount: t.settled } } : {}),
    },
  };
}

export async function startFakeDatatrans(
  credentials = { merchantId: '1100012345', password: 'fake-password', hmacKey: 'a1'.repeat(32) },
): Promise<FakeDatatrans> {
  let sequence = 0;
  /** What each Idempotency-Key was first used for, and what it answered (errors too, as Datatrans). */
  const byKey = new Map<string, { request: string; answer: { status: number; body: unknown } }>();
  const state = {
    transactions: new Map<string, FakeTransaction>(),
    settleScenario: 'OK' as 'OK' | 'REFUSED',
    busyKeys: new Set<string>(),
    calls: { init: 0, status: 0, settle: 0, cancel: 0, credit: 0 },
  };

  function init(raw: string) {
    const body = JSON.parse(raw || '{}') as {
      currency?: string;
      refno?: string;
      amount?: number;
      paymentMethods?: string[];
      autoSettle?: boolean;
      redirect?: FakeTransaction['redirect'];
    };
    if (
      !body.currency ||
      !body.refno ||
      !Number.isInteger(body.amount) ||
      !body.paymentMethods?.includes('TWI')
    )
      return error(400, 'INVALID_PROPERTY', 'init: currency, refno, amount and TWI are required');
    const transactionId = String(260_000_000_000_000 + ++sequence);
    state.transactions.set(transactionId, {
      transactionId,
      refno: body.refno,
      currency: body.currency,
      amount: body.amount!,
      status: 'initialized',
      settled: 0,
      redirect: body.redirect ?? {},
      credits: [],
    });
    return { status: 201, body: { transactionId } };
  }

  function settle(t: FakeTransaction, raw: string) {
    const body = JSON.parse(raw || '{}') as { amount?: number; currency?: string };
    if (t.status === 'settled') return { status: 204, body: null };
    if (t.status !== 'authorized') return error(400, 'TRANSACTION_NOT_SETTLEABLE', `status ${t.status}`);
    if (body.currency !== t.currency || !body.amount || body.amount > t.amount)
      return error(400, 'INVALID_PROPERTY', 'settle: amount or currency');
    if (state.settleScenario === 'REFUSED') return error(400, 'SETTLE_DECLINED', 'declined by the acquirer');
    t.status = 'settled';
    t.settled = body.amount;
    return { status: 204, body: null };
  }

  function credit(t: FakeTransaction, raw: string, key: string | null) {
    const body = JSON.parse(raw || '{}') as { amount?: number; currency?: string };
    if (t.status !== 'settled') return error(400, 'TRANSACTION_NOT_CREDITABLE', `status ${t.status}`);
    const before = t.credits.reduce((n, c) => n + c.amount, 0);
    if (!body.amount || body.amount <= 0 || before + body.amount > t.settled)
      return error(400, 'AMOUNT_EXCEEDED', 'credit exceeds what was settled');
    const made = {
      transactionId: String(270_000_000_000_000 + ++sequence),
      amount: body.amount,
      idempotencyKey: key,
    };
    t.credits.push(made);
    return { status: 200, body: { transactionId: made.transactionId } };
  }

  function route(method: string, path: string, raw: string, key: string | null) {
    if (method === 'POST' && path === '/v1/transactions') {
      state.calls.init += 1;
      return init(raw);
    }
    const match = /^\/v1\/transactions\/(\d+)(?:\/(settle|cancel|credit))?$/.exec(path);
    const t = match ? state.transactions.get(match[1]!) : undefined;
    if (!match) return error(404, 'NOT_FOUND', path);
    const action = match[2];
    if (action) state.calls[action as 'settle' | 'cancel' | 'credit'] += 1;
    else state.calls.status += 1;
    if (!t) return error(404, 'TRANSACTION_NOT_FOUND', match[1]!);
    if (method === 'GET' && !action) return { status: 200, body: view(t) };
    if (method !== 'POST') return error(405, 'METHOD_NOT_ALLOWED', method);
    if (action === 'settle') return settle(t, raw);
    if (action === 'credit') return credit(t, raw, key);
    if (t.status === 'settled') return error(400, 'TRANSACTION_NOT_CANCELABLE', 'settled');
    t.status = 'canceled';
    return { status: 204, body: null };
  }

  const expectedAuth = `Basic ${Buffer.from(`${credentials.merchantId}:${credentials.password}`).toString('base64')}`;
  const server: Server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, body === null ? {} : { 'content-type': 'application/json' });
      res.end(body === null ? undefined : JSON.stringify(body));
    };
    if (req.headers.authorization !== expectedAuth)
      return send(401, { error: { code: 'UNAUTHORIZED', message: 'bad credentials' } });
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const header = req.headers['idempotency-key'];
    const key = typeof header === 'string' ? header : null;
    const request = `${req.method} ${path} ${raw}`;
    if (key && state.busyKeys.has(key))
      return send(409, { error: { code: 'CONFLICT', message: 'a request with this key is in progress' } });
    const first = key ? byKey.get(key) : undefined;
    if (first && first.request !== request)
      return send(422, {
        error: { code: 'UNPROCESSABLE_ENTITY', message: 'the key was used for another request' },
      });
    if (first) return send(first.answer.status, first.answer.body);
    const answer = route(req.method ?? 'GET', path, raw, key);
    if (key) byKey.set(key, { request, answer });
    send(answer.status, answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    credentials,
    approve(transactionId: string, amount?: number) {
      const t = state.transactions.get(transactionId);
      if (!t || t.status !== 'initialized') throw new Error(`cannot approve ${transactionId}`);
      t.status = 'authorized';
      if (amount !== undefined) t.amount = amount;
    },
    webhook(transactionId: string, at = Date.now()) {
      const t = state.transactions.get(transactionId);
      if (!t) throw new Error(`no transaction ${transactionId}`);
      const body = JSON.stringify(view(t));
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'datatrans-signature': datatransSignatureHeader(credentials.hmacKey, at, body),
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
