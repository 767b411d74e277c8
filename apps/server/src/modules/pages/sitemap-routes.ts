/**
 * /robots.txt, /sitemap.xml (the index) and /sitemaps/{kind}-{n}.xml: `pages-{n}` (home,
 * sellers, map), `sellers-{n}` and `products-{n}`, each at most SITEMAP_URLS_PER_FILE addresses.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sendAnswer, textAnswer } from '../../lib/public-answer.ts';
import { CatalogueService } from '../catalogue/service.ts';
import type { PagesService } from './service.ts';
import {
  indexFiles,
  pagesPerFile,
  productUrls,
  robotsTxt,
  sitemapIndex,
  urlSet,
  type SitemapUrl,
} from './sitemap.ts';

const XML = 'application/xml; charset=utf-8';
const STATIC_PAGES: SitemapUrl[] = [{ path: '/' }, { path: '/sellers' }, { path: '/map' }];

export async function sitemapRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  pages: PagesService,
  origin: string,
) {
  const catalogue = new CatalogueService(ctx);
  const perFile = pagesPerFile(ctx.config.SITEMAP_URLS_PER_FILE);
  // The sellers, held as the live products' list is (an aggregate over the catalogue, 20-40 ms
  // at 100,000 products): no request waits for it after a write (decision 339).
  let sellerLoads = 0;
  const sellers = () =>
    ctx.cache.getLatest('pages:sitemap:sellers', async () => ({
      list: await pages.sellerSummaries(),
      version: ++sellerLoads,
    }));

  app.get('/robots.txt', (_request, reply) =>
    reply.header('content-type', 'text/plain; charset=utf-8').send(robotsTxt(origin)),
  );

  // The index is written once per load of the lists it counts (800 files at 100,000 products).
  app.get('/sitemap.xml', async (request, reply) => {
    const [products, sellersHeld] = await Promise.all([catalogue.sitemapEntries(), sellers()]);
    const key = `pages:sitemap:index@${products.version}-${sellersHeld.version}`;
    const answer = await ctx.cache.getOrLoad(key, async () =>
      textAnswer(
        sitemapIndex(
          origin,
          indexFiles(products, { pages: STATIC_PAGES.length, sellers: sellersHeld.list.length }, perFile),
        ),
      ),
    );
    return sendAnswer(request, reply, answer, XML);
  });

  // A file is written once per load of the list it comes from, kept under that load (which can
  // be older than the cache's last write), and sent as the catalogue's cached answers are: an
  // ETag, each compression made once.
  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const match = /^(pages|sellers|products)-([1-9]\d{0,6})\.xml$/.exec(request.params.file);
    if (!match) return reply.callNotFound();
    const [kind, index] = [match[1]!, Number(match[2]) - 1];
    const slice = <T>(list: T[]) => list.slice(index * perFile, (index + 1) * perFile);
    let urls: () => SitemapUrl[];
    let version = 0;
    if (kind === 'products') {
      const products = await catalogue.sitemapEntries();
      urls = () => productUrls(products, index, perFile);
      version = products.version;
    } else if (kind === 'sellers') {
      const held = await sellers();
      urls = () => slice(held.list).map((s) => ({ path: `/seller/${s.id}` }));
      version = held.version;
    } else urls = () => slice(STATIC_PAGES);
    const answer = await ctx.cache.getOrLoad(`pages:sitemap:${match[0]}@${version}`, async () => {
      const list = urls();
      return list.length > 0 ? textAnswer(urlSet(origin, list)) : null;
    });
    if (!answer) return reply.callNotFound();
    return sendAnswer(request, reply, answer, XML);
  });
}
