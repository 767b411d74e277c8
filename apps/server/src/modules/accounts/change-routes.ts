/** A signed-in user changes their own address and password (decision 324). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountNoticeSchema,
  emailChangeConfirmSchema,
  emailChangedSchema,
  emailChangeRequestSchema,
  passwordChangeSchema,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../plugins/auth.ts';
import { AccountChanges } from './email-change.ts';
import { mailLanguage, notice } from './email-routes.ts';
import { bearer, errors } from './route-parts.ts';
const CHANGE_SENT =
  'We have sent a link to your new address. Open it within 48 hours to complete the change; until then your address stays as it is.';

export async function accountChangeRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const changes = new AccountChanges(ctx);

  app.post(
    '/api/users/me/email/',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Ask to change the own e-mail address (current password required): a link goes to the new address (48 hours, once), a notice to the old one; nothing changes yet. At most 3 an hour; 403 for staff accounts',
        security: bearer,
        body: emailChangeRequestSchema,
        response: { 202: accountNoticeSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await changes.requestEmailChange(requireUser(request), request.body, mailLanguage(request));
      return reply.status(202).send(notice(request, CHANGE_SENT));
    },
  );

  app.post(
    '/api/users/email-change/confirm/',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Change the address with the token from the link mailed to the new address (single use, 48 hours); the address counts as confirmed. No sign-in needed',
        body: emailChangeConfirmSchema,
        response: { 200: emailChangedSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return changes.confirmEmailChange(request.body.token, request.ip);
    },
  );

  app.post(
    '/api/users/me/password/',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Change the own password (the current one required; registration’s rules for the new one); every session of the account ends, this one too',
        security: bearer,
        body: passwordChangeSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await changes.changePassword(requireUser(request), request.body, request.ip);
      return reply.status(204).send(null);
    },
  );
}
