import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditListQuerySchema, errorBodySchema, pagedAudit } from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { AuditService } from './service.ts';

export async function auditRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = new AuditService(ctx);
  app.get(
    '/api/admin/audit/',
    {
      preValidation: requirePermission('admin'),
      schema: {
        tags: ['admin'],
        summary:
          'The audit log, newest first (paged): filter by action, staff (user id) or object (`product:12`). Nothing can change or delete it.',
        security: [{ bearer: [] }],
        querystring: auditListQuerySchema,
        response: { 200: pagedAudit, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => service.list(request.query),
  );
}
