/**
 * Routes for `npm run bench` only (BENCH_CEILING=true, never in a normal start): the bare
 * JSON route that is the ceiling every case is compared with, and stock helpers for the
 * order-placement case on PGlite, whose data directory only the server process may open.
 */
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { stockAllocations, stocks } from '../db/schema.ts';

export async function benchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/bench/ceiling', { schema: { hide: true } }, async () => ({
    ok: true,
    service: 'marktgasse',
  }));
  app.post('/api/bench/stock', { schema: { hide: true } }, async (request) => {
    const ids = ((request.body as { productIds?: number[] }).productIds ?? []).map(Number);
    await ctx.database.db.update(stocks).set({ number: 1_000_000 }).where(inArray(stocks.productId, ids));
    const rows = await ctx.database.db
      .select({ n: sql<number>`coalesce(sum(${stocks.number}),0)::int` })
      .from(stocks)
      .where(inArray(stocks.productId, ids));
    startTotals.set(ids.join(','), rows[0]?.n ?? 0);
    return { ok: true };
  });
  app.get('/api/bench/stock-check', { schema: { hide: true } }, async (request) => {
    const ids = String((request.query as { ids?: string }).ids ?? '')
      .split(',')
      .map(Number);
    // One transaction (one snapshot): orders still committing cannot fall between the two sums.
    const [stock, reserved] = await ctx.database.db.transaction(async (tx) => [
      (
        await tx
          .select({ n: sql<number>`coalesce(sum(${stocks.number}),0)::int` })
          .from(stocks)
          .where(inArray(stocks.productId, ids))
      )[0],
      (
        await tx
          .select({ n: sql<number>`coalesce(sum(${stockAllocations.quantity}),0)::int` })
          .from(stockAllocations)
          .where(sql`${stockAllocations.productId} in ${ids} and ${stockAllocations.releasedAt} is null`)
      )[0],
    ]);
    const start = startTotals.get(ids.join(',')) ?? 0;
    return {
      start,
      stock: stock?.n ?? 0,
      reserved: reserved?.n ?? 0,
      difference: start - (stock?.n ?? 0) - (reserved?.n ?? 0),
    };
  });
}

const startTotals = new Map<string, number>();
