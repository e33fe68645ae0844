// The whole browser app: the event, the router and the toasts. Rendered by the server (once per
// page, at start) and hydrated in the browser, so it reads nothing from `window` while rendering.
import { Suspense } from 'react';
import { Route, Router, Switch } from 'wouter';
import type { EventDates } from '@shared/event.ts';
import type { EventSettings } from '@shared/event-settings.schema.ts';
import type { MessageProviders } from '@shared/rendered-page.ts';
import { Toaster } from '@/components/ui/toaster.tsx';
import { EventDatesProvider, EventProvider } from '@/lib/event-config.ts';
import { MessageProvidersContext } from '@/lib/message-providers.ts';
import { PagePreloadsContext, type PagePreloads } from '@/lib/page-preloads.ts';
import { lazyPages } from './pages.ts';
import { notFoundRoute, routes } from './routes.ts';

const preloads: PagePreloads = Object.fromEntries(
  Object.entries(lazyPages).map(([path, page]) => [path, page.preload]),
);

export interface AppProps {
  event: EventSettings;
  /** The event's dates, formatted by the server. */
  dates: EventDates;
  /** Whether e-mail and WhatsApp Business send: the privacy page names them. */
  providers: MessageProviders;
  /** On the server: the path being rendered. */
  ssrPath?: string;
}

export function App({ event, dates, providers, ssrPath }: AppProps) {
  return (
    <EventProvider value={event}>
      <EventDatesProvider value={dates}>
        <MessageProvidersContext value={providers}>
          <PagePreloadsContext value={preloads}>
            <Router ssrPath={ssrPath}>
              {/* Only a lazy page nobody loaded ahead (a "back" to it) ever shows this. */}
              <Suspense fallback={null}>
                <Switch>
                  {routes.map(({ path, Page }) => (
                    <Route key={path} path={path} component={Page} />
                  ))}
                  <Route component={notFoundRoute.Page} />
                </Switch>
              </Suspense>
            </Router>
          </PagePreloadsContext>
          <Toaster />
        </MessageProvidersContext>
      </EventDatesProvider>
    </EventProvider>
  );
}
