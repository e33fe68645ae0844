// A page that loads as its own chunk, and can be loaded ahead: before hydrating the page the
// server rendered (the HTML already shows it; suspending would throw that away), or when a
// link to it is about to be followed. Once loaded it renders directly, without suspending.
import { createElement, lazy, type ComponentType } from 'react';

export interface LazyPage {
  Page: ComponentType;
  /** Loads the page's code; resolves once it can render without suspending. */
  preload(): Promise<void>;
}

export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = pick(module);
      },
      (error: unknown) => {
        loading = undefined; // a dropped connection: the next attempt tries again
        throw error;
      },
    );
    return loading;
  };
  const Suspending = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  function Page() {
    return createElement(loaded ?? Suspending);
  }
  return { Page, preload };
}
