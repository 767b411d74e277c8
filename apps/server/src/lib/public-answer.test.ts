import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BEST_BROTLI_AFTER_SENDS,
  BEST_BROTLI_MIN_BYTES,
  pickEncoding,
  renderAnswer,
  sendAnswer,
  shouldCheck,
  splitAnswer,
  unpooled,
} from './public-answer.ts';
import { keptPart } from './gzip-splice.ts';

// A large, repetitive answer like the map's: names and places over and over.
const towns = ['Aarau', 'Bern', 'Chur', 'Lugano', 'Sion', 'Zug', 'Thun', 'Biel/Bienne'];
const stores = Array.from({ length: 1500 }, (_, i) => ({
  id: i,
  name: `Velo ${towns[i % towns.length]} ${i % 97}`,
  address: `Bahnhofstrasse ${i % 53}, ${3000 + (i % 700)} ${towns[(i * 7) % towns.length]}`,
  latitude: 46 + ((i * 37) % 1000) / 1000,
  longitude: 7 + ((i * 91) % 1000) / 1000,
}));
const answer = renderAnswer(z.array(z.unknown()), stores);
const app = Fastify();
app.get('/answer', (request, reply) => sendAnswer(request, reply, answer));
afterAll(() => app.close());

describe('public answers', () => {
  it('chooses brotli, else gzip, and respects q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('*')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });

  it('sends a large answer compressed at once (fast), and smaller still once it is hot and the best compression is done', async () => {
    expect(answer.body.length).toBeGreaterThan(BEST_BROTLI_MIN_BYTES);
    const get = () => app.inject({ url: '/answer', headers: { 'accept-encoding': 'br' } });
    const first = await get();
    expect(first.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(first.rawPayload).toString())).toEqual(stores);
    // A long tail of large answers is compressed once, fast: no best-quality pass for a cold answer.
    for (let i = 1; i < BEST_BROTLI_AFTER_SENDS - 1; i++) {
      const again = await get();
      expect(again.rawPayload.length).toBe(first.rawPayload.length);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await get()).rawPayload.length).toBe(first.rawPayload.length);
    let later = await get();
    for (let i = 0; i < 100 && later.rawPayload.length >= first.rawPayload.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      later = await get();
    }
    expect(later.rawPayload.length).toBeLessThan(first.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(later.rawPayload).toString())).toEqual(stores);
    expect(later.headers.etag).toBe(first.headers.etag);
    // A best-quality brotli pass in the background and waits for it: 5 s was too short on a
    // 2-core machine also running browser tests (one failure in ten runs of npm test).
  }, 30_000);
});

describe('kept answers', () => {
  it('hold memory of their own, not a slice of a shared slab that one small answer would pin', () => {
    const product = renderAnswer(z.object({ name: z.string() }), { name: 'Bergkäse' });
    expect(product.body.toString()).toBe('{"name":"Bergkäse"}');
    expect(product.body.buffer.byteLength).toBe(product.body.length);
    const small = Buffer.from('a small answer');
    expect(small.buffer.byteLength).toBeGreaterThan(small.length); // Node's pool
    const own = unpooled(small);
    expect(own.equals(small)).toBe(true);
    expect(own.buffer.byteLength).toBe(own.length);
    const large = Buffer.alloc(64 * 1024, 1);
    expect(unpooled(large)).toBe(large);
  });
});

describe('schema checks of fresh answers', () => {
  it('checks an answer that differs from its schema only when asked to', () => {
    const schema = z.object({ name: z.string() });
    const extra = { name: 'Bergkäse', secret: 'hidden' };
    expect(() => renderAnswer(schema, extra)).toThrow(/differs from its response schema/);
    expect(renderAnswer(schema, extra, false).body.toString()).toBe(JSON.stringify(extra));
  });

  it('checks every answer at share 1, none at 0, and a sample in between', () => {
    expect(shouldCheck(1, () => 0.99)).toBe(true);
    expect(shouldCheck(0, () => 0)).toBe(false);
    expect(shouldCheck(0.01, () => 0.005)).toBe(true);
    expect(shouldCheck(0.01, () => 0.5)).toBe(false);
  });
});

describe('a rendered page of kept parts (decision 308)', () => {
  const first = keptPart(`<!doctype html><style>${'.card{padding:1rem}'.repeat(2000)}</style>`, {
    last: false,
  });
  const last = keptPart('<script src="/a.js"></script></html>', { last: true });
  const page = splitAnswer({ first, middle: '<h1>Bergkäse</h1>', last });
  const pages = Fastify();
  pages.get('/page', (request, reply) => sendAnswer(request, reply, page, 'text/html; charset=utf-8'));
  afterAll(() => pages.close());
  const get = (encoding?: string) =>
    pages.inject({ url: '/page', headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('goes as its joined gzip to a browser that takes brotli and gzip, as brotli or plain to others', async () => {
    const whole = `${first.bytes.toString()}<h1>Bergkäse</h1>${last.bytes.toString()}`;
    const browser = await get('gzip, deflate, br, zstd');
    expect(browser.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(browser.rawPayload).toString()).toBe(whole);
    const brotliOnly = await get('br');
    expect(brotliOnly.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotliOnly.rawPayload).toString()).toBe(whole);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(whole);
    expect(browser.headers.etag).toBe(plain.headers.etag);
  });

  it('has an ETag that changes with any of its parts', () => {
    const tags = [
      page,
      splitAnswer({ first, middle: '<h1>Bergkäse!</h1>', last }),
      splitAnswer({ first: keptPart('<!doctype html>', { last: false }), middle: '<h1>Bergkäse</h1>', last }),
      splitAnswer({ first, middle: '<h1>Bergkäse</h1>', last: keptPart('</html>', { last: true }) }),
    ].map((answer) => answer.etag);
    expect(new Set(tags).size).toBe(4);
    expect(splitAnswer({ first, middle: '<h1>Bergkäse</h1>', last }).etag).toBe(page.etag);
  });
});
