/**
 * The moderation API (issue 29): products, sellers, reviews. Every route is guarded by
 * `requirePermission('moderation')`: anyone else gets the 404 of a missing route.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminProductQuerySchema,
  adminReviewListQuerySchema,
  adminSellerQuerySchema,
  approvalBodySchema,
  pagedAdminProducts,
  pagedAdminSellers,
  errorBodySchema,
  idParams,
  moderatedProductSchema,
  moderatedSellerSchema,
  pagedAdminReviews,
  reasonBodySchema,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { requirePermission, requireUser, type Caller } from '../../plugins/auth.ts';
import { idParam } from '../../lib/validation.ts';
import { ModerationService, type Acting } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const security = [{ bearer: [] }];
const tags = ['admin'];

function acting(request: FastifyRequest, reason: string): Acting {
  return { staff: request.user as Caller, reason, address: request.ip };
}

type Guard = ReturnType<typeof requirePermission>;

export async function moderationRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = new ModerationService(ctx);
  const moderation = requirePermission('moderation');
  productHidingRoutes(root, service, moderation);
  sellerSuspensionRoutes(root, service, moderation);
  sellerApprovalRoute(root, service, moderation);
  listRoutes(root, service, moderation);
  reviewRoutes(root, service, moderation);
  ownShopRoutes(root, service);
}

/** Hiding a product and showing it again. */
function productHidingRoutes(root: FastifyInstance, service: ModerationService, moderation: Guard): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  for (const [verb, hide] of [
    ['hide', true],
    ['unhide', false],
  ] as const) {
    app.put(
      `/api/admin/products/:id/${verb}/`,
      {
        preValidation: moderation,
        schema: {
          tags,
          summary: hide
            ? 'Hide a product with a reason (shown to the seller): it leaves every public list, search and page and cannot be bought'
            : 'Show a hidden product again',
          security,
          params: idParams,
          body: reasonBodySchema,
          response: { 200: moderatedProductSchema, ...errors },
        },
      },
      async (request) =>
        service.setProductHidden(
          idParam(request.params.id, 'product'),
          hide,
          acting(request, request.body.reason),
        ),
    );
  }
}

/** Suspending a seller and reinstating them. */
function sellerSuspensionRoutes(root: FastifyInstance, service: ModerationService, moderation: Guard): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  for (const [verb, suspend] of [
    ['suspend', true],
    ['reinstate', false],
  ] as const) {
    app.put(
      `/api/admin/sellers/:id/${verb}/`,
      {
        preValidation: moderation,
        schema: {
          tags,
          summary: suspend
            ? 'Suspend a seller with a reason: their products and stores leave every public read at once; paid orders stay fulfillable; they are e-mailed'
            : 'Reinstate a suspended seller',
          security,
          params: idParams,
          body: reasonBodySchema,
          response: { 200: moderatedSellerSchema, ...errors },
        },
      },
      async (request) =>
        service.setSellerSuspended(
          idParam(request.params.id, 'user'),
          suspend,
          acting(request, request.body.reason),
        ),
    );
  }
}

/** Approving a new seller who waits (SELLER_APPROVAL_REQUIRED, decision 290). */
function sellerApprovalRoute(root: FastifyInstance, service: ModerationService, moderation: Guard): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.put(
    '/api/admin/sellers/:id/approve/',
    {
      preValidation: moderation,
      schema: {
        tags,
        summary:
          'Approve a seller who awaits approval: their products, stores and page become public at once; they are e-mailed. Idempotent; the reason is optional',
        security,
        params: idParams,
        body: approvalBodySchema,
        response: { 200: moderatedSellerSchema, ...errors },
      },
    },
    async (request) =>
      service.approveSeller(idParam(request.params.id, 'user'), acting(request, request.body?.reason ?? '')),
  );
}

/** The reviews list and removing a review. */
function reviewRoutes(root: FastifyInstance, service: ModerationService, moderation: Guard): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/reviews/',
    {
      preValidation: moderation,
      schema: {
        tags,
        summary: 'Reviews, newest first, optionally of one product (paged)',
        security,
        querystring: adminReviewListQuerySchema,
        response: { 200: pagedAdminReviews, ...errors },
      },
    },
    async (request) => service.reviews(request.query.product, request.query.offset, request.query.limit),
  );

  app.delete(
    '/api/admin/reviews/:id/',
    {
      preValidation: moderation,
      schema: {
        tags,
        summary: 'Remove a review with a reason; the product’s rating and count are recomputed',
        security,
        params: idParams,
        body: reasonBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.removeReview(idParam(request.params.id, 'review'), acting(request, request.body.reason));
      return reply.status(204).send(null);
    },
  );
}

/** What a seller sees of moderation: any signed-in caller, about their own shop. */
function ownShopRoutes(root: FastifyInstance, service: ModerationService): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/moderation/mine/',
    {
      schema: {
        tags,
        summary:
          'What moderation did to the caller’s shop: hidden products and a suspension, with the reasons, and whether the shop awaits approval',
        security,
        response: {
          200: z.object({
            suspended: z.boolean(),
            suspended_reason: z.string().nullable(),
            awaiting_approval: z.boolean(),
            hidden_products: z.array(
              z.object({
                id: z.number().int(),
                name: z.string(),
                hidden_reason: z.string(),
                hidden_at: z.string(),
              }),
            ),
          }),
          ...errors,
        },
      },
    },
    async (request) => service.mine(requireUser(request)),
  );
}

/** The lists staff find what to moderate in (decision 257). */
function listRoutes(root: FastifyInstance, service: ModerationService, moderation: Guard): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/products/',
    {
      preValidation: moderation,
      schema: {
        tags,
        summary:
          'Products for moderation, newest first (paged): search by name, brand, number or seller; hidden=true for the hidden ones',
        security,
        querystring: adminProductQuerySchema,
        response: { 200: pagedAdminProducts, ...errors },
      },
    },
    async (request) => {
      const { offset, limit, search, hidden } = request.query;
      return service.products(
        { search, hidden: hidden === undefined ? undefined : hidden === 'true' },
        offset,
        limit,
      );
    },
  );

  app.get(
    '/api/admin/sellers/',
    {
      preValidation: moderation,
      schema: {
        tags,
        summary:
          'Sellers for moderation, newest first (paged), each with its status: search by name, e-mail or number; status=pending (awaiting approval), active or suspended (`state` is an older name of the filter)',
        security,
        querystring: adminSellerQuerySchema,
        response: { 200: pagedAdminSellers, ...errors },
      },
    },
    async (request) => {
      const { offset, limit, search, status, state } = request.query;
      return service.sellers({ search, state: status ?? state }, offset, limit);
    },
  );
}
