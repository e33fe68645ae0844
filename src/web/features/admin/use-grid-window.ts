// Renders only the rows of cards near the viewport: 10,000 registrations stay a few dozen
// elements, and a live change touches only those. Heights are measured as cards render; the
// column count and gap come from the grid's own CSS, so the breakpoints live in one place.
import { useCallback, useLayoutEffect, useMemo, useState } from 'react';
import { rowOffsets, rowsBetween, spacers, type RowRange } from './grid-window.ts';

/** Rendered beyond the viewport, above and below: a few rows of scrolling and Tab-bing. */
const overscanPx = 1200;
/** Until a card is measured: about a desktop card. */
const estimatedHeight = 330;

export interface GridWindow {
  /** Pass as `ref` to the element holding the spacers and the <ul>. */
  attachContainer: (element: HTMLElement | null) => void;
  /** Pass as `ref` to the <ul> with the grid. */
  attachList: (element: HTMLUListElement | null) => void;
  /** Indexes [start, end) of the items to render. */
  start: number;
  end: number;
  /** Heights of the spacers above and below the rendered rows. */
  before: number;
  after: number;
}

interface Metrics {
  columns: number;
  gap: number;
}

interface Heights {
  /** The grid's width when measured: another width wraps text differently. */
  width: number;
  byId: ReadonlyMap<string, number>;
}

export function useGridWindow(ids: readonly string[]): GridWindow {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const [list, setList] = useState<HTMLUListElement | null>(null);
  const [metrics, setMetrics] = useState<Metrics>({ columns: 1, gap: 16 });
  const [heights, setHeights] = useState<Heights>(() => ({ width: 0, byId: new Map() }));
  const [range, setRange] = useState<RowRange>({ first: 0, last: 5 });

  const offsets = useMemo(
    () =>
      rowOffsets(ids, metrics.columns, (id) => heights.byId.get(id), estimatedHeight, metrics.gap),
    [ids, metrics, heights],
  );

  // Which rows are near the viewport, for the current offsets and scroll position.
  const update = useCallback(() => {
    if (!container) return;
    const top = container.getBoundingClientRect().top;
    const next = rowsBetween(offsets, -top - overscanPx, -top + innerHeight + overscanPx);
    setRange((previous) =>
      previous.first === next.first && previous.last === next.last ? previous : next,
    );
  }, [container, offsets]);

  // Layout decides what to render: measuring it before paint is what layout effects are for.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useLayoutEffect(update, [update]);

  useLayoutEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    addEventListener('scroll', onScroll, { passive: true });
    addEventListener('resize', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      removeEventListener('scroll', onScroll);
      removeEventListener('resize', onScroll);
    };
  }, [update]);

  // The rendered cards' heights, the column count and the gap, as the browser laid them out.
  const measure = useCallback(() => {
    if (!list) return;
    const style = getComputedStyle(list);
    const columns = style.gridTemplateColumns.split(' ').filter(Boolean).length || 1;
    const gap = parseFloat(style.rowGap) || 0;
    const width = list.clientWidth;
    const measured: [string, number][] = [];
    for (const item of list.children) {
      const id = (item as HTMLElement).dataset.registrationId;
      if (id) measured.push([id, (item as HTMLElement).offsetHeight]);
    }
    setMetrics((previous) =>
      previous.columns === columns && previous.gap === gap ? previous : { columns, gap },
    );
    setHeights((previous) => {
      let byId: Map<string, number> | null = previous.width === width ? null : new Map();
      for (const [id, height] of measured) {
        const known = (byId ?? previous.byId).get(id) ?? 0;
        if (Math.abs(known - height) > 1) {
          byId ??= new Map(previous.byId);
          byId.set(id, height);
        }
      }
      return byId ? { width, byId } : previous;
    });
  }, [list]);

  // After every render (other cards, a card that changed), and whenever the grid resizes.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useLayoutEffect(() => measure());
  useLayoutEffect(() => {
    if (!list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => measure());
    observer.observe(list);
    return () => observer.disconnect();
  }, [list, measure]);

  const rows = offsets.length - 1;
  const first = Math.min(range.first, Math.max(0, rows - 1));
  const last = Math.min(range.last, rows - 1);
  const { before, after } = spacers(offsets, { first, last });
  return {
    attachContainer: setContainer,
    attachList: setList,
    start: first * metrics.columns,
    end: Math.min(ids.length, (last + 1) * metrics.columns),
    before,
    after,
  };
}
