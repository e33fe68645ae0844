// Every screen and its path. Heavy screens are lazy chunks (see pages.ts).
import type { ComponentType } from 'react';
import { paths, setupPage, thanksConfirmed, thanksWaitlisted } from '@shared/paths.ts';
import { LandingPage } from '@/features/landing/landing-page.tsx';
import { NotFoundPage } from '@/features/not-found/not-found-page.tsx';
import {
  ConfirmedThanksPage,
  ThanksPage,
  WaitlistedThanksPage,
} from '@/features/registration/thanks-page.tsx';
import type { LazyPage } from './lazy-page.ts';
import { lazyPages } from './pages.ts';

export interface PageRoute {
  path: string;
  Page: ComponentType;
  /** For a lazy page: loads its code ahead. */
  preload?: LazyPage['preload'];
}

const eager = (path: string, Page: ComponentType): PageRoute => ({ path, Page });
const lazy = (path: string): PageRoute => ({ path, ...lazyPages[path]! });

export const routes: readonly PageRoute[] = [
  eager(paths.home, LandingPage),
  lazy(paths.register),
  eager(paths.thanks, ThanksPage),
  eager(thanksConfirmed, ConfirmedThanksPage),
  eager(thanksWaitlisted, WaitlistedThanksPage),
  lazy(paths.privacy),
  lazy(paths.admin),
  lazy(paths.door),
  // Sent by the server only with a live setup link; otherwise its not-found page, without scripts.
  lazy(setupPage),
];

export const notFoundRoute: PageRoute = { path: '*', Page: NotFoundPage };

/** The route that renders at `path` (the not-found page for any other path). */
export function routeAt(path: string): PageRoute {
  return routes.find((route) => route.path === path) ?? notFoundRoute;
}
