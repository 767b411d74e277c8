/**
 * Reads the bearer token of every request and attaches the caller. Routes decide what a
 * caller may do through the guards below; the web app's hiding of buttons is never protection.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, notFound, unauthorized } from '../lib/errors.ts';
import type { Role } from '@marktgasse/shared';

export interface Caller {
  id: number;
  username: string;
  email: string;
  isStaff: boolean;
  role: Role | null;
  profileId: number | null;
  tokenVersion: number;
  /** A staff account's permissions (support, moderation, finance, admin); empty for everyone else. */
  permissions?: readonly string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated caller, or null for anonymous requests. */
    user: Caller | null;
  }
}

export interface CallerLookup {
  findCaller(userId: number): Promise<Caller | null>;
}

export function registerAuth(
  app: FastifyInstance,
  verify: (token: string) => { userId: number; version: number } | null,
  lookup: CallerLookup,
): void {
  app.decorateRequest('user', null);
  // An answer to a request with credentials is the caller's alone: no shared or browser cache
  // keeps it (anonymous catalogue answers keep their public caching, decision 110).
  app.addHook('onSend', async (request, reply) => {
    if (request.headers.authorization === undefined && request.headers.cookie === undefined) return;
    // An answer that already says no-store keeps its own value (e.g. `private, no-store`).
    if (!String(reply.getHeader('cache-control') ?? '').includes('no-store'))
      reply.header('cache-control', 'no-store');
  });
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized('The Authorization header must be "Bearer <token>".');
    const claims = verify(match[1]);
    if (!claims) throw unauthorized('The access token is invalid or has expired. Please log in again.');
    const caller = await lookup.findCaller(claims.userId);
    if (!caller || caller.tokenVersion !== claims.version) {
      throw unauthorized('The access token is no longer valid. Please log in again.');
    }
    request.user = caller;
  });
}

export function requireUser(request: FastifyRequest): Caller {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireSeller(request: FastifyRequest): Caller {
  const caller = requireUser(request);
  if (caller.role !== 'STORE_OWNER') throw forbidden('Only seller accounts can do this.');
  return caller;
}

export function requireStaff(request: FastifyRequest): Caller {
  const caller = requireUser(request);
  if (!caller.isStaff) throw forbidden('Only staff accounts can list users.');
  return caller;
}

/**
 * The one guard of every admin route (decision 205): a caller who is not staff, or staff
 * without `permission`, gets exactly the 404 of a route that does not exist. A staff caller
 * who passes gets a fresh short-lived token in `x-access-token`, so the idle timeout counts
 * from the last admin request.
 */
export function requirePermission(permission: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const caller = request.user;
    if (!caller?.isStaff || !caller.permissions?.includes(permission))
      throw notFound(`There is no ${request.method} ${request.url.split('?')[0]}.`);
    reply.header(
      'x-access-token',
      request.server.ctx.tokens.issue({ userId: caller.id, version: caller.tokenVersion }, true),
    );
  };
}
