// The table view's order: by name (as Brazilians alphabetize: accents and capitals aside) or by
// when they registered, either way round. The same list the cards show, only ordered.
import type { Registration } from '@shared/registration.schema.ts';

export type SortKey = 'name' | 'date';
export type SortDirection = 'ascending' | 'descending';
export interface TableSort {
  key: SortKey;
  direction: SortDirection;
}

/** The cards' order: newest first. */
export const defaultSort: TableSort = { key: 'date', direction: 'descending' };

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

function compare(key: SortKey, a: Registration, b: Registration): number {
  if (key === 'name') return collator.compare(a.nome_completo, b.nome_completo);
  // ISO 8601 in UTC: text order is time order.
  return a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0;
}

/** A new array in that order; ties keep the order they came in (the newest first). */
export function sortRegistrations(
  rows: readonly Registration[],
  { key, direction }: TableSort,
): Registration[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => sign * compare(key, a.row, b.row) || a.index - b.index)
    .map(({ row }) => row);
}

/** A click on a column's heading: that column, or the other way round when it is the one. */
export function nextSort(current: TableSort, key: SortKey): TableSort {
  if (current.key !== key) return { key, direction: key === 'name' ? 'ascending' : 'descending' };
  return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}
