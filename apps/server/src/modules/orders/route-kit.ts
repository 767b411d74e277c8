/** What the orders route files share: error shapes, the caller's mail language, the list answer. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  ORDERS_MAX_PAGE_SIZE,
  ORDERS_PAGE_SIZE,
  pagingQuerySchema,
  type Paged,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { negotiateLanguage } from '../../i18n/translate.ts';
import { plainListHeaders, wantsPage } from '../../lib/list-answer.ts';
import { requireUser } from '../../plugins/auth.ts';
import { emptyBodyRoutes } from '../../plugins/empty-body.ts';
import { IdempotencyService } from '../idempotency/service.ts';
import type { OrderServices } from './services.ts';

export const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  503: errorBodySchema,
};

/** The caller's language for the e-mails about this order (de, fr, it; null: English). */
export const mailLanguage = (request: FastifyRequest): string | null => {
  const language = negotiateLanguage(request.headers['accept-language']);
  return language === 'en' ? null : language;
};

export const bearer = [{ bearer: [] }];

/** Anonymous calls answer 401 before their body is looked at. */
export const signedIn = async (request: FastifyRequest) => {
  requireUser(request);
};

export const keyNote =
  ' With an `Idempotency-Key` header (one per checkout attempt, reused on retry), a retry answers the first result (header `Idempotent-Replayed: true`) and changes nothing; the same key with another request answers 409 (decision 173).';

const paging = pagingQuerySchema(ORDERS_PAGE_SIZE, ORDERS_MAX_PAGE_SIZE);
/** The same checks as the shared paging schema, but a parameter left out stays undefined. */
export const listQuery = z.object({
  offset: paging.shape.offset.unwrap().optional(),
  limit: paging.shape.limit.unwrap().optional(),
});
type ListQuery = z.infer<typeof listQuery>;

/**
 * Decision 118: called the spec's way (no offset, no limit), a list answers a plain JSON list
 * of the newest ORDERS_MAX_PAGE_SIZE with `X-Total-Count` and, when there are more, a
 * `Link: <…>; rel="next"`; called with offset or limit, the paged shape `{results, count, next}`.
 */
export async function listAnswer<T>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  query: ListQuery,
  load: (page: { offset: number; limit: number }) => Promise<Paged<T>>,
): Promise<Paged<T> | T[]> {
  if (wantsPage(query)) {
    return load({ offset: query.offset ?? 0, limit: query.limit ?? ORDERS_PAGE_SIZE });
  }
  const page = await load({ offset: 0, limit: ORDERS_MAX_PAGE_SIZE });
  plainListHeaders(ctx.config, request, reply, page.count, ORDERS_MAX_PAGE_SIZE);
  return page.results;
}

export const listSummary =
  `Newest first. Without offset and limit: a plain list of the newest ${ORDERS_MAX_PAGE_SIZE}, with ` +
  `X-Total-Count and, when there are more, Link rel="next". With offset or limit: one page ` +
  `{results, count, next} (limit ${ORDERS_PAGE_SIZE} by default, at most ${ORDERS_MAX_PAGE_SIZE}).`;

/** What each route file registers its routes with. */
export function routeKit(root: FastifyInstance, ctx: AppContext, services: OrderServices) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  return {
    app,
    ctx,
    services,
    idempotency: new IdempotencyService(ctx),
    /** Routes that take any body and content type, or none (decision 165). */
    quiet: emptyBodyRoutes(app),
  };
}
export type RouteKit = ReturnType<typeof routeKit>;
