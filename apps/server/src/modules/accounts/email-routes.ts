/** The account's e-mail links (decisions 253, 254, 293): confirmation, password reset, staff's reset, staff invitation. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountNoticeSchema,
  emailConfirmationSchema,
  emailConfirmedSchema,
  errorBodySchema,
  idParams,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  reasonBodySchema,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { negotiateLanguage, translateMessage } from '../../i18n/translate.ts';
import { idParam } from '../../lib/validation.ts';
import { requirePermission, requireUser, type Caller } from '../../plugins/auth.ts';
import { AccountEmails, RESET_REQUESTED } from './account-emails.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};
const bearer = [{ bearer: [] }];

/** The language of the caller's web app (de, fr, it; null: English): the e-mail is written in it. */
export function mailLanguage(request: FastifyRequest): string | null {
  const language = negotiateLanguage(request.headers['accept-language']);
  return language === 'en' ? null : language;
}

/** A 2xx `{"detail"}` in the caller's language (error answers are translated by the i18n plugin). */
export function notice(request: FastifyRequest, english: string): { detail: string } {
  const language = negotiateLanguage(request.headers['accept-language']);
  return { detail: language === 'en' ? english : (translateMessage(english, language) ?? english) };
}

const CONFIRMATION_SENT = 'We have sent you a new confirmation e-mail. The link works for 48 hours.';
const RESET_SENT = 'A password reset e-mail is on its way to the account’s address.';

export async function accountEmailRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const emails = new AccountEmails(ctx);
  confirmationRoutes(app, emails);
  resetRoutes(app, emails);
  staffResetRoute(app, emails);
  invitationRoute(app, emails);
}

function invitationRoute(root: FastifyInstance, emails: AccountEmails): void {
  root.withTypeProvider<ZodTypeProvider>().post(
    '/api/users/staff-invitation/accept/',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'A new staff member chooses their password with the token from the invitation link (single use, 72 hours; ends once a password was set another way or the account signed in; registration’s password rules); the second factor follows at the first sign-in',
        body: passwordResetConfirmSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await emails.acceptInvitation(request.body.token, request.body.password, request.ip);
      return reply.status(204).send(null);
    },
  );
}

function confirmationRoutes(root: FastifyInstance, emails: AccountEmails): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/users/email-confirmation/',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Confirm an e-mail address with the token from the confirmation link (single use, 48 hours); no sign-in needed',
        body: emailConfirmationSchema,
        response: { 200: emailConfirmedSchema, ...errors },
      },
    },
    async (request) => {
      await emails.confirmEmail(request.body.token);
      return { emailConfirmed: true };
    },
  );

  app.post(
    '/api/users/email-confirmation/resend/',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Send the caller a new confirmation link (at most 3 an hour); 409 when already confirmed',
        security: bearer,
        response: { 202: accountNoticeSchema, ...errors },
      },
    },
    async (request, reply) => {
      await emails.resendConfirmation(requireUser(request), mailLanguage(request));
      return reply.status(202).send(notice(request, CONFIRMATION_SENT));
    },
  );
}

function resetRoutes(root: FastifyInstance, emails: AccountEmails): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/users/password-reset/',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Forgot password: {email} or {username}; the same 202 whether or not an account matches (rate-limited per account or address named and per network address)',
        body: passwordResetRequestSchema,
        response: { 202: accountNoticeSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await emails.requestReset(request.body, request.ip, mailLanguage(request));
      return reply.status(202).send(notice(request, RESET_REQUESTED));
    },
  );

  app.post(
    '/api/users/password-reset/confirm/',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Set a new password with the token from the reset link (single use, 60 minutes; registration’s password rules); every session of the account ends',
        body: passwordResetConfirmSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await emails.resetPassword(request.body.token, request.body.password);
      return reply.status(204).send(null);
    },
  );
}

function staffResetRoute(root: FastifyInstance, emails: AccountEmails): void {
  root.withTypeProvider<ZodTypeProvider>().post(
    '/api/admin/users/:id/password-reset/',
    {
      preValidation: requirePermission('support'),
      schema: {
        tags: ['admin'],
        summary: 'Send an account a password reset e-mail (support), with a reason for the audit log',
        security: bearer,
        params: idParams,
        body: reasonBodySchema,
        response: { 202: accountNoticeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const id = idParam(request.params.id, 'user');
      await emails.staffReset(request.user as Caller, id, request.body.reason, request.ip);
      return reply.status(202).send(notice(request, RESET_SENT));
    },
  );
}
