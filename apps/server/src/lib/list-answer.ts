/**
 * Decision 118 for lists that the spec shows as plain JSON lists: called without offset and
 * limit they answer at most their maximum page size, and these headers say how many there are
 * and where the rest is (X-Total-Count; an RFC 8288 Link to the next page when capped).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Paged } from '@marktgasse/shared';
import type { Config } from '../config/env.ts';

/** True when the caller asked for the paged shape (sent offset or limit). */
export function wantsPage(query: { offset?: number | undefined; limit?: number | undefined }): boolean {
  return query.offset !== undefined || query.limit !== undefined;
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
  query: { offset?: number | undefined; limit?: number | undefined },
  sizes: { page: number; max: number },
  load: (page: { offset: number; limit: number }) => Promise<Paged<T>>,
): Promise<Paged<T> | T[]> {
  if (wantsPage(query)) return load({ offset: query.offset ?? 0, limit: query.limit ?? sizes.page });
  const page = await load({ offset: 0, limit: sizes.max });
  plainListHeaders(config, request, reply, page.count, sizes.max);
  return page.results;
}
