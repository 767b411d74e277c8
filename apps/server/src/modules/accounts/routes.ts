import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParams,
  loginResponseSchema,
  loginSchema,
  otpRequiredSchema,
  registrationSchema,
  roleSchema,
  userSchema,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { negotiateLanguage } from '../../i18n/translate.ts';
import { requireStaff, requireUser } from '../../plugins/auth.ts';
import { idParam } from '../../lib/validation.ts';
import { accountChangeRoutes } from './change-routes.ts';
import { accountEmailRoutes } from './email-routes.ts';
import { profileRoutes } from './profile-routes.ts';
import { bearer, errors } from './route-parts.ts';
import { AccountsService } from './service.ts';

/** Accounts and sessions; the profiles' routes are in profile-routes.ts, the e-mail ones in email-routes.ts. */
export async function accountsRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = new AccountsService(ctx);
  await accountEmailRoutes(root, ctx);
  await accountChangeRoutes(root, ctx);
  signInRoutes(root, service);
  sessionRoutes(root, service);
  userRoutes(root, service);
  profileRoutes(root, ctx, service);
}

/** Creating an account and signing in: answers carry access tokens. */
function signInRoutes(root: FastifyInstance, service: AccountsService): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
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
}

/** The caller’s session: signing out, who am I. */
function sessionRoutes(root: FastifyInstance, service: AccountsService): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
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
}

/** The users list (staff) and deleting the own account. */
function userRoutes(root: FastifyInstance, service: AccountsService): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
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
}
