// The server's entry (built by `vite build --ssr` into dist/ssr): renders a public page to HTML
// with the same components the browser hydrates. The server calls it once per page at start,
// never per request (src/server/web/rendered-pages.ts).
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import type { EventConfig } from '@shared/event.ts';
import type { RenderedPage } from '@shared/rendered-page.ts';
import { App } from './app/app.tsx';
import { routeAt } from './app/routes.ts';
import { DocumentTitleContext } from './lib/use-document-title.ts';

export async function renderPage(path: string, event: EventConfig): Promise<RenderedPage> {
  await routeAt(path).preload?.();
  let title = event.name;
  const { prelude } = await prerender(
    <StrictMode>
      <DocumentTitleContext value={(pageTitle) => (title = pageTitle)}>
        <App event={event} ssrPath={path} />
      </DocumentTitleContext>
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  return { html, title };
}
