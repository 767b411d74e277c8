/**
 * Serves the built web app from apps/web/dist (the pages module owns it: the app's index.html is
 * the pages' template): hashed assets with immutable caching; the
 * pages (server-rendered, or the app's shell) come from modules/pages, with the web build's
 * index.html as their template. /api/* never falls back to HTML. The web
 * build writes brotli and gzip copies of its text files (`precompress` in apps/web/vite.config.ts);
 * `preCompressed` sends the one the browser accepts instead of compressing on the fly.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { PageDocuments } from './document.ts';
import { pagesRoutes } from './routes.ts';

/** The built web app, unless WEB_DIST_DIR points elsewhere (tests that build into their own folder). */
const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/dist');

export async function webRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const webDist = ctx.config.WEB_DIST_DIR ? path.resolve(ctx.config.WEB_DIST_DIR) : DEFAULT_WEB_DIST;
  // Without a build the pages still answer (head, structured data, sitemaps), with a bare body.
  await pagesRoutes(app, ctx, PageDocuments.fromBuild(webDist));
  if (!existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn(`web app build missing at ${webDist}; run npm run build`);
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    // `/` is the pages' (modules/pages/routes.ts), not index.html as it was built.
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'no-cache');
    },
  });
}
