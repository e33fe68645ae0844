// Cards or the table: the organizer's choice, kept in this browser (localStorage) so the panel
// opens the way they left it, on every tab. Storage refused (private mode): the choice lasts the
// visit. The sort order is kept with it.
import { useCallback, useState } from 'react';
import { defaultSort, type TableSort } from './table-sort.ts';

export type ListLayout = 'cards' | 'table';

const layoutKey = 'painel:lista-formato';
const sortKey = 'painel:tabela-ordem';

function read(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or quota: kept on screen only.
  }
}

function readLayout(): ListLayout {
  return read(layoutKey) === 'table' ? 'table' : 'cards';
}

function readSort(): TableSort {
  const kept = read(sortKey) as Partial<TableSort> | null;
  const key = kept?.key === 'name' || kept?.key === 'date' ? kept.key : undefined;
  const direction =
    kept?.direction === 'ascending' || kept?.direction === 'descending'
      ? kept.direction
      : undefined;
  return key && direction ? { key, direction } : defaultSort;
}

export function useListLayout() {
  const [layout, setLayoutState] = useState(readLayout);
  const [sort, setSortState] = useState(readSort);
  const setLayout = useCallback((next: ListLayout) => {
    setLayoutState(next);
    write(layoutKey, next);
  }, []);
  const setSort = useCallback((next: TableSort) => {
    setSortState(next);
    write(sortKey, next);
  }, []);
  return { layout, setLayout, sort, setSort };
}
