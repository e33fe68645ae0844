// The pages that load as their own chunk, by path, as the app gives them (app/pages.ts): links in
// the features warm a page ahead through this, without importing the app that imports them.
import { createContext, use } from 'react';

export type PagePreloads = Readonly<Record<string, () => Promise<void>>>;

export const PagePreloadsContext = createContext<PagePreloads>({});

/** Loads the page at `path` ahead, if it is a chunk of its own; undefined otherwise. */
export function usePagePreload(path: string): (() => Promise<void>) | undefined {
  return use(PagePreloadsContext)[path];
}
