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
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';

export interface RenderedAnswer {
  /** UTF-8 bytes: a string would be encoded again on every send (420 KB for the map). */
  body: Buffer;
  etag: string;
}

interface Flight {
  token: object;
  promise: Promise<RenderedAnswer>;
}

/** A marker object the read cache hands out until its next invalidation (or expiry). */
const GENERATION_KEY = 'public-answer:generation';
const flights = new WeakMap<AppContext, Map<string, Flight>>();

export function renderAnswer(schema: z.ZodType, value: unknown): RenderedAnswer {
  const body = Buffer.from(JSON.stringify(z.encode(schema, value)));
  const hash = createHash('sha1').update(body).digest('base64url').slice(0, 22);
  return { body, etag: `W/"${hash}"` };
}

/** The rendered answer for `key`: from the read cache, from a load already running, or loaded now. */
export async function cachedAnswer(
  ctx: AppContext,
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
    const promise = load().then((value) => renderAnswer(schema, value));
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

/** Sends a public answer with its caching headers, or 304 when the client's copy is current. */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: RenderedAnswer) {
  reply.header('vary', 'Authorization').type('application/json; charset=utf-8');
  if (hasCredentials(request)) return reply.header('cache-control', 'private, no-store').send(answer.body);
  reply.header('cache-control', 'public, no-cache').header('etag', answer.etag);
  if (matches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.send(answer.body);
}

/** For answers that depend on the caller: never stored by a browser or proxy. */
export function markPrivate(reply: FastifyReply): void {
  reply.header('cache-control', 'private, no-store');
}
