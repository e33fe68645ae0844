// The app's code as the server lists it in the form page, for that page's small entry to fetch
// after the first paint and run at the visitor's first sign of presence (docs/decisions/0100).
// Imports nothing: the entry stays a few hundred bytes.

/** The id of the JSON data block that holds it. */
export const pageCodeElementId = 'page-code';

export interface PageCode {
  /** The app's entry script. */
  entry: string;
  /** Every module the app needs on this page, fetched at once rather than one import after another. */
  modules: string[];
}
