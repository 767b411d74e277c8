import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  idParams,
  pagedReports,
  reportCreateSchema,
  reportListQuerySchema,
  reportSchema,
  reportStatusBodySchema,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { requirePermission, requireUser, type Caller } from '../../plugins/auth.ts';
import { idParam } from '../../lib/validation.ts';
import { ReportsService } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema };
const security = [{ bearer: [] }];

export async function reportsRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = new ReportsService(ctx);
  const moderation = requirePermission('moderation');

  app.post(
    '/api/reports/',
    {
      schema: {
        tags: ['reports'],
        summary:
          'Report a product, review or seller to the moderation team (signed-in users; a reason from a short list and a text; rate-limited)',
        security,
        body: reportCreateSchema,
        response: { 201: reportSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireUser(request), request.body)),
  );

  app.get(
    '/api/admin/reports/',
    {
      preValidation: moderation,
      schema: {
        tags: ['admin'],
        summary: 'The reports queue, newest first (paged; filter by status and kind)',
        security,
        querystring: reportListQuerySchema,
        response: { 200: pagedReports, ...errors },
      },
    },
    async (request) => {
      const { status, kind, offset, limit } = request.query;
      return service.list({ status, kind }, offset, limit);
    },
  );

  app.put(
    '/api/admin/reports/:id/',
    {
      preValidation: moderation,
      schema: {
        tags: ['admin'],
        summary: 'Set a report’s status: open, acted (on) or dismissed, with an optional note',
        security,
        params: idParams,
        body: reportStatusBodySchema,
        response: { 200: reportSchema, ...errors },
      },
    },
    async (request) =>
      service.setStatus(
        request.user as Caller,
        idParam(request.params.id, 'report'),
        request.body.status,
        request.body.reason,
        request.ip,
      ),
  );
}
