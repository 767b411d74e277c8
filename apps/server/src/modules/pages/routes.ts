/**
 * The public pages at their path addresses (docs/decisions/210): `/{lang}/…` server-rendered
 * with their data, head and structured data; the bare addresses send the visitor to their
 * language; `/` stays the entry of the hash-routed app (`/#/product/42`, spec §2); signed-in
 * screens answer the app's shell with `noindex`. Rendered pages are kept in the read cache,
 * which every catalogue write empties; product pages are also stored in the database beside
 * the version of what they show (decision 316).
 */
import cluster from 'node:cluster';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageLanguage } from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import {
  sameAsBefore,
  sendAnswer,
  splitAnswer,
  textAnswer,
  type RenderedAnswer,
} from '../../lib/public-answer.ts';
import { inLanguage, isPageLanguage, pickLanguage, siteOrigin } from './addresses.ts';
import type { PageDocuments } from './document.ts';
import { headHtml } from './head.ts';
import { homeHead, mapHead, plainHead } from './heads.ts';
import { ogImageRoutes } from './og-image.ts';
import { PagesService, type PageOutcome, type SearchAsked } from './service.ts';
import { StoredPages, writeAheadLanguages } from './stored-pages.ts';
import { sitemapRoutes } from './sitemap-routes.ts';

type LangParams = { lang: string };
const HTML = 'text/html; charset=utf-8';
const BARE_PAGES = ['/product/:id', '/product/:id/:slug', '/seller/:id', '/sellers', '/map', '/search'];

/** The sort and filters a search address may carry (the web's list options). */
const SEARCH_OPTIONS = ['sort', 'min_price', 'max_price', 'in_stock', 'pickup_city'] as const;

/**
 * A search address's term, sort, filters and offset; null when it searches nothing (a term of
 * fewer than two characters, as the app's search box) or its offset is not one of our links'.
 */
function searchAsked(query: Record<string, string | string[] | undefined>): SearchAsked | null {
  const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);
  const term = one(query.q)?.trim() ?? '';
  const offset = one(query.offset) ?? '0';
  if (term.length < 2 || !/^(0|[1-9]\d{0,6})$/.test(offset)) return null;
  const options: Record<string, string> = {};
  for (const key of SEARCH_OPTIONS) {
    const value = one(query[key]);
    if (value) options[key] = value;
  }
  return { term, options, offset: Number(offset) };
}

/** A positive integer id from a path segment, or null. */
const pageId = (value: string) => (/^[1-9]\d{0,9}$/.test(value) ? Number(value) : null);

/** The language of a `/:lang/…` address, or null (a 404 as for any unknown address). */
const languageOf = (request: FastifyRequest<{ Params: LangParams }>) =>
  isPageLanguage(request.params.lang) ? request.params.lang : null;

export async function pagesRoutes(app: FastifyInstance, ctx: AppContext, documents: PageDocuments) {
  const origin = siteOrigin(ctx.config);
  const service = new PagesService(ctx, origin);
  const stored = new StoredPages(ctx, documents, origin, app.log);
  const answers = pageAnswers(ctx, service, origin, documents);
  const products = productAnswers(ctx, answers, stored);
  writeAhead(app, ctx, products);
  listPageRoutes(app, answers);
  shopPageRoutes(app, answers, products);
  appPageRoutes(app, answers);
  await sitemapRoutes(app, ctx, service, origin);
  await ogImageRoutes(app, ctx);
}

/** How the page routes answer: an HTML page as it is, the app's shell, a rendered page. */
function pageAnswers(ctx: AppContext, service: PagesService, origin: string, documents: PageDocuments) {
  const send = (reply: FastifyReply, status: number, html: string, cacheable: boolean) =>
    reply
      .status(status)
      .header('content-type', HTML)
      .header('cache-control', cacheable ? 'public, no-cache' : 'no-store')
      .send(html);

  /** The app's shell with a plain head: client-rendered screens, missing pages. */
  const shell = (reply: FastifyReply, language: PageLanguage, path: string, status = 200) =>
    send(
      reply,
      status,
      documents.compose({ language, head: headHtml(plainHead(language, path, status !== 200), origin) }),
      false,
    );

  /**
   * A rendered page, from the read cache while nothing was written, sent as the catalogue's
   * cached answers are: bytes made once, an ETag, each compression made once.
   */
  async function page(
    request: FastifyRequest,
    reply: FastifyReply,
    language: PageLanguage,
    load: () => Promise<PageOutcome>,
  ) {
    const path = request.url.slice(language.length + 1) || '/';
    // The answer itself is the cached value (the cache weighs it by its bytes; wrapped in another
    // object it was weighed by JSON-encoding the buffer, byte by byte, on every miss).
    const key = `pages:${language}:${path}`;
    const rendered = await ctx.cache.getOrLoad<RenderedAnswer | { missing: 404 | 410 }>(key, async () => {
      const outcome = await load();
      if (outcome.status !== 200) return { missing: outcome.status };
      const body = outcome.page ? await documents.render({ language, path, page: outcome.page }) : null;
      const head = headHtml(outcome.head, origin);
      // A page rendered again with the same bytes keeps its ETag and compressed forms.
      return sameAsBefore(
        ctx,
        key,
        body
          ? splitAnswer(documents.split({ language, head, body, screen: outcome.page?.kind }))
          : textAnswer(documents.compose({ language, head })),
      );
    });
    if ('missing' in rendered) return shell(reply, language, path, rendered.missing);
    return sendAnswer(request, reply, rendered, HTML);
  }

  return { service, origin, documents, send, shell, page };
}
type PageAnswers = ReturnType<typeof pageAnswers>;

/** A product's page: stored, or rendered and stored (decision 316). */
function productAnswers(
  ctx: AppContext,
  { service, origin, documents, shell }: PageAnswers,
  stored: StoredPages,
) {
  /**
   * A product's page rendered now: the answer and the row to store (decision 316), or the
   * missing page's status. `version` is the product's page version read before its data.
   */
  async function renderProduct(id: number, language: PageLanguage, path: string, version: number) {
    const outcome = await service.product(language, id);
    if (outcome.status !== 200) return { missing: outcome.status };
    const head = headHtml(outcome.head, origin);
    const body = outcome.page ? await documents.render({ language, path, page: outcome.page }) : null;
    if (!body) return { answer: textAnswer(documents.compose({ language, head })), row: null };
    const split = documents.split({ language, head, body, screen: outcome.page?.kind });
    return stored.prepared(id, language, version, split, body.shape);
  }

  /**
   * A product's page: from the read cache, else the stored page while it is current, else
   * rendered now and stored after the answer. `server-timing` says which (`page;desc=…`).
   */
  async function productPage(
    request: FastifyRequest,
    reply: FastifyReply,
    language: PageLanguage,
    id: number,
  ) {
    const path = request.url.slice(language.length + 1) || '/';
    let source = 'memory';
    // One entry per product and language: the page is the same under any slug or query (its
    // canonical link names the one address), as the stored page is.
    const answer = await ctx.cache.getOrLoad<RenderedAnswer | { missing: 404 | 410 }>(
      `pages:${language}:product:${id}`,
      async () => {
        const found = await stored.stored(id, language);
        source = 'stored';
        if (found.answer) return found.answer;
        source = 'rendered';
        const made = await renderProduct(id, language, path, found.version);
        if ('missing' in made) return made;
        if (made.row) stored.keep(made.row);
        return made.answer;
      },
    );
    reply.header('server-timing', `page;desc="${source}"`);
    if ('missing' in answer) return shell(reply, language, path, answer.missing);
    return sendAnswer(request, reply, answer, HTML);
  }

  return { productPage, renderProduct, stored };
}
type ProductAnswers = ReturnType<typeof productAnswers>;

/** The home page's shelves and search results. */
function listPageRoutes(app: FastifyInstance, { service, shell, page }: PageAnswers): void {
  app.get<{ Params: LangParams; Querystring: Record<string, string | undefined> }>(
    '/:lang/',
    (request, reply) => {
      const language = languageOf(request);
      if (!language) return reply.callNotFound();
      const { category, subcategory, offset = '0' } = request.query;
      // Offsets as the list's Load More links make them; anything else is no page of ours.
      if (!/^(0|[1-9]\d{0,6})$/.test(offset))
        return shell(reply, language, request.url.slice(language.length + 1), 404);
      const shelf = { category, subcategory, offset: Number(offset) };
      return page(request, reply, language, () => service.home(language, shelf));
    },
  );

  // Search results (decision 262): `?q=` with the list's sort and filters; a later page from `offset`.
  app.get<{ Params: LangParams; Querystring: Record<string, string | undefined> }>(
    '/:lang/search',
    (request, reply) => {
      const language = languageOf(request);
      if (!language) return reply.callNotFound();
      const asked = searchAsked(request.query);
      if (!asked) return shell(reply, language, request.url.slice(language.length + 1), 404);
      return page(request, reply, language, () => service.search(language, asked, request));
    },
  );
}

/** A product's page, a seller's, the sellers'. */
function shopPageRoutes(
  app: FastifyInstance,
  { service, shell, page }: PageAnswers,
  { productPage: product }: ProductAnswers,
): void {
  app.get<{ Params: LangParams & { id: string } }>('/:lang/product/:id', productPage);
  app.get<{ Params: LangParams & { id: string; slug: string } }>('/:lang/product/:id/:slug', productPage);
  async function productPage(
    request: FastifyRequest<{ Params: LangParams & { id: string } }>,
    reply: FastifyReply,
  ) {
    const language = languageOf(request);
    if (!language) return reply.callNotFound();
    const id = pageId(request.params.id);
    if (!id) return shell(reply, language, request.url.slice(language.length + 1), 404);
    return product(request, reply, language, id);
  }

  app.get<{ Params: LangParams & { id: string } }>('/:lang/seller/:id', (request, reply) => {
    const language = languageOf(request);
    if (!language) return reply.callNotFound();
    const id = pageId(request.params.id);
    if (!id) return shell(reply, language, request.url.slice(language.length + 1), 404);
    return page(request, reply, language, () => service.seller(language, id));
  });

  app.get<{ Params: LangParams }>('/:lang/sellers', (request, reply) => {
    const language = languageOf(request);
    if (!language) return reply.callNotFound();
    return page(request, reply, language, () => service.sellers(language));
  });
}

/** How often the write-ahead looks for pages to write again (changed products, a new build). */
const WRITE_AHEAD_EVERY_MS = 5 * 60_000;

/**
 * The write-ahead (PAGES_WRITE_AHEAD, decision 316): every live product's page in the named
 * languages is rendered and stored in the background, at the start and every few minutes for
 * what changed since, so a crawler's first visit finds it written.
 */
function writeAhead(app: FastifyInstance, ctx: AppContext, { stored, renderProduct }: ProductAnswers): void {
  const languages = writeAheadLanguages(ctx.config.PAGES_WRITE_AHEAD);
  // In a cluster the first worker writes for all: the rows are shared.
  if (languages.length === 0 || (cluster.isWorker && cluster.worker?.id !== 1)) return;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const sweep = () => {
    const started = Date.now();
    running = stored
      .writeAhead(
        languages,
        async (id, language, version) => {
          const made = await renderProduct(id, language, `/product/${id}`, version);
          return 'missing' in made ? null : made.row;
        },
        () => stopped,
      )
      .then((count) => {
        if (count > 0)
          app.log.info({ pages: count, ms: Date.now() - started }, 'product pages written ahead');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'product pages not written ahead'))
      .finally(() => {
        if (!stopped) timer = setTimeout(sweep, WRITE_AHEAD_EVERY_MS).unref();
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(sweep, 1_000).unref();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
    await stored.written();
  });
}

/** The map, the app's other screens, the entry `/` and the bare addresses. */
function appPageRoutes(app: FastifyInstance, { origin, documents, send, shell }: PageAnswers): void {
  // The map draws in the browser (WebGL); its address still has a head of its own.
  app.get<{ Params: LangParams }>('/:lang/map', (request, reply) => {
    const language = languageOf(request);
    if (!language) return reply.callNotFound();
    return send(reply, 200, documents.compose({ language, head: headHtml(mapHead(language), origin) }), true);
  });

  app.get<{ Params: LangParams & { '*': string } }>('/:lang/*', (request, reply) => {
    const language = languageOf(request);
    if (!language) return reply.callNotFound();
    return shell(reply, language, `/${request.params['*']}`);
  });

  // The spec's entry: the hash-routed app, in the visitor's language, pointing at the path addresses.
  app.get('/', (request, reply) => {
    const language = pickLanguage(request.headers['accept-language']);
    reply.header('vary', 'accept-language');
    const head = headHtml(homeHead(language, origin), origin);
    return send(reply, 200, documents.compose({ language, head }), false);
  });

  for (const bare of BARE_PAGES)
    app.get(bare, (request, reply) => {
      const language = pickLanguage(request.headers['accept-language']);
      return reply.header('vary', 'accept-language').redirect(inLanguage(language, request.url), 302);
    });
}
