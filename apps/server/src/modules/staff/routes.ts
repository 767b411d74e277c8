/**
 * Staff accounts (issue 29, decision 258), for staff with `admin` only: anyone else gets the
 * 404 of a missing route. The guard runs before the body is validated, so a 400 never tells an
 * outsider that the route exists.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminListQuerySchema,
  errorBodySchema,
  idParams,
  pagedStaffAccounts,
  reasonBodySchema,
  staffAccountSchema,
  staffCreateSchema,
  staffInviteBodySchema,
  staffPermissionsBodySchema,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { requirePermission, type Caller } from '../../plugins/auth.ts';
import { idParam } from '../../lib/validation.ts';
import { mailLanguageOf } from '../mail/template.ts';
import { StaffAccountsService, type StaffActing } from './accounts.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};
const security = [{ bearer: [] }];
const tags = ['admin'];

const acting = (request: FastifyRequest, reason = ''): StaffActing => ({
  staff: request.user as Caller,
  reason,
  address: request.ip,
});

const admin = requirePermission('admin');

export async function staffRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = new StaffAccountsService(ctx);
  listAndCreate(root, service);
  changes(root, service);
}

function listAndCreate(root: FastifyInstance, service: StaffAccountsService): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/staff/',
    {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Staff accounts, newest first (paged), with their permissions',
        security,
        querystring: adminListQuerySchema,
        response: { 200: pagedStaffAccounts, ...errors },
      },
    },
    async (request) => service.list(request.query.offset, request.query.limit),
  );

  app.post(
    '/api/admin/staff/',
    {
      preValidation: admin,
      schema: {
        tags,
        summary:
          'Create a staff account (username, e-mail, password, permissions); without a password it is e-mailed an invitation link (72 hours, once) to choose one. It sets up its second factor at its first sign-in',
        security,
        body: staffCreateSchema,
        response: { 201: staffAccountSchema, ...errors },
      },
    },
    async (request, reply) => {
      const language = mailLanguageOf(request.headers['accept-language']);
      const account = await service.create(
        request.body,
        acting(request),
        language === 'en' ? null : language,
      );
      return reply.status(201).send(account);
    },
  );

  app.post(
    '/api/admin/staff/:id/invite/',
    {
      preValidation: admin,
      schema: {
        tags,
        summary:
          'Send a staff account that has not signed in yet a new invitation e-mail; the previous link stops working (optional reason for the audit log)',
        security,
        params: idParams,
        body: staffInviteBodySchema,
        response: { 200: staffAccountSchema, ...errors },
      },
    },
    async (request) =>
      service.invite(idParam(request.params.id, 'staff account'), acting(request, request.body.reason)),
  );
}

function changes(root: FastifyInstance, service: StaffAccountsService): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.put(
    '/api/admin/staff/:id/permissions/',
    {
      preValidation: admin,
      schema: {
        tags,
        summary:
          'Set a staff account’s permissions (the last enabled account with admin keeps admin); the change applies to its next request',
        security,
        params: idParams,
        body: staffPermissionsBodySchema,
        response: { 200: staffAccountSchema, ...errors },
      },
    },
    async (request) =>
      service.setPermissions(
        idParam(request.params.id, 'staff account'),
        request.body.permissions,
        acting(request, request.body.reason),
      ),
  );

  for (const [verb, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    app.put(
      `/api/admin/staff/:id/${verb}/`,
      {
        preValidation: admin,
        schema: {
          tags,
          summary: disabled
            ? 'Disable a staff account with a reason: no sign-in, every token revoked at once'
            : 'Enable a disabled staff account again',
          security,
          params: idParams,
          body: reasonBodySchema,
          response: { 200: staffAccountSchema, ...errors },
        },
      },
      async (request) =>
        service.setDisabled(
          idParam(request.params.id, 'staff account'),
          disabled,
          acting(request, request.body.reason),
        ),
    );
  }
}
