/**
 * ASVS V8 / API1, API3, API5: every route of the server's own route table × six roles against
 * the expectations in matrix.ts. A route without an entry fails; no unexpected 2xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, buildWorld, routeTable, type World } from '../security-fixtures.ts';
import { HIDDEN, MATRIX, runMatrix } from './matrix.ts';

let w: World;
beforeAll(async () => {
  w = await buildWorld();
});
afterAll(async () => {
  await w?.t.close();
});

describe('object- and field-level access', () => {
  it("does not reveal A's order to B in any way: same 404 as for an order that does not exist", async () => {
    const theirs = await w.inject('customerB', { url: `/api/orders/${w.paidOrder.id}/` });
    const none = await w.inject('customerB', { url: '/api/orders/999999/' });
    expect(theirs.statusCode).toBe(404);
    expect(none.statusCode).toBe(404);
    expect(theirs.body).not.toContain(w.users.customerA.username);
    expect(theirs.body).not.toContain(w.users.customerA.email);
  });

  it('never answers a profile, product or store with the e-mail or password hash of its user', async () => {
    const urls = [
      `/api/profiles/${w.users.sellerS.id}/`,
      '/api/profiles/',
      `/api/products/${w.product.id}`,
      `/api/stores/${w.store.id}/`,
      `/api/stores/user/${w.users.sellerS.id}`,
      `/api/stores/user/${w.users.sellerS.id}/summaries/`,
    ];
    for (const url of urls) {
      const res = await w.inject('customerB', { url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(w.users.sellerS.email);
      expect(res.body, url).not.toMatch(/password|scrypt/i);
    }
  });

  it('shows the customer e-mail of an order to its seller and to its customer only', async () => {
    const seller = await w.inject('sellerS', { url: `/api/seller-orders/${w.paidOrder.sellerOrderId}/` });
    expect(seller.statusCode).toBe(200);
    expect(seller.json().customer.email).toBe(w.users.customerA.email);
    const other = await w.inject('sellerT', { url: `/api/seller-orders/${w.paidOrder.sellerOrderId}/` });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(w.users.customerA.email);
  });

  it("refuses T's stock change of S's stock row and leaves the number as it was", async () => {
    const before = await w.inject('anonymous', { url: `/api/stocks/product/${w.product.id}` });
    const res = await w.inject('sellerT', {
      method: 'PUT',
      url: `/api/stocks/${w.stock.id}/`,
      payload: { number: 0 },
    });
    expect([403, 404]).toContain(res.statusCode);
    const after = await w.inject('anonymous', { url: `/api/stocks/product/${w.product.id}` });
    expect(after.json()).toEqual(before.json());
  });

  it('roles: a customer on every seller-only route is refused with 403, never 2xx', async () => {
    const urls: [string, string, unknown?][] = [
      ['GET', '/api/products/myproducts/'],
      ['GET', '/api/stores/mystores/'],
      ['POST', '/api/stores/new/', { name: 'X', latitude: 46.9, longitude: 7.4 }],
      ['POST', '/api/stocks/new/', { store: w.store.id, product: w.product.id, number: 1 }],
      ['GET', '/api/search/?type=my_stores'],
    ];
    for (const [method, url, payload] of urls) {
      const res = await w.inject('customerA', {
        method: method as 'GET',
        url,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('authorization matrix', () => {
  it('has an entry for every route of the route table, and every entry names all six roles', () => {
    const routes = routeTable(w.app);
    expect(routes.length).toBeGreaterThan(30);
    const missing: string[] = [];
    for (const r of routes) {
      const key = `${r.method} ${r.url}`;
      if (HIDDEN.some((h) => h.pattern.test(key))) continue;
      if (!MATRIX[key]) missing.push(key);
    }
    expect(missing, 'routes without an entry in test/security/matrix.ts').toEqual([]);
    for (const [key, cases] of Object.entries(MATRIX))
      for (const c of cases) expect(Object.keys(c.expect).sort(), key).toEqual([...ROLES].sort());
  });

  it('answers every route × role as expected, with zero unexpected 2xx', async () => {
    const result = await runMatrix(w);
    console.info(
      `authorization matrix: ${result.routes} routes, ${result.checks} route × role checks` +
        (result.absent.length ? ` (entries for routes not registered: ${result.absent.join(', ')})` : ''),
    );
    expect(result.failures).toEqual([]);
  }, 600_000);
});
