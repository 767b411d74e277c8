import type { FastifyRequest } from 'fastify';
import { requireFinanceStaff as financeCaller } from '../ledger/staff.ts';

/**
 * Staff with the `finance` permission only (decisions 205, 243); anyone else is answered as if
 * the route did not exist. Answers the caller's id.
 */
export function requireFinanceStaff(request: FastifyRequest): number {
  return financeCaller(request).id;
}
