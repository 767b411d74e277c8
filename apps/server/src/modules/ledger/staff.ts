/**
 * The guard of the money's staff routes. TODO(lead): switch to the `finance` permission when the
 * staff permissions land; until then any staff account passes. A caller without it gets the
 * answer of a missing route (ARCHITECTURE: admin routes do not reveal themselves).
 */
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { requireUser, type Caller } from '../../plugins/auth.ts';

export function requireFinanceStaff(request: FastifyRequest): Caller {
  const caller = requireUser(request);
  if (!caller.isStaff) throw notFound(`There is no ${request.method} ${request.url.split('?')[0]}.`);
  return caller;
}
