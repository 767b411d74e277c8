/** The profiles' HTTP edge (a profile's id is its user's id). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  idParams,
  profileCreateSchema,
  profileSchema,
  sellerListQuerySchema,
  sellerSummarySchema,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../plugins/auth.ts';
import { readForm } from '../../lib/multipart.ts';
import { idParam } from '../../lib/validation.ts';
import { cachedAnswer, sendAnswer } from '../../lib/public-answer.ts';
import { bearer, errors } from './route-parts.ts';
import type { AccountsService } from './service.ts';

export function profileRoutes(root: FastifyInstance, ctx: AppContext, service: AccountsService): void {
  profileCreateRoutes(root, service);
  profileListRoutes(root, ctx, service);
  sellerListRoutes(root, ctx, service);
  oneProfileRoutes(root, service);
}

/** Creating the caller’s profile (or a just-registered one’s, spec §4). */
function profileCreateRoutes(root: FastifyInstance, service: AccountsService): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/profiles/new/',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Create a profile (once) with status CUSTOMER or STORE_OWNER: the caller’s with a token; without one (spec §4), `user` registered moments ago from this address and without a profile',
        security: [...bearer, {}],
        body: profileCreateSchema,
        response: { 201: profileSchema, ...errors },
      },
    },
    async (request, reply) => {
      const profile = await service.createProfile(
        request.user,
        request.body.user,
        request.body.status,
        request.ip,
      );
      return reply.status(201).send(profile);
    },
  );
}

/** Every seller profile, from the read cache (the sellers page). */
function profileListRoutes(root: FastifyInstance, ctx: AppContext, service: AccountsService): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/profiles/',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'The profiles the sellers page shows ("Back" reloads them): every seller profile. Customers are not listed (docs/decisions/144).',
        response: { 200: z.array(profileSchema) },
      },
    },
    async (request, reply) =>
      sendAnswer(
        request,
        reply,
        await cachedAnswer(ctx, 'profiles:all', z.array(profileSchema), async () =>
          (await service.repo.listProfiles({ status: 'STORE_OWNER' })).map((p) => service.toProfile(p)),
        ),
      ),
  );
}

/** The seller lists: of one category, the newest. */
function sellerListRoutes(root: FastifyInstance, ctx: AppContext, service: AccountsService): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/profiles/sellers/',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Seller profiles, optionally of one category (by name)',
        querystring: sellerListQuerySchema,
        response: { 200: z.array(sellerSummarySchema) },
      },
    },
    async (request, reply) =>
      sendAnswer(
        request,
        reply,
        await cachedAnswer(
          ctx,
          `profiles:sellers:${request.query.category ?? ''}`,
          z.array(sellerSummarySchema),
          async () =>
            (await service.sellers(request.query.category || undefined)).map((p) =>
              service.toSellerSummary(p),
            ),
        ),
      ),
  );

  app.get(
    '/api/profiles/latest-sellers/',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The newest sellers',
        response: { 200: z.array(sellerSummarySchema) },
      },
    },
    async (request, reply) =>
      sendAnswer(
        request,
        reply,
        await cachedAnswer(ctx, 'profiles:latest-sellers', z.array(sellerSummarySchema), () =>
          service.latestSellers(),
        ),
      ),
  );
}

/** One profile: reading it, and changing the own. */
function oneProfileRoutes(root: FastifyInstance, service: AccountsService): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/profiles/:id/',
    {
      schema: {
        tags: ['accounts'],
        summary: 'One profile (its id is its user’s id)',
        params: idParams,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => service.getPublicProfile(idParam(request.params.id, 'profile'), request.user?.id),
  );

  app.patch(
    '/api/profiles/:id/',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Change the own profile (multipart: image, category repeated, industry, headquarter, description; or JSON)',
        security: bearer,
        params: idParams,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: profileSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const id = idParam(request.params.id, 'profile');
      const form = await readForm(request);
      return service.updateProfile(caller, id, form.fields, form.file);
    },
  );
}
