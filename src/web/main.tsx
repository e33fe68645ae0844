// The browser's entry. A page the server rendered is hydrated once its code is loaded; a page it
// did not render (the admin panel, `vite dev`) is rendered here.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { routeAt } from './app/routes.ts';
import { readEventConfig } from './lib/event-config.ts';
import './styles.css';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App event={readEventConfig()} />
  </StrictMode>
);

if (container.hasChildNodes()) {
  // The server's HTML already shows the page: hydrate with the same tree, lazy page included
  // (its chunk is preloaded by the page's <link rel="modulepreload">).
  await routeAt(location.pathname).preload?.();
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}
