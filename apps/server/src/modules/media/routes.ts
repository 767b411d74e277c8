import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { isSafeKey } from './keys.ts';
import { placeholderSvg } from './placeholders.ts';

/** Serves stored images with long cache headers: the server gives every upload a new random name, so a name's content never changes. */
export async function mediaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The default images (decision 167): versioned URLs, so they are cached like uploads.
  app.get('/media/placeholder/:version/:file', { schema: { hide: true } }, async (request, reply) => {
    const { version, file } = request.params as { version: string; file: string };
    const svg = placeholderSvg(version, file);
    if (!svg) return reply.status(404).send({ detail: 'No such image.' });
    return reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg);
  });
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
