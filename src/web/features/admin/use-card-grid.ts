// Renders only the rows of cards near the viewport (TanStack Virtual over the window's scroll):
// 10,000 registrations stay a few dozen elements, and a live change touches only those. The
// column count and gap come from the grid's own CSS, so the breakpoints live in one place; a
// row's height is measured from its first card (grid items stretch to the row).
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useState } from 'react';

/** Rows rendered beyond the viewport, above and below: a few screens of scrolling and Tab-bing. */
const overscanRows = 4;
/** Until a row is measured: about a desktop card. */
const estimatedRowHeight = 330;

interface GridLayout {
  columns: number;
  gap: number;
  /** Where the list starts, from the top of the document. */
  top: number;
}

export interface CardGrid {
  /** Pass as `ref` to the element holding the spacers and the <ul>. */
  attachContainer(element: HTMLElement | null): void;
  /** Pass as `ref` to the <ul> with the grid. */
  attachList(element: HTMLUListElement | null): void;
  /** Indexes [start, end) of the items to render. */
  start: number;
  end: number;
  /** Heights of the spacers above and below the rendered rows. */
  before: number;
  after: number;
  /** Props for the item at `index`: the first card of each row is measured. */
  measured(index: number): { ref?: (element: HTMLElement | null) => void; 'data-index'?: number };
}

function readLayout(container: HTMLElement, list: HTMLUListElement): GridLayout {
  const style = getComputedStyle(list);
  return {
    columns: style.gridTemplateColumns.split(' ').filter(Boolean).length || 1,
    gap: parseFloat(style.rowGap) || 0,
    top: container.getBoundingClientRect().top + window.scrollY,
  };
}

export function useCardGrid(count: number): CardGrid {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const [list, setList] = useState<HTMLUListElement | null>(null);
  const [layout, setLayout] = useState<GridLayout>({ columns: 1, gap: 16, top: 0 });

  // The grid's columns follow its width; where it starts follows everything above it.
  useLayoutEffect(() => {
    if (!container || !list) return;
    const observer = new ResizeObserver(() => {
      const next = readLayout(container, list);
      setLayout((previous) =>
        previous.columns === next.columns && previous.gap === next.gap && previous.top === next.top
          ? previous
          : next,
      );
    });
    observer.observe(list);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [container, list]);

  const { columns, gap, top } = layout;
  const virtualizer = useWindowVirtualizer({
    count: Math.ceil(count / columns),
    estimateSize: () => estimatedRowHeight,
    gap,
    overscan: overscanRows,
    scrollMargin: top,
  });
  const rows = virtualizer.getVirtualItems();
  const first = rows[0];
  const last = rows.at(-1);
  return {
    attachContainer: setContainer,
    attachList: setList,
    start: first ? first.index * columns : 0,
    end: last ? Math.min(count, (last.index + 1) * columns) : 0,
    before: first ? first.start - top : 0,
    after: last ? virtualizer.getTotalSize() - (last.end - top) : 0,
    measured: (index) =>
      index % columns === 0
        ? { ref: virtualizer.measureElement, 'data-index': index / columns }
        : {},
  };
}
