import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
          503: z.object({ detail: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await ctx.database.db.execute(sql`select 1`);
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
        response: { 200: z.object({ mapStyleUrl: z.string().nullable(), currency: z.literal('CHF') }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { mapStyleUrl: ctx.config.MAP_STYLE_URL ?? null, currency: 'CHF' as const };
    },
  );
}
