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
}
