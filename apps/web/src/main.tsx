import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { parsePath } from 'react-router';
import './styles/main.scss';
import { LOCALE_OF, routingMode } from './app/addresses';
import { Providers } from './app/providers';
import { AppRouter, startScreen } from './app/router';
import { hydrateInParts } from './components/deferred';
import { initI18n } from './i18n';
import { queryClient } from './lib/query-client';

/**
 * The data a server-rendered page was rendered with. The server sends a page only while nothing
 * it shows has been written since (its cache empties on every catalogue write), so the data
 * counts as fetched now: no query fetches again what the HTML already carries.
 */
function serverState(): DehydratedState | null {
  const script = document.getElementById('mg-state');
  if (!script?.textContent) return null;
  const state = JSON.parse(script.textContent) as DehydratedState;
  const now = Date.now();
  for (const query of state.queries) query.state.dataUpdatedAt = now;
  return state;
}

/**
 * A server-rendered page carries the style rules its markup needs and loads the app's style sheet
 * without blocking its first paint (`media="print"`, decision 298); the sheet applies before the
 * app renders anything the markup did not have.
 */
function deferredSheet(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[data-deferred-sheet]');
  if (!link) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const apply = () => {
      link.media = 'all';
      resolve();
    };
    if (link.sheet) apply();
    else {
      link.addEventListener('load', apply, { once: true });
      link.addEventListener('error', apply, { once: true });
    }
  });
}

const mode = routingMode(window.location);
const state = mode.kind === 'path' ? serverState() : null;
if (state) hydrate(queryClient, state);
const route =
  mode.kind === 'path'
    ? {
        pathname: window.location.pathname.slice(mode.language.length + 1) || '/',
        search: window.location.search,
      }
    : parsePath(window.location.hash.slice(1) || '/');

// The first screen's code, the data it shows first and the messages of the chosen language load
// side by side before the first render, so the page paints once, complete and without flicker.
// A server-rendered page only loads its code: its data came with it, and it hydrates.
await Promise.all([
  deferredSheet(),
  initI18n(mode.kind === 'path' ? LOCALE_OF[mode.language] : undefined),
  startScreen(state ? null : queryClient, route.pathname || '/', route.search ?? ''),
]);
const app = (
  <StrictMode>
    <Providers serverRendered={Boolean(state)}>
      <AppRouter mode={mode} />
    </Providers>
  </StrictMode>
);
const root = document.getElementById('root')!;
if (state) hydrateInParts(() => hydrateRoot(root, app));
else createRoot(root).render(app);
