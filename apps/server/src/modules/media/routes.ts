import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { SAFE_KEY } from './storage.ts';

/** Serves stored images with long cache headers; names are content-addressed by the server, so they never change. */
export async function mediaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!SAFE_KEY.test(key) || key.includes('..'))
      return reply.status(404).send({ detail: 'No such image.' });
    const body = await ctx.media.get(key);
    if (!body) return reply.status(404).send({ detail: 'No such image.' });
    return reply
      .header(
        'content-type',
        key.endsWith('.png') ? 'image/png' : key.endsWith('.jpg') ? 'image/jpeg' : 'image/webp',
      )
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });
}
