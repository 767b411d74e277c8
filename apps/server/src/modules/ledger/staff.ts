/**
 * The guard of the money's staff routes (decisions 205, 243): staff with the `finance`
 * permission. Anyone else — anonymous, customer, seller, staff without it — gets the answer of
 * a missing route (ARCHITECTURE: admin routes do not reveal themselves).
 */
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { requirePermission, type Caller } from '../../plugins/auth.ts';

/** The route hook (`preValidation`): checked before the body, so a bad body reveals nothing either. */
export const financeOnly = requirePermission('finance');

/** The caller inside a handler; checks again, so a route without the hook still answers 404. */
export function requireFinanceStaff(request: FastifyRequest): Caller {
  const caller = request.user;
  if (!caller?.isStaff || !caller.permissions?.includes('finance'))
    throw notFound(`There is no ${request.method} ${request.url.split('?')[0]}.`);
  return caller;
}
