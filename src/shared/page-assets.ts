// What the build makes for the public pages beyond the app itself, by source file (the keys of
// Vite's manifest): each page's own style sheet, inlined into it by the server, and the small
// entries the form page and the not-found page run instead of the app (docs/decisions/0100,
// 0101, 0150). Read by vite.config.ts
// (its inputs) and by the server (src/server/web/rendered-pages.ts).
import {
  formNotSentPage,
  notFoundPage,
  paths,
  thanksConfirmed,
  thanksWaitlisted,
} from './paths.ts';

/** The style sheet each public page inlines: only the classes its own files use. */
export const pageStyleSheets: Readonly<Record<string, string>> = {
  [paths.home]: 'src/web/features/landing/landing-page.css',
  [paths.register]: 'src/web/features/registration/registration-page.css',
  [paths.thanks]: 'src/web/features/registration/thanks-page.css',
  [thanksConfirmed]: 'src/web/features/registration/thanks-page.css',
  [thanksWaitlisted]: 'src/web/features/registration/thanks-page.css',
  [paths.privacy]: 'src/web/features/privacy/privacy-page.css',
  [notFoundPage]: 'src/web/features/not-found/not-found-page.css',
  [formNotSentPage]: 'src/web/features/form-not-sent/form-not-sent-page.css',
};

/**
 * Pages that arrive whole and run one small script of their own, never the app: the not-found
 * page logs the miss to the console (the spec asks for it) and nothing else.
 */
export const ownScriptEntries: Readonly<Record<string, string>> = {
  [notFoundPage]: 'src/web/features/not-found/not-found-entry.ts',
};

/**
 * Pages whose app starts later, each with its own small entry: the form page's fills the country
 * list when the visitor reaches for it, and starts the app at the visitor's first sign of presence.
 */
export const laterAppEntries: Readonly<Record<string, string>> = {
  [paths.register]: 'src/web/features/registration/form-page-entry.ts',
};
