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
import { dehydrate, QueryClient } from '@tanstack/react-query';
import type { RenderRequest, RenderResult } from '@marktgasse/shared';
import { LOCALE_OF } from './app/addresses';
import { Layout } from './app/layout';
import { seedPageData } from './app/page-data';
import { Providers } from './app/providers';
import { ServerRouter, serverRoutes, startScreen } from './app/router';
import { renderShell, ShellSlot, spliceShell, type Shell } from './app/shell-splice';
import { loadMessages, useI18n, type Locale, type Messages } from './i18n';

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

/**
 * `splice: false` renders the header and footer with the page each time (the tests compare both).
 */
export async function render(
  { language, path, page }: RenderRequest,
  { splice = true }: { splice?: boolean } = {},
): Promise<RenderResult> {
  const locale = LOCALE_OF[language];
  const [localeMessages] = await Promise.all([messagesOf(locale), screenCode(page.kind)]);
  // Nothing is fetched on the server: what a screen asks for beyond the page's data stays pending.
  // The page's data counts as fresh (as in the browser, main.tsx): a query with data of its own is
  // not "fetching" while rendering, so no spinner renders that hydration would not.
  const client = new QueryClient({
    defaultOptions: { queries: { enabled: false, retry: false, staleTime: Infinity } },
  });
  seedPageData(client, page);
  useI18n.setState({ locale, messages: localeMessages });
  const location = `/${language}${path}`;
  const basename = `/${language}`;
  const shell = splice ? shellOf(language, page.kind, location) : null;
  const html =
    (shell && spliceShell(renderApp(client, location, basename, tableOf(page.kind, true)), shell)) ??
    renderApp(client, location, basename, tableOf(page.kind, false));
  const state = dehydrate(client);
  client.clear();
  return { html, state };
}
