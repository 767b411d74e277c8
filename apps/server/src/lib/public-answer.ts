/**
 * Anonymous catalogue and search answers, kept ready to send. The answer is rendered once
 * (checked and stripped by the route's response schema, as the serializer would, then
 * JSON.stringify), hashed into a weak ETag and held in the short-lived read cache that every
 * catalogue write invalidates. Concurrent misses of one key share a single load, so an expired
 * entry costs one database round instead of one per waiting client.
 *
 * HTTP: anonymous answers are `public, no-cache` with the ETag (browsers and proxies revalidate
 * every time and get a 304 while nothing changed, so a write is visible at once); answers to a
 * request that carries credentials are `private, no-store` and never get an ETag.
 *
 * Compression: a rendered answer is compressed at most once per encoding (brotli or gzip, off
 * the event loop) and the bytes are kept with it; the compress plugin would otherwise compress
 * the same bytes again, synchronously, for every browser that asks (420 KB per map request).
 */
import { createHash } from 'node:crypto';
import { isDeepStrictEqual, promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  constants as zlibConstants,
  gzip,
  gzipSync,
  type BrotliOptions,
} from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  crcWithLast,
  inflatedMiddle,
  joinedCrc,
  joinedGzip,
  splicedGzip,
  type KeptPart,
} from './gzip-splice.ts';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { Config } from '../config/env.ts';
import type { ReadCache } from './read-cache.ts';

/** What the answer cache needs of the app context (lib/ sits below the modules and the app). */
export interface AnswerContext {
  cache: ReadCache;
  config: Pick<Config, 'ANSWER_CHECK_SHARE'>;
}

export interface RenderedAnswer {
  /** UTF-8 bytes: a string would be encoded again on every send. A page's joins its parts when first asked for. */
  readonly body: Buffer;
  /** The body's length in bytes. */
  size: number;
  /** The bytes the answer holds of its own (a page's kept parts are shared): what a cache weighs. */
  held: number;
  etag: string;
  /** The body compressed, made on the first request that accepts the encoding. */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  /** Compressed sends so far: only a hot answer earns brotli's best quality. */
  sends?: number;
  /** An answer of kept parts (a rendered page): its gzip is joined from them (gzip-splice.ts). */
  parts?: { first: KeptPart; own: Buffer; last: KeptPart; crc: number; deflated?: Buffer };
}

type Encoding = 'br' | 'gzip';
/** Smaller answers go as they are: compressing them gains less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;
const brotliOptions = (quality: number, body: Buffer): BrotliOptions => ({
  params: {
    [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
    [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
    [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
  },
});
const brotli = (quality: number) => (body: Buffer) =>
  promisify(brotliCompress)(body, brotliOptions(quality, body));
/**
 * Answers up to this size are compressed on the event loop. Node's asynchronous zlib builds a
 * stream and hands each chunk to the thread pool and back; for a list page (10 KB) that cost
 * the event loop more than compressing it there (180 against 120 µs) and the machine four
 * times the CPU, at every size measured up to 113 KB (decision 194). At quality 3, 256 KB takes
 * about 1.5 ms; larger answers (the map) still go to the thread pool.
 */
export const SYNC_COMPRESS_MAX_BYTES = 256 * 1024;
/**
 * A kept buffer with memory of its own. Node hands out small buffers as slices of shared 8 KB
 * slabs; one kept answer pins its whole slab, so a cache of small answers held several times
 * its size (decision 151).
 */
export function unpooled(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  // Quality 3: smaller than gzip's 6 at about its cost. From quality 4 brotli switches to
  // heavier match finders: a list page at 4 or 5 gained 2-6 % in size and halved the rate of
  // random list pages (755 vs 1,047 req/s at 3; decision 151). Its best, 11, is for hot answers.
  br: (body) =>
    body.length <= SYNC_COMPRESS_MAX_BYTES
      ? Promise.resolve(brotliCompressSync(body, brotliOptions(3, body)))
      : brotli(3)(body),
  gzip: (body) =>
    body.length <= SYNC_COMPRESS_MAX_BYTES
      ? Promise.resolve(gzipSync(body, { level: 6 }))
      : promisify(gzip)(body, { level: 6 }),
};
/**
 * Large answers (the map: 240 KB of JSON) live long, because an answer whose bytes did not
 * change keeps its compressed forms across cache generations: a hot one (sent compressed
 * BEST_BROTLI_AFTER_SENDS times) is compressed again at brotli's best quality in the
 * background (the map: about 19 KB at a fast quality, 13.8 KB at 11, in under a second of a worker
 * thread) and sent that way once ready. A long tail of large answers (a crawler over seller
 * pages) never pays that: each is compressed once, at quality 3, in a fraction of a millisecond
 * (decision 151).
 */
export const BEST_BROTLI_MIN_BYTES = 32 * 1024;
export const BEST_BROTLI_AFTER_SENDS = 50;

/** The encodings an Accept-Encoding header accepts (one listed with q=0 is refused). */
function acceptedEncodings(acceptEncoding: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  return accepted;
}

/** Brotli, else gzip, else none, of the accepted encodings. */
function preferred(accepted: Set<string>): Encoding | null {
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** The encoding to send for an Accept-Encoding header: brotli, else gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  return preferred(acceptedEncodings(acceptEncoding));
}

/**
 * An answer of kept parts goes as their joined gzip, which costs a fraction of compressing the
 * whole with brotli, until it is hot and its best brotli is made (decision 308).
 */
function encodingFor(answer: RenderedAnswer, acceptEncoding: string | undefined): Encoding | null {
  if (answer.size < COMPRESS_MIN_BYTES) return null;
  const accepted = acceptedEncodings(acceptEncoding);
  const picked = preferred(accepted);
  if (picked !== 'br' || !answer.parts || answer.encoded.br) return picked;
  return accepted.has('gzip') || accepted.has('*') ? 'gzip' : 'br';
}

/** Once sent compressed often enough, a large answer is compressed at brotli's best, aside. */
function bestBrotliWhenHot(answer: RenderedAnswer, encoding: Encoding): void {
  if (answer.sends !== BEST_BROTLI_AFTER_SENDS || answer.size < BEST_BROTLI_MIN_BYTES) return;
  const fast = answer.encoded.br;
  // Brotli's best replaces its fast bytes, or, for a page of kept parts, its joined gzip.
  if (encoding === 'br' ? !fast : !answer.parts) return;
  void Promise.resolve(fast)
    .then(() => brotli(11)(answer.body))
    .then((best) => {
      if (answer.encoded.br === fast) answer.encoded.br = Promise.resolve(best);
    })
    // The fast bytes stay in use; a failed compression is not an answer's failure.
    .catch(() => undefined);
}

function encodedBody(answer: RenderedAnswer, encoding: Encoding): Promise<Buffer> {
  let bytes = answer.encoded[encoding];
  answer.sends = (answer.sends ?? 0) + 1;
  if (!bytes) {
    const parts = answer.parts;
    bytes =
      encoding === 'gzip' && parts
        ? Promise.resolve(
            parts.deflated
              ? joinedGzip(
                  parts.first,
                  {
                    deflated: parts.deflated,
                    size: answer.size - parts.first.bytes.length - parts.last.bytes.length,
                  },
                  parts.last,
                  parts.crc,
                )
              : splicedGzip(parts.first, parts.own, parts.last, parts.crc),
          )
        : compressors[encoding](answer.body).then(unpooled);
    answer.encoded[encoding] = bytes;
  } else bestBrotliWhenHot(answer, encoding);
  return bytes;
}

interface Flight {
  token: object;
  promise: Promise<RenderedAnswer>;
}

/** A marker object the read cache hands out until its next invalidation (or expiry). */
const GENERATION_KEY = 'public-answer:generation';
const flights = new WeakMap<AnswerContext, Map<string, Flight>>();
/**
 * The last answer rendered for each key: an unchanged answer keeps its ETag and compressed
 * bytes. Least recently used first out, so a long tail never pushes out the hot answers; bounded
 * by bytes like the read cache (2,000 answers of a seller's 48 products were 100 MB).
 */
const lastRendered = new WeakMap<AnswerContext, LRUCache<string, RenderedAnswer>>();
const KEPT_ANSWERS_BYTES = 16 * 1024 * 1024;
const keptSize = (answer: RenderedAnswer) => Math.ceil(answer.held * 1.3) + 200;

/** The same bytes: a page's of the same kept parts (by their digests) and its own the same. */
function sameBytes(a: RenderedAnswer, b: RenderedAnswer): boolean {
  if (!a.parts || !b.parts) return !a.parts && !b.parts && a.body.equals(b.body);
  return (
    a.parts.first.digest === b.parts.first.digest &&
    a.parts.last.digest === b.parts.last.digest &&
    a.parts.own.equals(b.parts.own)
  );
}

/** The answer kept for `key` when this one's bytes are the same (its ETag, compressed bytes, sends). */
export function sameAsBefore(ctx: AnswerContext, key: string, answer: RenderedAnswer): RenderedAnswer {
  let byKey = lastRendered.get(ctx);
  if (!byKey)
    lastRendered.set(ctx, (byKey = new LRUCache({ maxSize: KEPT_ANSWERS_BYTES, sizeCalculation: keptSize })));
  const before = byKey.get(key);
  if (before && before.etag === answer.etag && sameBytes(before, answer)) return before;
  byKey.set(key, answer);
  return answer;
}

/**
 * An answer may be checked against its route's response schema before it is kept: it must be
 * exactly what the schema would let through (no missing, wrong or extra field). The check cost
 * more than rendering (180 µs of a list page's 12 products; decision 194), so it runs on the
 * share ANSWER_CHECK_SHARE of fresh renders: every one under tests, a sample in development,
 * none in production (decision 201). The bytes are the same either way.
 */
export function shouldCheck(share: number, draw: () => number = Math.random): boolean {
  return share >= 1 || (share > 0 && draw() < share);
}

function checkAnswer(schema: z.ZodType, value: unknown): void {
  const plain = (v: unknown) => JSON.parse(JSON.stringify(v) ?? 'null') as unknown;
  const expected = plain(z.encode(schema, value));
  if (!isDeepStrictEqual(plain(value), expected))
    throw new Error(
      `a public answer differs from its response schema's: ${JSON.stringify(value)?.slice(0, 500)}`,
    );
}

export function renderAnswer(schema: z.ZodType, value: unknown, check = true): RenderedAnswer {
  if (check) checkAnswer(schema, value);
  return textAnswer(JSON.stringify(value));
}

/** Any text kept ready to send (the server-rendered pages' HTML too: modules/pages). */
export function textAnswer(text: string): RenderedAnswer {
  const body = unpooled(Buffer.from(text));
  const hash = createHash('sha1').update(body).digest('base64url').slice(0, 22);
  return { body, size: body.length, held: body.length, etag: `W/"${hash}"`, encoded: {} };
}

/**
 * A rendered page kept ready to send from its parts (decision 308): the first and last shared
 * and compressed once, the middle its own. Its ETag is the CRC-32 and length of the whole, which
 * its gzip needs anyway: a weak validator of one address's versions, where a SHA-1 over the
 * page's own bytes was a tenth of a page's cost (decision 313). The whole body is joined only for
 * a client that takes neither gzip nor (until the page is hot) brotli.
 */
export function splitAnswer({
  first,
  middle,
  last,
}: {
  first: KeptPart;
  middle: string;
  last: KeptPart;
}): RenderedAnswer {
  const own = Buffer.from(middle);
  const size = first.bytes.length + own.length + last.bytes.length;
  const crc = joinedCrc(first, own, last) >>> 0;
  let body: Buffer | undefined;
  return {
    get body() {
      return (body ??= Buffer.concat([first.bytes, own, last.bytes]));
    },
    size,
    held: own.length,
    etag: `W/"${crc.toString(36)}-${size.toString(36)}"`,
    encoded: {},
    parts: { first, own, last, crc },
  };
}

/**
 * A stored page (decision 316) as an answer: its own bytes kept compressed, joined between the
 * kept parts as they are, with the ETag its render had. Its plain bytes are inflated only for a
 * client that takes no gzip.
 */
export function joinedAnswer({
  first,
  deflated,
  size: ownSize,
  crcThroughOwn,
  last,
  own: plain,
}: {
  first: KeptPart;
  deflated: Buffer;
  size: number;
  crcThroughOwn: number;
  last: KeptPart;
  /** The own bytes, when the caller has them (a page rendered now). */
  own?: Buffer;
}): RenderedAnswer {
  const size = first.bytes.length + ownSize + last.bytes.length;
  const crc = crcWithLast(crcThroughOwn, last) >>> 0;
  let own = plain;
  let body: Buffer | undefined;
  const ownBytes = () => (own ??= inflatedMiddle(deflated));
  return {
    get body() {
      return (body ??= Buffer.concat([first.bytes, ownBytes(), last.bytes]));
    },
    size,
    held: deflated.length,
    etag: `W/"${crc.toString(36)}-${size.toString(36)}"`,
    encoded: {},
    parts: {
      first,
      get own() {
        return ownBytes();
      },
      last,
      crc,
      deflated,
    },
  };
}

/** The rendered answer for `key`: from the read cache, from a load already running, or loaded now. */
export async function cachedAnswer(
  ctx: AnswerContext,
  key: string,
  schema: z.ZodType,
  load: () => Promise<unknown>,
): Promise<RenderedAnswer> {
  const token = await ctx.cache.getOrLoad(GENERATION_KEY, async () => ({}));
  return ctx.cache.getOrLoad(`answer:${key}`, () => {
    let byKey = flights.get(ctx);
    if (!byKey) flights.set(ctx, (byKey = new Map()));
    const running = byKey.get(key);
    // A load that began before a write may hold the old data: join only one of this generation.
    if (running && running.token === token) return running.promise;
    const check = shouldCheck(ctx.config.ANSWER_CHECK_SHARE);
    const promise = load().then((value) => sameAsBefore(ctx, key, renderAnswer(schema, value, check)));
    const flight = { token, promise };
    byKey.set(key, flight);
    const done = () => {
      if (byKey.get(key) === flight) byKey.delete(key);
    };
    promise.then(done, done);
    return promise;
  });
}

const hasCredentials = (request: FastifyRequest) =>
  request.headers.authorization !== undefined || request.headers.cookie !== undefined;

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/**
 * Sends a public answer with its caching headers, or 304 when the client's copy is current;
 * compressed with the kept bytes when the client accepts brotli or gzip.
 */
export async function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: RenderedAnswer,
  type = 'application/json; charset=utf-8',
) {
  reply.header('vary', 'Authorization, Accept-Encoding').type(type);
  if (hasCredentials(request)) reply.header('cache-control', 'private, no-store');
  else {
    reply.header('cache-control', 'public, no-cache').header('etag', answer.etag);
    if (matches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  }
  const encoding = encodingFor(answer, request.headers['accept-encoding']);
  if (!encoding) return reply.send(answer.body);
  return reply.header('content-encoding', encoding).send(await encodedBody(answer, encoding));
}

/** For answers that depend on the caller: never stored by a browser or proxy. */
export function markPrivate(reply: FastifyReply): void {
  reply.header('cache-control', 'private, no-store');
}
