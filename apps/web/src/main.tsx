import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { parsePath } from 'react-router';
import './styles/main.scss';
import { LOCALE_OF, routingMode } from './app/addresses';
import { Providers } from './app/providers';
import { AppRouter, startScreen } from './app/router';
import { hydrateInParts } from './components/deferred';
import { initI18n, rememberLocale } from './i18n';
import { applyDeferredSheet, applyDeferredSheetOnChange, deferredSheetLoaded } from './lib/deferred-sheet';
import { queryClient } from './lib/query-client';
import { restoreStored } from './stores/restore';

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

const root = document.getElementById('root')!;
const mode = routingMode(window.location);
const state = mode.kind === 'path' ? serverState() : null;
if (state) {
  hydrate(queryClient, state);
  // The rendered page keeps its inlined rules until it needs more (decision 338).
  applyDeferredSheetOnChange(root);
}
// A screen the browser renders itself starts from the stored session and cart; a server-rendered
// page reads them once its first part has hydrated (below, decision 318).
else restoreStored();
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
  deferredSheetLoaded(),
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
if (state) {
  hydrateInParts(() => hydrateRoot(root, app));
  setTimeout(() => {
    restoreStored();
    rememberLocale();
  }, 0);
} else {
  applyDeferredSheet();
  rememberLocale();
  createRoot(root).render(app);
}
