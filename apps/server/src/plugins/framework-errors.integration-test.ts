/**
 * Issue 31 row 5-6: every refusal answers `{"detail"}` in the caller's language, also those
 * made before a route runs (Node's HTTP parser: 431, 414, 408; Fastify: 413, 415, bad JSON,
 * unknown routes, 405), and numbers in paths and queries are decimal digits only. The raw
 * socket cases run on the production HTTP server (server.ts) with short timeouts.
 */
import net from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../test/build.ts';
import { buildApp } from '../app.ts';
import { createHttpServer } from '../server.ts';

let t: TestApp;
let served: Awaited<ReturnType<typeof buildApp>>;
let port: number;
beforeAll(async () => {
  t = await build();
  const http = createHttpServer({ ...t.config, HTTP_REQUEST_TIMEOUT_MS: 400, HTTP_HEADERS_TIMEOUT_MS: 400 });
  await http.listen(0, '127.0.0.1');
  served = await buildApp({
    config: t.config,
    database: t.database,
    serverFactory: (handler) => {
      http.serve(handler);
      return http.server;
    },
  });
  await served.ready();
  port = (http.server.address() as { port: number }).port;
});
afterAll(async () => {
  await served.close();
  await t.close();
});

/** Sends raw bytes (optionally a second part later) and answers the status and parsed body. */
function rawRequest(
  head: string,
  later?: { afterMs: number; text: string },
): Promise<{ status: number; headers: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head);
      if (later) setTimeout(() => socket.writable && socket.write(later.text), later.afterMs);
    });
    let out = '';
    socket.on('data', (d) => (out += d.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const [headers = '', body = ''] = out.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0);
      try {
        resolve({ status, headers, body: JSON.parse(body) });
      } catch {
        reject(new Error(`not JSON: ${out.slice(0, 300)}`));
      }
    });
  });
}

describe("refusals of Node's HTTP parser, on a raw socket", () => {
  it('a 20 kB header: 431 with detail, in the caller’s language', async () => {
    const res = await rawRequest(
      `GET /api/products/ HTTP/1.1\r\nHost: x\r\nAccept-Language: de-CH\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(res.body).toEqual({ detail: 'Die Kopfzeilen der Anfrage sind zu gross.' });
    expect(res.headers).toMatch(/content-type: application\/json/i);
    const english = await rawRequest(
      `GET /api/products/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(english.body).toEqual({ detail: 'The request headers are too large.' });
  });

  it('an address too long for the parser: 414 with detail', async () => {
    const res = await rawRequest(`GET /api/products/?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res.status).toBe(414);
    expect(res.body).toEqual({ detail: 'The address is too long.' });
  });

  it('a request that does not arrive in time: 408 with detail', async () => {
    const res = await rawRequest(
      'POST /api/users/login/ HTTP/1.1\r\nHost: x\r\nAccept-Language: fr-CH\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{',
    );
    expect(res.status).toBe(408);
    expect(res.body).toEqual({ detail: 'La requête n’est pas arrivée à temps. Veuillez réessayer.' });
  });

  it('a malformed request line: 400 with detail', async () => {
    const res = await rawRequest('GET /api/products/ HTTP/1.1\r\nHost x\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'The request is not valid.' });
  });
});

describe("Fastify's refusals", () => {
  const inject = (options: InjectOptions) => t.app.inject(options);

  it('413, 415 and a body that is not JSON answer detail in the caller’s language', async () => {
    const big = await inject({
      method: 'POST',
      url: '/api/users/login/',
      headers: { 'content-type': 'application/json', 'accept-language': 'it-CH' },
      payload: `{"username":"${'x'.repeat(1_100_000)}"}`,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ detail: 'La richiesta è troppo grande.' });
    const xml = await inject({
      method: 'POST',
      url: '/api/users/login/',
      headers: { 'content-type': 'text/xml' },
      payload: '<login/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ detail: expect.stringContaining('content type') });
    const broken = await inject({
      method: 'POST',
      url: '/api/users/login/',
      headers: { 'content-type': 'application/json', 'accept-language': 'fr-CH' },
      payload: '{"username":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ detail: 'Le corps de la requête n’est pas un JSON valide.' });
  });

  it('an unknown route is 404, a known path with another method 405 naming the allowed ones', async () => {
    const unknown = await inject({ url: '/api/nothing-here/' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'There is no GET /api/nothing-here/.' });
    const wrong = await inject({ url: '/api/users/login/', headers: { 'accept-language': 'de' } });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toContain('POST');
    expect(wrong.json()).toEqual({ detail: 'Diese Methode ist hier nicht erlaubt.' });
    // A mutation without a token is refused as such first (401), before routing.
    const withParam = await inject({ url: '/api/seller-orders/12/send/' });
    expect(withParam.statusCode).toBe(405);
    expect(withParam.headers.allow).toBe('PUT');
  });
});

describe('numbers in queries are decimal digits only', () => {
  it.each(['0x10', '', '1e3', '%205', '+5', '1.0', '-1'])('offset=%s is refused with 400', async (offset) => {
    const res = await t.app.inject({ url: `/api/products/?offset=${offset}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/offset/);
  });

  it('plain digits still page, and the other paged lists refuse the same', async () => {
    expect((await t.app.inject({ url: '/api/products/?offset=0&limit=5' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/products/?offset=16' })).statusCode).toBe(200);
    const search = await t.app.inject({ url: '/api/search/?type=all&search_string=&offset=0x10' });
    expect(search.statusCode).toBe(400);
    const limit = await t.app.inject({ url: '/api/products/?limit=1e1' });
    expect(limit.statusCode).toBe(400);
    const seller = await t.app.inject({
      url: '/api/search/?type=products_by_seller&seller_id=0x1',
      headers: { 'accept-language': 'de-CH' },
    });
    expect(seller.statusCode).toBe(400);
    expect(seller.json().detail).toContain('Eine ID ist eine ganze Zahl über 0.');
  });

  it('ids in paths too', async () => {
    for (const id of ['0x10', '1e1', '%2010']) {
      const res = await t.app.inject({ url: `/api/products/${id}/` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: expect.stringContaining('not a valid product id') });
    }
  });
});
