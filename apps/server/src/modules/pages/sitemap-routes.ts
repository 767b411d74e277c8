/**
 * /robots.txt, /sitemap.xml (the index) and /sitemaps/{kind}-{n}.xml: `pages-{n}` (home,
 * sellers, map), `sellers-{n}` and `products-{n}`, each at most SITEMAP_URLS_PER_FILE addresses.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sendAnswer, textAnswer } from '../../lib/public-answer.ts';
import { CatalogueService } from '../catalogue/service.ts';
import type { PagesService } from './service.ts';
import {
  pagesPerFile,
  productUrls,
  robotsTxt,
  sitemapDay,
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
  const files = (count: number) => Math.ceil(count / perFile);
  const sendXml = (reply: FastifyReply, xml: string) =>
    reply.header('content-type', XML).header('cache-control', 'public, max-age=3600').send(xml);

  app.get('/robots.txt', (_request, reply) =>
    reply.header('content-type', 'text/plain; charset=utf-8').send(robotsTxt(origin)),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    const [products, sellers] = await Promise.all([catalogue.sitemapEntries(), pages.sellerSummaries()]);
    const newest = products.created.length
      ? sitemapDay(products.created[products.created.length - 1]!)
      : undefined;
    const list = [
      ...Array.from({ length: files(STATIC_PAGES.length) }, (_, i) => ({
        name: `pages-${i + 1}.xml`,
        lastmod: newest,
      })),
      ...Array.from({ length: files(sellers.length) }, (_, i) => ({ name: `sellers-${i + 1}.xml` })),
      ...Array.from({ length: files(products.ids.length) }, (_, i) => ({
        name: `products-${i + 1}.xml`,
        lastmod: sitemapDay(products.created[Math.min(products.ids.length, (i + 1) * perFile) - 1]!),
      })),
    ];
    return sendXml(reply, sitemapIndex(origin, list));
  });

  // A file is written once per catalogue write (5–15 ms for 2,000 addresses) and then sent
  // as the catalogue's cached answers are: an ETag, each compression made once.
  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const match = /^(pages|sellers|products)-([1-9]\d{0,6})\.xml$/.exec(request.params.file);
    if (!match) return reply.callNotFound();
    const answer = await ctx.cache.getOrLoad(`pages:sitemap:${match[0]}`, async () => {
      const urls = await fileUrls(match[1]!, Number(match[2]) - 1);
      return urls && urls.length > 0 ? textAnswer(urlSet(origin, urls)) : null;
    });
    if (!answer) return reply.callNotFound();
    return sendAnswer(request, reply, answer, XML);
  });

  async function fileUrls(kind: string, index: number): Promise<SitemapUrl[] | null> {
    if (kind === 'pages') return STATIC_PAGES.slice(index * perFile, (index + 1) * perFile);
    if (kind === 'products') return productUrls(await catalogue.sitemapEntries(), index, perFile);
    if (kind !== 'sellers') return null;
    const sellers = await pages.sellerSummaries();
    return sellers.slice(index * perFile, (index + 1) * perFile).map((s) => ({ path: `/seller/${s.id}` }));
  }
}
