// The whole browser app: the event, the router and the toasts. Rendered by the server (once per
// page, at start) and hydrated in the browser, so it reads nothing from `window` while rendering.
import { Suspense } from 'react';
import { Route, Router, Switch } from 'wouter';
import type { EventConfig } from '@shared/event.ts';
import { Toaster } from '@/components/ui/toaster.tsx';
import { EventProvider } from '@/lib/event-config.ts';
import { notFoundRoute, routes } from './routes.ts';

export interface AppProps {
  event: EventConfig;
  /** On the server: the path being rendered. */
  ssrPath?: string;
}

export function App({ event, ssrPath }: AppProps) {
  return (
    <EventProvider value={event}>
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
      <Toaster />
    </EventProvider>
  );
}
