/**
 * Link-preview images (Open Graph, decision 260): chat apps show JPEG or PNG, not the WebP the
 * media pipeline stores, and want about 1200×630. `/og/<key>.jpg` answers a stored image as a
 * 1200×630 JPEG (the whole picture on white, nothing cropped), made from its large WebP on the
 * first request and kept beside it in the media storage (`<key>-og.jpg`): an image key's content
 * never changes, so neither does its preview. Default drawings (products without a photo) become
 * a JPEG the same way, made once per process.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import sharp from 'sharp';
import type { AppContext } from '../../context.ts';
import { isSafeKey } from '../media/keys.ts';
import { placeholderSvg } from '../media/placeholders.ts';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

const STORED = /^\/media\/((?:products|stores|profiles)\/[a-z0-9_-]{1,100})\.webp$/;
const DRAWN = /^\/media\/placeholder\/([a-z0-9]{1,8})\/([a-z]{1,20})\.svg$/;

/**
 * The preview's address of an image URL as the answers give it (`/media/products/x.webp`,
 * `/media/placeholder/v1/product.svg`), or null for anything else.
 */
export function ogImagePath(imageUrl: string): string | null {
  const stored = STORED.exec(imageUrl);
  if (stored) return `/og/${stored[1]}.jpg`;
  const drawn = DRAWN.exec(imageUrl);
  return drawn ? `/og/placeholder/${drawn[1]}/${drawn[2]}.jpg` : null;
}

/** Any picture as a 1200×630 JPEG: fitted whole, on white. */
function toPreview(input: Buffer): Promise<Buffer> {
  return sharp(input, { limitInputPixels: 25_000_000 })
    .resize(OG_WIDTH, OG_HEIGHT, { fit: 'contain', background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

export async function ogImageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // One conversion per image however many previews ask at once.
  const making = new Map<string, Promise<Buffer | null>>();
  const drawings = new Map<string, Promise<Buffer>>();

  async function stored(base: string): Promise<Buffer | null> {
    const key = `${base}-og.jpg`;
    const kept = await ctx.media.get(key);
    if (kept) return kept;
    const source = await ctx.media.get(`${base}.webp`);
    if (!source) return null;
    const jpeg = await toPreview(source);
    await ctx.media.put(key, jpeg, 'image/jpeg');
    return jpeg;
  }

  const send = (reply: FastifyReply, jpeg: Buffer | null) =>
    jpeg
      ? reply
          .header('content-type', 'image/jpeg')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(jpeg)
      : reply.status(404).send({ detail: 'No such image.' });

  app.get<{ Params: { version: string; file: string } }>(
    '/og/placeholder/:version/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const svg = placeholderSvg(request.params.version, request.params.file.replace(/\.jpg$/, '.svg'));
      if (!svg || !request.params.file.endsWith('.jpg')) return send(reply, null);
      const name = `${request.params.version}/${request.params.file}`;
      let jpeg = drawings.get(name);
      if (!jpeg) drawings.set(name, (jpeg = toPreview(Buffer.from(svg))));
      return send(reply, await jpeg);
    },
  );

  app.get<{ Params: { '*': string } }>('/og/*', { schema: { hide: true } }, async (request, reply) => {
    const base = /^((?:products|stores|profiles)\/[a-z0-9_-]{1,100})\.jpg$/.exec(request.params['*'])?.[1];
    if (!base || !isSafeKey(`${base}.webp`)) return send(reply, null);
    let pending = making.get(base);
    if (!pending) {
      pending = stored(base)
        .catch(() => null)
        .finally(() => making.delete(base));
      making.set(base, pending);
    }
    return send(reply, await pending);
  });
}
