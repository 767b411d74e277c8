import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './styles/main.scss';
import { Providers } from './app/providers';
import { router } from './app/router';
import { initI18n } from './i18n';

// The messages of the chosen language load before the first paint, so nothing flickers.
await initI18n();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
