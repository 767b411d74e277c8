import type { FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';

/**
 * Staff only; anyone else is answered as if the route did not exist. TODO(finance permission):
 * when staff permissions land, require `finance` here instead of any staff account.
 */
export function requireFinanceStaff(request: FastifyRequest): number {
  const caller = requireUser(request);
  if (!caller.isStaff) throw notFound(`There is no ${request.method} ${request.url.split('?')[0]}.`);
  return caller.id;
}
