// Types for build-state.mjs, for the TypeScript that imports it (the tests' child servers).
/** Whether dist/ exists and is newer than every source it is built from. */
export function buildIsCurrent(): boolean;
