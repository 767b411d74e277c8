/** Every §7 call is in the OpenAPI document a client generator would read. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpecClient, startServer, type SpecServer } from './spec-client.ts';

/** §7 paths with their methods, in OpenAPI's `{id}` spelling. */
const SPEC_CALLS: [string, string][] = [
  ['post', '/api/users/login/'],
  ['post', '/api/users/registration/'],
  ['post', '/api/profiles/new/'],
  ['get', '/api/users/me/'],
  ['get', '/api/users/'],
  ['delete', '/api/users/{id}/'],
  ['get', '/api/profiles/{id}/'],
  ['patch', '/api/profiles/{id}/'],
  ['get', '/api/products/latest-reviews/'],
  ['get', '/api/products/latest-products/'],
  ['get', '/api/profiles/latest-sellers/'],
  ['get', '/api/products/categories/'],
  ['get', '/api/products/'],
  ['get', '/api/profiles/sellers/'],
  ['get', '/api/profiles/'],
  ['get', '/api/search/'],
  ['get', '/api/stores/mystores/'],
  ['get', '/api/stores/user/{id}'],
  ['delete', '/api/stores/{id}/'],
  ['post', '/api/stores/new/'],
  ['get', '/api/products/myproducts/'],
  ['get', '/api/products/user/{id}'],
  ['get', '/api/products/{id}'],
  ['delete', '/api/products/{id}/'],
  ['post', '/api/products/new/'],
  ['get', '/api/products/reviews/{id}'],
  ['post', '/api/products/{id}/reviews/'],
  ['get', '/api/stocks/'],
  ['get', '/api/stocks/store/{id}'],
  ['get', '/api/stocks/product/{id}'],
  ['post', '/api/stocks/new/'],
  ['put', '/api/stocks/{id}/'],
  ['post', '/api/orders/add/'],
  ['get', '/api/orders/{id}/'],
  ['get', '/api/orders/myorders/'],
  ['put', '/api/orders/{id}/pay/'],
  ['get', '/api/seller-orders/myorders/'],
  ['get', '/api/seller-orders/{id}/'],
  ['put', '/api/seller-orders/{id}/send/'],
  ['put', '/api/seller-orders/{id}/complete/'],
  ['put', '/api/orders/order-items/{id}/retrieve/'],
];

let server: SpecServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/openapi.json', () => {
  it('documents every §7 call', async () => {
    const doc = await new SpecClient(server.url).get<{ paths: Record<string, Record<string, unknown>> }>(
      '/api/openapi.json',
    );
    expect(doc.status).toBe(200);
    const missing = SPEC_CALLS.filter(([method, path]) => !doc.body.paths[path]?.[method]).map(
      ([method, path]) => `${method.toUpperCase()} ${path}`,
    );
    expect(missing).toEqual([]);
  });
});
