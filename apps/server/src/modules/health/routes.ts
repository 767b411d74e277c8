import type { FastifyInstance } from 'fastify';
import { errorBodySchema, healthSchema, publicConfigSchema } from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { databaseFault } from '../../db/outage.ts';
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
      // A known problem (stalled, disk full) answers at once, without a query that would queue.
      const problem = ctx.database.watchdog.problem();
      if (problem) return reply.status(503).header('retry-after', '5').send({ detail: problem.detail });
      try {
        await repo.ping();
        return { status: 'ok' as const, database: ctx.database.engine };
      } catch (error) {
        const known = ctx.database.watchdog.problem();
        return reply
          .status(503)
          .header('retry-after', '5')
          .send({
            detail:
              known?.detail ??
              (databaseFault(error) === 'stalled'
                ? 'The database is not answering: a query has been running too long.'
                : 'The database is not reachable.'),
          });
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
