// The door's search, for someone without their phone: a piece of the name or of the company,
// ignoring case and accents; every word typed must match. The door sees no phone or e-mail, so
// there is nothing else to search.
import { normalizeForSearch } from '@/lib/search-text.ts';
import type { Attendee } from './attendees.ts';

/** Few enough to show on a phone; more means the term needs another word. */
export const maxResults = 8;

// Attendees are replaced, never mutated, on every change: a key computed once stays right.
const keys = new WeakMap<Attendee, string>();

function keyOf(attendee: Attendee): string {
  let key = keys.get(attendee);
  if (key === undefined) {
    key = normalizeForSearch(`${attendee.nome_completo}\n${attendee.nome_compania}`);
    keys.set(attendee, key);
  }
  return key;
}

export interface SearchResult {
  /** The first `maxResults` matches in the list, by name. */
  shown: Attendee[];
  /** How many match in all. */
  total: number;
}

const noResult: SearchResult = { shown: [], total: 0 };
const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

export function searchAttendees(list: readonly Attendee[], term: string): SearchResult {
  const words = normalizeForSearch(term).split(' ').filter(Boolean);
  if (words.length === 0) return noResult;
  const shown: Attendee[] = [];
  let total = 0;
  for (const attendee of list) {
    const key = keyOf(attendee);
    if (!words.every((word) => key.includes(word))) continue;
    total += 1;
    if (shown.length < maxResults) shown.push(attendee);
  }
  return { shown: shown.sort((a, b) => collator.compare(a.nome_completo, b.nome_completo)), total };
}
