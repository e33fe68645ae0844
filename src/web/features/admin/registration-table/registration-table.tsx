// The registrations as a compact table (decision 0198): one row each, sortable by name and by date,
// the cards' selection and bulk actions, the arrow keys moving between rows. Only the rows near
// the viewport are rendered (TanStack Virtual over the window's scroll, as the cards are): a
// thousand people stay a few dozen rows, and a live change touches only its own.
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Registration } from '@shared/registration.schema.ts';
import { useEvent } from '@/lib/event-config.ts';
import { RegistrationRow } from './registration-row.tsx';
import { registrationTableTexts as texts } from './registration-table-texts.ts';
import { nextSort, sortRegistrations, type SortKey, type TableSort } from './table-sort.ts';

/** Rows rendered beyond the viewport, above and below: the arrow keys always find the next one. */
const overscanRows = 12;
/** Until a row is measured: one line of text in a row. */
const estimatedRowHeight = 53;

export interface RegistrationTableProps {
  /** What the filters and the search show, in the cards' order (newest first). */
  shown: readonly Registration[];
  /** What the caption says instead of the count (what a search found). */
  label?: string;
  sort: TableSort;
  onSortChange(sort: TableSort): void;
  selected: ReadonlySet<string>;
  onSelect(id: string, selected: boolean): void;
  onSelectMany(ids: readonly string[]): void;
  onUnselectMany(ids: readonly string[]): void;
}

/** Where the table starts, from the top of the document: it follows everything above it. */
function useTop(element: HTMLElement | null): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(() =>
      setTop(element.getBoundingClientRect().top + window.scrollY),
    );
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [element]);
  return top;
}

/** Up and down move to the same column's control in the row above or below. */
function moveBetweenRows(event: KeyboardEvent<HTMLTableSectionElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const target = event.target as HTMLElement;
  const row = target.closest<HTMLTableRowElement>('tr[data-index]');
  const column = target.closest<HTMLTableCellElement>('td, th')?.cellIndex ?? 0;
  if (!row) return;
  const index = Number(row.dataset.index) + (event.key === 'ArrowDown' ? 1 : -1);
  const next = event.currentTarget.querySelector<HTMLTableRowElement>(`tr[data-index="${index}"]`);
  const control =
    next?.cells[column]?.querySelector<HTMLElement>('input, button, a') ??
    next?.cells[0]?.querySelector<HTMLElement>('input');
  if (!control) return;
  event.preventDefault();
  control.focus();
  control.scrollIntoView({ block: 'nearest' });
}

export function RegistrationTable({
  shown,
  label,
  sort,
  onSortChange,
  selected,
  onSelect,
  onSelectMany,
  onUnselectMany,
}: RegistrationTableProps) {
  const { timeZone, phoneCountry } = useEvent();
  const rows = useMemo(() => sortRegistrations(shown, sort), [shown, sort]);
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const top = useTop(container);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => estimatedRowHeight,
    overscan: overscanRows,
    scrollMargin: top,
    getItemKey: (index) => rows[index]!.id,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items.at(-1);
  const before = first ? first.start - top : 0;
  const after = last ? virtualizer.getTotalSize() - (last.end - top) : 0;

  const selectedShown = rows.filter((row) => selected.has(row.id)).length;
  const selectAll = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (selectAll.current)
      selectAll.current.indeterminate = selectedShown > 0 && selectedShown < rows.length;
  }, [selectedShown, rows.length]);

  const sortable = (key: SortKey, label: string) => {
    const active = sort.key === key;
    const Icon = !active ? ArrowUpDown : sort.direction === 'ascending' ? ArrowUp : ArrowDown;
    return (
      <th scope="col" aria-sort={active ? sort.direction : undefined} className="px-1 py-1">
        <button
          type="button"
          onClick={() => onSortChange(nextSort(sort, key))}
          className="hover:bg-muted focus-visible:ring-ring inline-flex min-h-9 items-center gap-1 rounded-md px-2 font-semibold whitespace-nowrap focus-visible:ring-2 focus-visible:outline-none"
        >
          {label}
          <Icon aria-hidden="true" className="size-4" />
          <span className="sr-only">{` (${texts.sortBy(label)})`}</span>
        </button>
      </th>
    );
  };
  const plain = (label: string) => (
    <th scope="col" className="px-3 py-1 font-semibold whitespace-nowrap">
      {label}
    </th>
  );
  const spacer = (height: number) =>
    height > 0 && (
      <tr aria-hidden="true">
        <td colSpan={8} style={{ height, padding: 0 }} />
      </tr>
    );

  return (
    // Relative: the screen readers' labels (absolutely placed) scroll with the table, instead of
    // widening the page from where their columns are.
    <div ref={setContainer} className="bg-card relative overflow-x-auto rounded-lg border">
      <table aria-rowcount={rows.length + 1} className="w-full border-collapse text-left">
        <caption className="sr-only">
          {label ?? texts.caption(rows.length)}. {texts.keyboardHint}
        </caption>
        <thead className="bg-muted/50 border-b text-sm">
          <tr aria-rowindex={1}>
            <td className="w-12 px-3 py-1">
              <label className="has-[:focus-visible]:ring-ring flex size-9 cursor-pointer items-center justify-center rounded-lg has-[:focus-visible]:ring-2">
                <input
                  ref={selectAll}
                  type="checkbox"
                  checked={rows.length > 0 && selectedShown === rows.length}
                  onChange={(e) =>
                    (e.currentTarget.checked ? onSelectMany : onUnselectMany)(
                      rows.map((row) => row.id),
                    )
                  }
                  className="accent-primary size-5 cursor-pointer focus-visible:outline-none"
                />
                <span className="sr-only">{texts.selectAll}</span>
              </label>
            </td>
            {sortable('name', texts.columns.name)}
            {plain(texts.columns.company)}
            {plain(texts.columns.phone)}
            {plain(texts.columns.status)}
            {plain(texts.columns.messages)}
            {plain(texts.columns.entry)}
            {sortable('date', texts.columns.date)}
          </tr>
        </thead>
        <tbody onKeyDown={moveBetweenRows}>
          {spacer(before)}
          {items.map((item) => {
            const registration = rows[item.index]!;
            return (
              <RegistrationRow
                key={registration.id}
                registration={registration}
                index={item.index}
                timeZone={timeZone}
                phoneCountry={phoneCountry}
                selected={selected.has(registration.id)}
                onSelect={onSelect}
                measure={virtualizer.measureElement}
              />
            );
          })}
          {spacer(after)}
        </tbody>
      </table>
    </div>
  );
}
