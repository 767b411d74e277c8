/**
 * ASVS V16, API9/API10: security events are structured log lines (JSON, pino) with the
 * request id, and no log line ever holds a password or an access token. The app's logger
 * writes to process.stdout; the test captures it by replacing stdout's write before the app
 * is built (pino then writes through process.stdout instead of its own file descriptor).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../build.ts';
import { registerUser, type TestUser } from '../fixtures.ts';
import { orderBody } from '../security-fixtures.ts';
import { insertProduct, insertStore, setStock } from '../order-builders.ts';

const lines: string[] = [];
const originalWrite = process.stdout.write.bind(process.stdout);
let t: TestApp;
let customer: TestUser;
let seller: TestUser;
const PASSWORD = 'Very-Secret-Passw0rd!';

interface LogLine {
  level: number;
  reqId?: string;
  audit?: string;
  msg?: string;
  [key: string]: unknown;
}
const parsed = (): LogLine[] =>
  lines
    .flatMap((chunk) => chunk.split('\n'))
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);

beforeAll(async () => {
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (text.startsWith('{"level"')) {
      lines.push(text);
      return true;
    }
    return (originalWrite as (c: unknown, ...r: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;
  t = await build({ LOG_LEVEL: 'info' });
  customer = await registerUser(t.app, { status: 'CUSTOMER', password: PASSWORD });
  seller = await registerUser(t.app, { status: 'STORE_OWNER', password: PASSWORD });
});
afterAll(async () => {
  await t?.close();
  process.stdout.write = originalWrite;
});

function auditLines(kind: string, reqId: string): LogLine[] {
  return parsed().filter((l) => l.audit === kind && l.reqId === reqId);
}

describe('audit log', () => {
  it('logs a failed login with the request id and the username, never the password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      headers: { 'x-request-id': 'audit-login-1' },
      payload: { username: customer.username, password: `${PASSWORD}-wrong` },
    });
    expect(res.statusCode).toBe(401);
    const [line] = auditLines('login-failed', 'audit-login-1');
    expect(line).toBeDefined();
    expect(line!.level).toBeGreaterThanOrEqual(40);
    expect(JSON.stringify(line)).toContain(customer.username);
  });

  it('logs refused authorizations (401 forged token, 403 wrong role) with the request id and the user', async () => {
    const forged = `${customer.token.slice(0, -4)}AAAA`;
    const r401 = await t.app.inject({
      url: '/api/users/me/',
      headers: { authorization: `Bearer ${forged}`, 'x-request-id': 'audit-401' },
    });
    expect(r401.statusCode).toBe(401);
    const [a] = auditLines('access-refused', 'audit-401');
    expect(a).toMatchObject({ status: 401, url: '/api/users/me/' });
    const r403 = await t.app.inject({
      url: '/api/stores/mystores/',
      headers: { ...customer.auth, 'x-request-id': 'audit-403' },
    });
    expect(r403.statusCode).toBe(403);
    const [b] = auditLines('access-refused', 'audit-403');
    expect(b).toMatchObject({ status: 403, userId: customer.id });
  });

  it("logs a customer's probe of someone else's order (404) with the caller's id", async () => {
    const probe = await t.app.inject({
      url: '/api/orders/424242/',
      headers: { ...seller.auth, 'x-request-id': 'audit-404' },
    });
    expect(probe.statusCode).toBe(404);
    expect(auditLines('not-found-for-user', 'audit-404')[0]).toMatchObject({
      userId: seller.id,
      status: 404,
    });
  });

  it('logs a payment and deletions (product, store, account) with the request id', async () => {
    const db = t.database.db;
    const store = await insertStore(db, seller.id);
    const product = await insertProduct(db, seller.id, { price: '20.00' });
    await setStock(db, store.id, product.id, 10);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/add/',
      headers: customer.auth,
      payload: orderBody(product.id, '20.00', [{ quantity: 1 }]),
    });
    expect(placed.statusCode).toBe(201);
    const pay = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${placed.json().id}/pay/`,
      headers: { ...customer.auth, 'x-request-id': 'audit-pay' },
    });
    expect(pay.statusCode).toBe(200);
    expect(auditLines('order-paid', 'audit-pay')[0]).toMatchObject({
      orderId: placed.json().id,
      userId: customer.id,
    });

    const other = await insertProduct(db, seller.id);
    const delProduct = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${other.id}/`,
      headers: { ...seller.auth, 'x-request-id': 'audit-del-product' },
    });
    expect(delProduct.statusCode).toBe(204);
    expect(auditLines('product-deleted', 'audit-del-product')).toHaveLength(1);

    const emptyStore = await insertStore(db, seller.id);
    const delStore = await t.app.inject({
      method: 'DELETE',
      url: `/api/stores/${emptyStore.id}/`,
      headers: { ...seller.auth, 'x-request-id': 'audit-del-store' },
    });
    expect(delStore.statusCode).toBe(204);
    expect(auditLines('store-deleted', 'audit-del-store')).toHaveLength(1);

    const leaving = await registerUser(t.app, { status: 'CUSTOMER', password: PASSWORD });
    const delAccount = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${leaving.id}/`,
      headers: { ...leaving.auth, 'x-request-id': 'audit-del-account' },
    });
    expect(delAccount.statusCode).toBe(204);
    expect(auditLines('account-deleted', 'audit-del-account')[0]).toMatchObject({ userId: leaving.id });
  });

  it('never writes a password or an access token into any log line', async () => {
    const all = lines.join('');
    expect(parsed().length).toBeGreaterThan(10);
    expect(all).not.toContain(PASSWORD);
    for (const token of [customer.token, seller.token]) {
      expect(all).not.toContain(token);
      expect(all).not.toContain(token.split('.')[2]!);
    }
    expect(all).not.toMatch(/scrypt\$|password_hash|passwordHash/);
    // Every line is structured and carries a request id when it belongs to a request.
    for (const line of parsed())
      if (line.audit) expect(line.reqId, JSON.stringify(line)).toEqual(expect.any(String));
  });
});
