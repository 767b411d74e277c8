/**
 * Decision 118 for lists that the spec shows as plain JSON lists: called without offset and
 * limit they answer at most their maximum page size, and these headers say how many there are
 * and where the rest is (X-Total-Count; an RFC 8288 Link to the next page when capped).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { nextOffset, type Paged } from '@marktgasse/shared';
import type { Config } from '../config/env.ts';

type PagingQuery = { offset?: number | undefined; limit?: number | undefined };

/** True when the caller asked for the paged shape (sent offset or limit). */
export function wantsPage(query: PagingQuery): boolean {
  return query.offset !== undefined || query.limit !== undefined;
}

/**
 * The rows to load for a list answer: the page asked for (limit `sizes.page` by default), or,
 * asked without offset and limit, the first `sizes.max` rows for the plain list.
 */
export function pageAsked(
  query: PagingQuery,
  sizes: { page: number; max: number },
): { paged: boolean; offset: number; limit: number } {
  const paged = wantsPage(query);
  return { paged, offset: query.offset ?? 0, limit: query.limit ?? (paged ? sizes.page : sizes.max) };
}

/** The one paged shape `{results, count, next}` (spec §7) of the rows at `page`. */
export function pageOf<T>(results: T[], count: number, page: { offset: number; limit: number }): Paged<T> {
  return { results, count, next: nextOffset(page.offset, page.limit, count) };
}

/** The body of a list answer: the page when asked for one, else its rows as a plain list. */
export function listBody<T>(page: Paged<T>, paged: boolean): Paged<T> | T[] {
  return paged ? page : page.results;
}

export function plainListHeaders(
  config: Pick<Config, 'PUBLIC_URL'>,
  request: FastifyRequest,
  reply: FastifyReply,
  count: number,
  limit: number,
): void {
  reply.header('x-total-count', String(count));
  if (count <= limit) return;
  const url = new URL(request.url, 'http://local');
  url.searchParams.set('offset', String(limit));
  url.searchParams.set('limit', String(limit));
  const relative = `${url.pathname}${url.search}`;
  const next = config.PUBLIC_URL ? new URL(relative, config.PUBLIC_URL).toString() : relative;
  reply.header('link', `<${next}>; rel="next"`);
}

/**
 * The one answer of a list that the spec shows as a plain JSON list (decision 118): called
 * without offset and limit, the first `sizes.max` rows as a plain list with the headers above;
 * called with either, the paged shape `{results, count, next}` (limit `sizes.page` by default).
 */
export async function listAnswer<T>(
  config: Pick<Config, 'PUBLIC_URL'>,
  request: FastifyRequest,
  reply: FastifyReply,
  query: PagingQuery,
  sizes: { page: number; max: number },
  load: (page: { offset: number; limit: number }) => Promise<Paged<T>>,
): Promise<Paged<T> | T[]> {
  const { paged, offset, limit } = pageAsked(query, sizes);
  const page = await load({ offset, limit });
  if (!paged) plainListHeaders(config, request, reply, page.count, limit);
  return listBody(page, paged);
}
