import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { parsePath } from 'react-router';
import './styles/main.scss';
import { Providers } from './app/providers';
import { AppRouter, startScreen } from './app/router';
import { initI18n } from './i18n';
import { queryClient } from './lib/query-client';

// The first screen's code, the data it shows first and the messages of the chosen language load
// side by side before the first render, so the page paints once, complete and without flicker.
const { pathname = '/', search = '' } = parsePath(window.location.hash.slice(1) || '/');
await Promise.all([initI18n(), startScreen(queryClient, pathname || '/', search)]);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
