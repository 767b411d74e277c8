import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { isSafeKey } from './keys.ts';

/** Serves stored images with long cache headers: the server gives every upload a new random name, so a name's content never changes. */
export async function mediaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isSafeKey(key)) return reply.status(404).send({ detail: 'No such image.' });
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
