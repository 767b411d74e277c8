import type { FastifyInstance } from 'fastify';
import { errorBodySchema, healthSchema, publicConfigSchema } from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { HealthRepo } from './repo.ts';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const repo = new HealthRepo(ctx.database.db);
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: healthSchema, 503: errorBodySchema },
      },
    },
    async (_request, reply) => {
      try {
        await repo.ping();
        return { status: 'ok' as const, database: ctx.database.engine };
      } catch {
        return reply.status(503).send({ detail: 'The database is not reachable.' });
      }
    },
  );

  app.get(
    '/api/config/',
    {
      schema: {
        tags: ['health'],
        summary: 'Public settings the web app needs (remote map style when configured)',
        response: { 200: publicConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { mapStyleUrl: ctx.config.MAP_STYLE_URL ?? null, currency: 'CHF' as const };
    },
  );
}
