import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeDatatrans, type FakeDatatrans } from '../../../test/fake-datatrans.ts';
import { testConfig } from '../../../test/config.ts';
import { AppError } from '../../lib/errors.ts';
import { DatatransProvider } from './datatrans.ts';
import { createWalletProvider, TwintPayments, type TwintOrder } from './twint.ts';
import { TestWalletProvider } from './test-wallet-provider.ts';
import { verifyDatatransSignature } from './webhook-signature.ts';

let fake: FakeDatatrans;
let twint: TwintPayments;
let nextOrder = 1;
const urls = {
  success: 'https://marktgasse.test/#/orders/1?twint=success',
  cancel: 'https://marktgasse.test/#/orders/1?twint=cancel',
  error: 'https://marktgasse.test/#/orders/1?twint=error',
};

beforeAll(async () => {
  fake = await startFakeDatatrans();
  const config = testConfig({
    DATATRANS_MERCHANT_ID: fake.credentials.merchantId,
    DATATRANS_PASSWORD: fake.credentials.password,
    DATATRANS_HMAC_KEY: fake.credentials.hmacKey,
    DATATRANS_API_URL: fake.url,
    DATATRANS_PAY_URL: 'https://pay.sandbox.datatrans.com',
  });
  twint = new TwintPayments(createWalletProvider(config));
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.settleScenario = 'OK';
});

const order = (overrides: Partial<TwintOrder> = {}): TwintOrder => ({
  id: nextOrder++,
  totalRappen: 4_990,
  state: 'unpaid',
  paidWith: null,
  ...overrides,
});

/** The shopper starts a TWINT payment and (unless told otherwise) approves it in the app. */
async function started(o: TwintOrder, approve = true) {
  const checkout = await twint.provider.init(o, urls);
  if (approve) fake.approve(checkout.transactionId);
  return checkout.transactionId;
}

describe('TWINT through Datatrans', () => {
  it('starts a payment for our total, to be settled later, and sends the browser to Datatrans', async () => {
    expect(twint.provider.name).toBe('datatrans');
    const o = order();
    const checkout = await twint.provider.init(o, urls);
    expect(checkout.redirectUrl).toBe(`https://pay.sandbox.datatrans.com/v1/start/${checkout.transactionId}`);
    const tx = fake.transactions.get(checkout.transactionId)!;
    expect(tx).toMatchObject({
      refno: `order-${o.id}`,
      amount: 4_990,
      currency: 'CHF',
      status: 'initialized',
    });
    expect(tx.redirect.successUrl).toBe(urls.success);
    expect(await twint.confirm(o, checkout.transactionId)).toEqual({ outcome: 'pending' });
  });

  it('settles an approved payment once, however many signals arrive at the same time', async () => {
    const o = order();
    const id = await started(o);
    const settleCalls = fake.calls.settle;
    const [webhook, browser] = await Promise.all([twint.confirm(o, id), twint.confirm(o, id)]);
    for (const result of [webhook, browser])
      expect(result).toEqual({
        outcome: 'paid',
        payment: { provider: 'datatrans', reference: id, amountRappen: 4_990, currency: 'CHF' },
      });
    expect(fake.transactions.get(id)).toMatchObject({ status: 'settled', settled: 4_990 });
    expect(fake.calls.settle - settleCalls).toBeLessThanOrEqual(2);
    // The order is paid now: a late webhook or a poll changes nothing.
    const late = await twint.confirm({ ...o, state: 'paid', paidWith: id }, id);
    expect(late).toEqual({ outcome: 'alreadyPaid' });
    expect(fake.transactions.get(id)!.credits).toEqual([]);
  });

  it('asks again, and releases nothing, while Datatrans is still settling the same request', async () => {
    const o = order();
    const id = await started(o);
    fake.busyKeys.add(`settle-${id}`);
    await expect(twint.confirm(o, id)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(fake.transactions.get(id)!.status).toBe('authorized');
    fake.busyKeys.delete(`settle-${id}`);
    await expect(twint.confirm(o, id)).resolves.toMatchObject({ outcome: 'paid' });
  });

  it('settles a second transaction of the same order under its own key', async () => {
    const o = order();
    fake.settleScenario = 'REFUSED';
    const first = await started(o);
    await expect(twint.confirm(o, first)).resolves.toEqual({ outcome: 'failed' });
    fake.settleScenario = 'OK';
    const second = await started(o);
    await expect(twint.confirm(o, second)).resolves.toMatchObject({ outcome: 'paid' });
    expect(fake.transactions.get(second)!.status).toBe('settled');
  });

  it('charges nothing when an authorised payment fails to settle, and releases the authorisation', async () => {
    const o = order();
    const id = await started(o);
    fake.settleScenario = 'REFUSED';
    expect(await twint.confirm(o, id)).toEqual({ outcome: 'failed' });
    expect(fake.transactions.get(id)).toMatchObject({ status: 'canceled', settled: 0 });
  });

  it('takes no money for an order that expired before the webhook came', async () => {
    const o = order({ state: 'closed' });
    const id = await started(o);
    expect(await twint.confirm(o, id)).toEqual({ outcome: 'released' });
    expect(fake.transactions.get(id)).toMatchObject({ status: 'canceled', settled: 0 });
  });

  it('gives money back in full when it was settled for an order that expired meanwhile', async () => {
    const o = order();
    const id = await started(o);
    await twint.confirm(o, id);
    const result = await twint.confirm({ ...o, state: 'closed' }, id);
    expect(result).toMatchObject({ outcome: 'refunded' });
    expect(fake.transactions.get(id)!.credits.map((c) => c.amount)).toEqual([4_990]);
    // Asked again (a second late webhook): the same refund, not a second one.
    await twint.confirm({ ...o, state: 'closed' }, id);
    expect(fake.transactions.get(id)!.credits).toHaveLength(1);
  });

  it('refunds part and then the rest, never more than was settled, and a retry refunds once', async () => {
    const o = order({ totalRappen: 10_000 });
    const id = await started(o);
    await twint.confirm(o, id);
    const part = { transactionId: id, orderId: o.id, amountRappen: 3_000, key: `seller-order-${o.id}` };
    const first = await twint.provider.refund(part);
    expect(await twint.provider.refund(part)).toEqual(first);
    await twint.provider.refund({ ...part, amountRappen: 7_000, key: `order-${o.id}` });
    expect(fake.transactions.get(id)!.credits.map((c) => c.amount)).toEqual([3_000, 7_000]);
    const tooMuch = twint.provider.refund({ ...part, amountRappen: 1, key: `extra-${o.id}` });
    await expect(tooMuch).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('refuses a transaction of another order, and an authorisation for another amount', async () => {
    const mine = order();
    const other = order();
    const id = await started(other);
    await expect(twint.confirm(mine, id)).rejects.toMatchObject({ code: 'CONFLICT' });
    const o = order();
    const checkout = await twint.provider.init(o, urls);
    fake.approve(checkout.transactionId, 100);
    await expect(twint.confirm(o, checkout.transactionId)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(fake.transactions.get(checkout.transactionId)).toMatchObject({ status: 'canceled', settled: 0 });
  });

  it('answers "unavailable" when Datatrans cannot be reached or refuses our credentials', async () => {
    const wrong = new DatatransProvider({
      merchantId: 'x',
      password: 'y',
      apiUrl: fake.url,
      payUrl: 'https://pay.sandbox.datatrans.com',
    });
    await expect(wrong.status('1')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    const away = new DatatransProvider({
      merchantId: 'x',
      password: 'y',
      apiUrl: 'http://127.0.0.1:9',
      payUrl: 'https://pay.sandbox.datatrans.com',
    });
    await expect(away.status('1')).rejects.toBeInstanceOf(AppError);
  });

  it('signs its webhooks so that our verification accepts them, and only them', async () => {
    const o = order();
    const id = await started(o);
    const { body, headers } = fake.webhook(id);
    const key = fake.credentials.hmacKey;
    expect(verifyDatatransSignature(headers['datatrans-signature'], body, key)).toBe(true);
    expect(JSON.parse(body)).toMatchObject({
      transactionId: id,
      status: 'authorized',
      refno: `order-${o.id}`,
    });
    expect(
      verifyDatatransSignature(headers['datatrans-signature'], body.replace('authorized', 'settled'), key),
    ).toBe(false);
  });
});

describe('the built-in test provider for TWINT', () => {
  it('stands in without credentials outside production and completes a payment offline', async () => {
    const provider = createWalletProvider(testConfig());
    expect(provider).toBeInstanceOf(TestWalletProvider);
    const offline = new TwintPayments(provider);
    const o = order();
    const { transactionId, redirectUrl } = await provider.init(o, urls);
    expect(redirectUrl).toBe(urls.success);
    expect(await offline.confirm(o, transactionId)).toMatchObject({
      outcome: 'paid',
      payment: { provider: 'test' },
    });
  });

  it('refuses to run in production', async () => {
    const provider = new TestWalletProvider(true);
    await expect(provider.init(order(), urls)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('will not start with Datatrans credentials but no webhook sign key', () => {
    expect(() => testConfig({ DATATRANS_MERCHANT_ID: '1100012345', DATATRANS_PASSWORD: 'p' })).toThrow(
      /DATATRANS_MERCHANT_ID/,
    );
    expect(() => testConfig({ DATATRANS_HMAC_KEY: 'not hex' })).toThrow(/DATATRANS_HMAC_KEY/);
  });
});
