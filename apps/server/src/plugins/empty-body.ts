/**
 * The spec's "(auth, empty body)" calls (§7: send, complete, retrieve; pay carries no payload
 * either) ignore what a client sends with them: no body, `{}`, any content type, even the
 * merged "application/x-www-form-urlencoded, application/json" that a widespread HTTP client
 * sends and that is no valid media type at all (decision 165). Their routes live in a scope
 * of their own, so every other route keeps its strict parsers.
 */
import type { FastifyInstance } from 'fastify';

/** The most a client may send with such a call; a larger body answers 413. */
export const EMPTY_BODY_LIMIT = 2048;

/**
 * A JSON object in the body (retrieve's optional pick-up code, PayPal's order id on pay) is
 * still read, whatever the content type says; anything else reads as no body.
 */
function optionalObject(raw: string): Record<string, unknown> | undefined {
  const text = raw.trim();
  if (!text.startsWith('{')) return undefined;
  try {
    // Like Fastify's own JSON parser, keys that could reach a prototype are dropped.
    const value: unknown = JSON.parse(text, (key, v: unknown) =>
      key === '__proto__' || key === 'constructor' ? undefined : v,
    );
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Routes defined with `put` on the answer live in a child scope of `app` whose routes take
 * any body up to EMPTY_BODY_LIMIT under any content type, or none. The scope loads once the
 * calling plugin has defined them all (Fastify loads a plugin's children after it), so the
 * routes stay where they are in their module, with `quiet.put` for `app.put`.
 */
export function emptyBodyRoutes<T extends FastifyInstance>(app: T): { put: T['put'] } {
  const queued: unknown[][] = [];
  void app.register(async (child) => {
    // Fastify refuses a header that is no valid media type (415) before any parser runs;
    // these routes do not care what it says, so it is dropped and the catch-all reads the body.
    child.addHook('onRequest', async (request) => {
      delete request.headers['content-type'];
    });
    child.removeAllContentTypeParsers();
    child.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: EMPTY_BODY_LIMIT },
      (_request, body, done) => done(null, optionalObject(body as string)),
    );
    const put = child.put.bind(child) as (...args: unknown[]) => unknown;
    for (const args of queued) put(...args);
  });
  const put = (...args: unknown[]) => {
    queued.push(args);
    return app;
  };
  return { put: put as T['put'] };
}
