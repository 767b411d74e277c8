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
import { seedPageData } from './app/page-data';
import { Providers } from './app/providers';
import { ServerRouter, startScreen } from './app/router';
import { loadMessages, useI18n, type Locale, type Messages } from './i18n';

const messages = new Map<Locale, Messages>();

async function messagesOf(locale: Locale): Promise<Messages> {
  let loaded = messages.get(locale);
  if (!loaded) messages.set(locale, (loaded = await loadMessages(locale)));
  return loaded;
}

export async function render({ language, path, page }: RenderRequest): Promise<RenderResult> {
  const locale = LOCALE_OF[language];
  const [localeMessages] = await Promise.all([
    messagesOf(locale),
    startScreen(null, new URL(path, 'http://x').pathname, ''),
  ]);
  // Nothing is fetched on the server: what a screen asks for beyond the page's data stays pending.
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } });
  seedPageData(client, page);
  useI18n.setState({ locale, messages: localeMessages });
  const html = renderToString(
    <StrictMode>
      <Providers client={client} serverRendered>
        <ServerRouter location={`/${language}${path}`} basename={`/${language}`} />
      </Providers>
    </StrictMode>,
  );
  const state = dehydrate(client);
  client.clear();
  return { html, state };
}
