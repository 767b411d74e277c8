/**
 * A local stand-in for PayPal's REST API (OAuth2 token, Orders v2 create / capture / get,
 * Payments v2 capture refunds),
 * so payment tests run offline. `scenario` decides how the next captures answer. Like
 * PayPal, a capture repeated with the same PayPal-Request-Id answers the first result.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeScenario =
  | 'COMPLETED'
  | 'PENDING'
  /** 422 INSTRUMENT_DECLINED, PayPal's usual answer for a refused card. */
  | 'DENIED'
  /** 201, but the capture itself has status DECLINED. */
  | 'DECLINED'
  /** The capture completes for a different amount than the order's. */
  | 'AMOUNT_MISMATCH'
  /** The order was captured before (e.g. by a crashed attempt): 422 ORDER_ALREADY_CAPTURED. */
  | 'ORDER_ALREADY_CAPTURED'
  | 'SERVER_ERROR';

/** How the next refunds answer: done, or refused with PayPal's 422 (e.g. a disputed capture). */
export type FakeRefundScenario = 'COMPLETED' | 'REFUSED' | 'SERVER_ERROR';

export interface FakeRefund {
  id: string;
  captureId: string;
  value: string;
  currency: string;
  requestId: string | null;
}

interface FakeOrder {
  id: string;
  referenceId: string;
  currency: string;
  value: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  captures: { id: string; status: string; amount: { currency_code: string; value: string } }[];
}

export interface FakePayPal {
  url: string;
  scenario: FakeScenario;
  /** Capture requests received (including repeats with the same request id). */
  captureCalls: number;
  /** Create-order requests received. */
  createCalls: number;
  orders: Map<string, FakeOrder>;
  /**
   * Holds the next captures until `release()`: `arrived` settles once one has reached PayPal,
   * so a test can act while a capture is in flight without guessing how long the server takes.
   */
  holdCaptures(): { arrived: Promise<void>; release(): void };
  /** Lets every held capture go (after a test that failed before releasing its own). */
  releaseCaptures(): void;
  refundScenario: FakeRefundScenario;
  /** Refunds made (a repeat with the same PayPal-Request-Id answers the first and adds none). */
  refunds: FakeRefund[];
  /** Refund requests received, repeats included. */
  refundCalls: number;
  close(): Promise<void>;
}

const TOKEN = 'fake-access-token';

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakePayPal(
  credentials = { clientId: 'x', clientSecret: 'y' },
): Promise<FakePayPal> {
  let sequence = 0;
  const byRequestId = new Map<string, { status: number; body: unknown }>();
  let captureGate: { arrive(): void; released: Promise<void>; release(): void } | null = null;
  const state = {
    scenario: 'COMPLETED' as FakeScenario,
    captureCalls: 0,
    createCalls: 0,
    orders: new Map<string, FakeOrder>(),
    refundScenario: 'COMPLETED' as FakeRefundScenario,
    refunds: [] as FakeRefund[],
    refundCalls: 0,
  };

  /** Refunds part or all of a completed capture, never more than what is left of it. */
  function refund(
    captureId: string,
    raw: string,
    requestId: string | null,
  ): { status: number; body: unknown } {
    const captured = [...state.orders.values()]
      .flatMap((o) => o.captures)
      .find((c) => c.id === captureId && c.status === 'COMPLETED');
    if (!captured)
      return {
        status: 404,
        body: { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] },
      };
    if (state.refundScenario === 'SERVER_ERROR')
      return { status: 500, body: { name: 'INTERNAL_SERVER_ERROR' } };
    if (state.refundScenario === 'REFUSED') return unprocessable('REFUND_NOT_ALLOWED');
    const body = JSON.parse(raw || '{}') as { amount?: { value?: string; currency_code?: string } };
    const cents = (v: string) => Math.round(Number(v) * 100);
    const value = body.amount?.value ?? captured.amount.value;
    const before = state.refunds
      .filter((r) => r.captureId === captureId)
      .reduce((n, r) => n + cents(r.value), 0);
    if (before + cents(value) > cents(captured.amount.value)) return unprocessable('REFUND_AMOUNT_EXCEEDED');
    const made: FakeRefund = {
      id: `REF${++sequence}`,
      captureId,
      value,
      currency: body.amount?.currency_code ?? captured.amount.currency_code,
      requestId,
    };
    state.refunds.push(made);
    return {
      status: 201,
      body: { id: made.id, status: 'COMPLETED', amount: { value: made.value, currency_code: made.currency } },
    };
  }

  const view = (o: FakeOrder) => ({
    id: o.id,
    status: o.status,
    purchase_units: [
      {
        reference_id: o.referenceId,
        amount: { currency_code: o.currency, value: o.value },
        payments: { captures: o.captures },
      },
    ],
  });
  const unprocessable = (issue: string) => ({
    status: 422,
    body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue, description: issue }] },
  });

  function capture(order: FakeOrder): { status: number; body: unknown } {
    const captureId = `CAP${++sequence}`;
    switch (state.scenario) {
      case 'SERVER_ERROR':
        return { status: 500, body: { name: 'INTERNAL_SERVER_ERROR' } };
      case 'DENIED':
        return unprocessable('INSTRUMENT_DECLINED');
      case 'ORDER_ALREADY_CAPTURED':
        if (order.captures.length === 0) {
          order.status = 'COMPLETED';
          order.captures.push({
            id: captureId,
            status: 'COMPLETED',
            amount: { currency_code: order.currency, value: order.value },
          });
        }
        return unprocessable('ORDER_ALREADY_CAPTURED');
      case 'PENDING':
        order.status = 'COMPLETED';
        order.captures = [
          { id: captureId, status: 'PENDING', amount: { currency_code: order.currency, value: order.value } },
        ];
        return { status: 201, body: view(order) };
      case 'DECLINED':
        order.status = 'COMPLETED';
        order.captures = [
          {
            id: captureId,
            status: 'DECLINED',
            amount: { currency_code: order.currency, value: order.value },
          },
        ];
        return { status: 201, body: view(order) };
      case 'AMOUNT_MISMATCH':
        order.status = 'COMPLETED';
        order.captures = [
          { id: captureId, status: 'COMPLETED', amount: { currency_code: order.currency, value: '1.00' } },
        ];
        return { status: 201, body: view(order) };
      default:
        if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_CAPTURED');
        order.status = 'COMPLETED';
        order.captures = [
          {
            id: captureId,
            status: 'COMPLETED',
            amount: { currency_code: order.currency, value: order.value },
          },
        ];
        return { status: 201, body: view(order) };
    }
  }

  const server: Server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'POST' && url.pathname === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected || !raw.includes('grant_type=client_credentials')) {
        return send(401, { error: 'invalid_client' });
      }
      return send(200, { access_token: TOKEN, token_type: 'Bearer', expires_in: 32400 });
    }
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return send(401, { name: 'AUTHENTICATION_FAILURE' });

    if (req.method === 'POST' && url.pathname === '/v2/checkout/orders') {
      state.createCalls += 1;
      const requestId = req.headers['paypal-request-id'];
      const key = typeof requestId === 'string' ? `create:${requestId}` : null;
      if (key && byRequestId.has(key)) {
        const cached = byRequestId.get(key)!;
        return send(cached.status, cached.body);
      }
      const body = JSON.parse(raw || '{}') as {
        intent?: string;
        purchase_units?: { reference_id?: string; amount?: { currency_code?: string; value?: string } }[];
      };
      const unit = body.purchase_units?.[0];
      if (body.intent !== 'CAPTURE' || !unit?.amount?.value || !unit.amount.currency_code) {
        return send(400, { name: 'INVALID_REQUEST' });
      }
      const order: FakeOrder = {
        id: `PP${Date.now().toString(36).toUpperCase()}${++sequence}`,
        referenceId: unit.reference_id ?? 'default',
        currency: unit.amount.currency_code,
        value: unit.amount.value,
        // The buyer's approval in the browser is not simulated: orders are approved at once.
        status: 'APPROVED',
        captures: [],
      };
      state.orders.set(order.id, order);
      const answer = { status: 201, body: { id: order.id, status: 'CREATED' } };
      if (key) byRequestId.set(key, answer);
      return send(answer.status, answer.body);
    }

    const refundMatch = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(url.pathname);
    if (req.method === 'POST' && refundMatch) {
      state.refundCalls += 1;
      const requestId = req.headers['paypal-request-id'];
      const key = typeof requestId === 'string' ? `refund:${requestId}` : null;
      if (key && byRequestId.has(key)) {
        const cached = byRequestId.get(key)!;
        return send(cached.status, cached.body);
      }
      const answer = refund(
        decodeURIComponent(refundMatch[1]!),
        raw,
        typeof requestId === 'string' ? requestId : null,
      );
      if (key && answer.status < 300) byRequestId.set(key, answer);
      return send(answer.status, answer.body);
    }

    const match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(url.pathname);
    const order = match ? state.orders.get(decodeURIComponent(match[1]!)) : undefined;
    if (match && !order)
      return send(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
    if (req.method === 'GET' && order && !match![2]) return send(200, view(order));
    if (req.method === 'POST' && order && match![2]) {
      state.captureCalls += 1;
      const requestId = req.headers['paypal-request-id'];
      const key = typeof requestId === 'string' ? `capture:${requestId}` : null;
      if (key && byRequestId.has(key)) {
        const cached = byRequestId.get(key)!;
        return send(cached.status, cached.body);
      }
      if (captureGate) {
        captureGate.arrive();
        await captureGate.released;
      }
      const answer = capture(order);
      if (key && answer.status < 500) byRequestId.set(key, answer);
      return send(answer.status, answer.body);
    }
    return send(404, { name: 'NOT_FOUND' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakePayPal = {
    url: `http://127.0.0.1:${port}`,
    get scenario() {
      return state.scenario;
    },
    set scenario(value: FakeScenario) {
      state.scenario = value;
    },
    get captureCalls() {
      return state.captureCalls;
    },
    set captureCalls(value: number) {
      state.captureCalls = value;
    },
    get createCalls() {
      return state.createCalls;
    },
    set createCalls(value: number) {
      state.createCalls = value;
    },
    orders: state.orders,
    holdCaptures() {
      let arrive!: () => void;
      let release!: () => void;
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const gate = { arrive, released, release };
      captureGate = gate;
      return {
        arrived,
        release: () => {
          if (captureGate === gate) captureGate = null;
          release();
        },
      };
    },
    releaseCaptures() {
      captureGate?.release();
      captureGate = null;
    },
    get refundScenario() {
      return state.refundScenario;
    },
    set refundScenario(value: FakeRefundScenario) {
      state.refundScenario = value;
    },
    refunds: state.refunds,
    get refundCalls() {
      return state.refundCalls;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
