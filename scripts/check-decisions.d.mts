// Types for scripts/check-decisions.mjs (plain JavaScript, run by Node in `npm run lint`).
export function citations(text: string): { number: string; line: number }[];
export function recordLinks(text: string): { name: string; line: number }[];
export function checkRepository(
  root: string,
  files?: string[],
): { errors: string[]; unindexed: string[] };
