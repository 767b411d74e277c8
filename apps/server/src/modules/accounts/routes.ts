/* eslint-disable max-lines-per-function -- split in progress by its owner (issue 30) */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  idParams,
  loginResponseSchema,
  loginSchema,
  otpRequiredSchema,
  profileCreateSchema,
  profileSchema,
  registrationSchema,
  roleSchema,
  sellerListQuerySchema,
  sellerSummarySchema,
  userSchema,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { negotiateLanguage } from '../../i18n/translate.ts';
import { requireStaff, requireUser } from '../../plugins/auth.ts';
import { readForm } from '../../lib/multipart.ts';
import { idParam } from '../../lib/validation.ts';
import { cachedAnswer, sendAnswer } from '../../lib/public-answer.ts';
import { accountEmailRoutes } from './email-routes.ts';
import { AccountsService } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};
const bearer = [{ bearer: [] }];

export async function accountsRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = new AccountsService(ctx);
  await accountEmailRoutes(root, ctx);

  app.post(
    '/api/users/registration/',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Create an account; answers the user with an access token. An optional status creates the profile at once.',
        body: registrationSchema.extend({ status: roleSchema.optional() }),
        response: { 201: loginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      // The answer carries an access token: no cache may keep it (nor an error about it).
      reply.header('cache-control', 'no-store');
      const language = negotiateLanguage(request.headers['accept-language']);
      const result = await service.register(request.body, request.ip, language === 'en' ? null : language);
      request.log.info({ audit: 'registration', userId: result.id }, 'account created');
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/users/login/',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Log in with username and password',
        body: loginSchema.passthrough(),
        response: {
          200: loginResponseSchema,
          ...errors,
          401: otpRequiredSchema.partial({ otp_required: true }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const { username, password, otp } = request.body;
        const result = await service.login(username, password, request.ip, otp);
        request.log.info({ audit: 'login', userId: result.id }, 'login succeeded');
        return result;
      } catch (error) {
        request.log.warn(
          { audit: 'login-failed', username: request.body.username.slice(0, 60) },
          'login failed',
        );
        throw error;
      }
    },
  );

  app.post(
    '/api/users/logout/',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Revoke every access token of the caller',
        security: bearer,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      await service.logout(caller);
      request.log.info({ audit: 'logout', userId: caller.id }, 'logged out');
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/users/me/',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The caller',
        security: bearer,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => service.me(requireUser(request)),
  );

  app.get(
    '/api/users/',
    {
      schema: {
        tags: ['accounts'],
        summary: 'All users (staff only)',
        security: bearer,
        response: { 200: z.array(userSchema), ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return service.listUsers();
    },
  );

  app.delete(
    '/api/users/:id/',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Delete the own account (orders are kept, personal data anonymised)',
        security: bearer,
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const id = idParam(request.params.id, 'user');
      await service.deleteAccount(caller, id);
      request.log.info({ audit: 'account-deleted', userId: id }, 'account deleted');
      return reply.status(204).send(null);
    },
  );

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
        await cachedAnswer(ctx, 'profiles:latest-sellers', z.array(sellerSummarySchema), async () =>
          (await service.repo.listProfiles({ status: 'STORE_OWNER', limit: 6, newestFirst: true })).map((p) =>
            service.toSellerSummary(p),
          ),
        ),
      ),
  );

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
    async (request) => service.getProfile(idParam(request.params.id, 'profile'), request.user?.id),
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
