/**
 * The server's renderer: the same app as main.tsx, rendered to HTML for one public page with
 * the data the server loaded (docs/decisions/210). Built by `vite build --ssr` into dist-ssr/ and
 * loaded by apps/server/src/modules/pages; it imports nothing of the server.
 *
 * renderToString is synchronous, which matters: the language's messages live in a module-wide
 * store, set just before a render and read during it, with no other render in between.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import type { RenderRequest, RenderResult } from '@marktgasse/shared';
import { LOCALE_OF } from './app/addresses';
import { Layout } from './app/layout';
import { seedPageData } from './app/page-data';
import { Providers } from './app/providers';
import { ServerRouter, serverRoutes, startScreen } from './app/router';
import { renderShell, ShellSlot, spliceShell, type Shell } from './app/shell-splice';
import { loadMessages, translate, useI18n, type Locale, type Messages } from './i18n';
import {
  productMarkup,
  productMarkupShape,
  type MarkupContext,
} from './features/catalogue/routes/product-markup';
import { categoryLabel } from './components/categories/category-label';

const messages = new Map<Locale, Messages>();

/**
 * A page kind's screen code, loaded once: matching the whole route table (react-router compiles
 * every route's pattern on each match) was about a fifth of a render; a kind always opens the same
 * screen.
 */
const SCREEN_OF: Record<RenderRequest['page']['kind'], string> = {
  home: '/',
  search: '/search',
  product: '/product/1',
  seller: '/seller/1',
  sellers: '/sellers',
};
const screens = new Map<string, Promise<void>>();
function screenCode(kind: RenderRequest['page']['kind']): Promise<void> {
  let loading = screens.get(kind);
  if (!loading) screens.set(kind, (loading = startScreen(null, SCREEN_OF[kind], '')));
  return loading;
}

async function messagesOf(locale: Locale): Promise<Messages> {
  let loaded = messages.get(locale);
  if (!loaded) messages.set(locale, (loaded = await loadMessages(locale)));
  return loaded;
}

type Kind = RenderRequest['page']['kind'];

/** The screens a kind's address can open (home and search are one screen, decision 262). */
const PATHS_OF: Record<Kind, readonly (string | null)[]> = {
  home: [null, 'search'],
  search: [null, 'search'],
  product: ['product/:id', 'product/:id/:slug'],
  seller: ['seller/:id'],
  sellers: ['sellers'],
};
/** Per kind: the routes with slots for the header and footer, and with the whole layout. */
const tables = new Map<string, ReturnType<typeof serverRoutes>>();
function tableOf(kind: Kind, slots: boolean) {
  const key = `${kind}:${slots}`;
  let table = tables.get(key);
  if (!table) {
    const layout = slots ? (
      <Layout header={<ShellSlot part="header" />} footer={<ShellSlot part="footer" />} />
    ) : (
      <Layout />
    );
    tables.set(key, (table = serverRoutes(PATHS_OF[kind], layout)));
  }
  return table;
}

/**
 * The header and footer of a language's pages of one kind (a kind's address decides which
 * navigation link is current), for a guest; the footer shows the year. Null: not spliceable.
 */
const shells = new Map<string, Shell | null>();
function shellOf(language: string, kind: Kind, location: string): Shell | null {
  const key = `${language}:${kind}:${new Date().getFullYear()}`;
  if (!shells.has(key)) shells.set(key, renderShell(location, `/${language}`));
  return shells.get(key) ?? null;
}

function renderApp(
  client: QueryClient,
  location: string,
  basename: string,
  table: ReturnType<typeof tableOf>,
) {
  return renderToString(
    <StrictMode>
      <Providers client={client} serverRendered>
        <ServerRouter location={location} basename={basename} table={table} />
      </Providers>
    </StrictMode>,
  );
}

/** The page's data as the browser's query client takes it over (seeded, then dehydrated). */
function pageState(page: RenderRequest['page']) {
  // Nothing is fetched on the server: what a screen asks for beyond the page's data stays pending.
  // The page's data counts as fresh (as in the browser, main.tsx): a query with data of its own is
  // not "fetching" while rendering, so no spinner renders that hydration would not.
  const client = new QueryClient({
    defaultOptions: { queries: { enabled: false, retry: false, staleTime: Infinity } },
  });
  seedPageData(client, page);
  return client;
}

/**
 * The page's data without the moments it was seeded and dehydrated: the same data makes the same
 * page, so its ETag holds across the read cache's generations (a browser's or crawler's
 * revalidation gets a 304) and its compressed bytes are kept (lib/public-answer.ts). The browser
 * dates the data when the page arrives (main.tsx).
 */
function undated(client: QueryClient): DehydratedState {
  const state = dehydrate(client);
  client.clear();
  for (const query of state.queries) {
    query.dehydratedAt = 0;
    query.state.dataUpdatedAt = 0;
  }
  return state;
}

/**
 * A product page's markup around its screen (`<main>`'s content), per language and year (the
 * footer's), taken from the screen's own render; null: the written markup differed from the
 * screen's in that language, and the screen renders every page (docs/decisions/307).
 */
const frames = new Map<string, { before: string; after: string } | null>();
const MAIN = '<main id="main" tabindex="-1">';
/**
 * Preact numbers `useId` values in render order (shell-splice.tsx): the header's is `P0-0`, the
 * product's rating `P0-1`, each review's rating the next; the footer's language switcher takes
 * the one after them, which the frame keeps as this placeholder.
 */
const FOOTER_ID = '"\u0000footer-id\u0000"';
const footerId = (reviews: number) => `"P0-${reviews + 2}"`;
/** Every this many written product pages, one is rendered by the screen as well and compared. */
const CHECK_EVERY = 1000;
let written = 0;

/** How many product pages were written rather than rendered by the screen (the tests ask). */
export const writtenProductPages = () => written;

function markupContext(language: string, locale: Locale, messages: Messages): MarkupContext {
  return {
    t: (key, vars) => translate(messages, key, vars),
    locale,
    basename: `/${language}`,
    label: (name) => categoryLabel(messages, name),
  };
}

/**
 * The screen's render of a product page, compared with the written markup: the frame when both
 * agree, the fast path off for the language when they do not.
 */
function checkProductMarkup(key: string, html: string, markup: string, reviews: number): void {
  const start = html.indexOf(MAIN) + MAIN.length;
  const end = html.lastIndexOf('</main>');
  const after = html.slice(end);
  const ids = new Set(after.match(/"P\d+-\d+"/g));
  const framed = start >= MAIN.length && end >= start && ids.size === 1 && ids.has(footerId(reviews));
  if (framed && html.slice(start, end) === markup) {
    frames.set(key, { before: html.slice(0, start), after: after.replaceAll(footerId(reviews), FOOTER_ID) });
    return;
  }
  frames.set(key, null);
  console.error(
    `The written product page (${key}) differs from the product screen's render; the screen renders these pages from now on (docs/decisions/307).`,
  );
}

/**
 * `splice: false` renders the header and footer with the page each time (the tests compare both);
 * `write: false` renders a product page with the screen even where its markup could be written.
 */
export async function render(
  { language, path, page }: RenderRequest,
  { splice = true, write = true }: { splice?: boolean; write?: boolean } = {},
): Promise<RenderResult> {
  const locale = LOCALE_OF[language];
  const [localeMessages] = await Promise.all([messagesOf(locale), screenCode(page.kind)]);
  const client = pageState(page);
  const writable = page.kind === 'product' && splice && write ? page : null;
  const key = `${language}:${new Date().getFullYear()}`;
  const frame = writable ? frames.get(key) : null;
  const markup =
    writable && frame !== null
      ? productMarkup(writable.product, writable.reviews, markupContext(language, locale, localeMessages))
      : null;
  const reviews = writable?.reviews.length ?? 0;
  if (writable && frame && markup !== null && ++written % CHECK_EVERY !== 0) {
    const state = undated(client);
    const after = frame.after.replaceAll(FOOTER_ID, footerId(reviews));
    // The frame is the language's; the key says the rest (decision 313).
    const shape = `${key}:${productMarkupShape(writable.product, writable.reviews)}`;
    return { html: frame.before + markup + after, state, shape };
  }
  useI18n.setState({ locale, messages: localeMessages });
  const location = `/${language}${path}`;
  const basename = `/${language}`;
  const shell = splice ? shellOf(language, page.kind, location) : null;
  const html =
    (shell && spliceShell(renderApp(client, location, basename, tableOf(page.kind, true)), shell)) ??
    renderApp(client, location, basename, tableOf(page.kind, false));
  if (markup === null || !writable) return { html, state: undated(client) };
  checkProductMarkup(key, html, markup, reviews);
  // The screen's render, checked equal to the written markup, is the written page: it has the shape.
  const shape = frames.get(key)
    ? `${key}:${productMarkupShape(writable.product, writable.reviews)}`
    : undefined;
  return { html, state: undated(client), shape };
}
