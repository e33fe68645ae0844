// The browser's entry. A page the server rendered is hydrated once its code is loaded; a page it
// did not render (the admin panel, `vite dev`) is rendered here. The form page loads it later,
// from its own entry (features/registration/form-page-entry.ts). The style sheet is index.html's,
// not imported here: a page that loads this later keeps its own (docs/decisions/0101).
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { routeAt } from './app/routes.ts';
import { readEventConfig, readEventDates } from './lib/event-config.ts';
import { readMessageProviders } from './lib/message-providers.ts';

const container = document.getElementById('root')!;
const event = readEventConfig();
const app = (
  <StrictMode>
    <App event={event} dates={readEventDates(event)} providers={readMessageProviders()} />
  </StrictMode>
);

if (container.hasChildNodes()) {
  // The server's HTML already shows the page: hydrate with the same tree, lazy page included
  // (its chunk is preloaded by the page's <link rel="modulepreload">).
  await routeAt(location.pathname).preload?.();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread until done: the page, already painted, keeps answering a tap (TBT).
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}
