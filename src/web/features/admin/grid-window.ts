// Windowing for the card grid, as pure functions: which rows of cards to render for a scroll
// position, and how tall the space for the others is. Rows are `columns` cards wide; a row is as
// tall as its tallest measured card, or the estimate while none of its cards was measured.

/**
 * offsets[r] is where row r starts, from the top of the list; offsets[rows] is the full height
 * plus one trailing gap. Each row adds its height and the gap after it.
 */
export function rowOffsets(
  ids: readonly string[],
  columns: number,
  heightOf: (id: string) => number | undefined,
  estimate: number,
  gap: number,
): Float64Array {
  const rows = Math.ceil(ids.length / columns);
  const offsets = new Float64Array(rows + 1);
  for (let row = 0; row < rows; row += 1) {
    let height = 0;
    for (let i = row * columns; i < Math.min(ids.length, (row + 1) * columns); i += 1) {
      height = Math.max(height, heightOf(ids[i]!) ?? 0);
    }
    offsets[row + 1] = offsets[row]! + (height || estimate) + gap;
  }
  return offsets;
}

/** The last row whose start is at or above `y` (0 when `y` is above the list). */
function rowAt(offsets: Float64Array, y: number): number {
  const rows = offsets.length - 1;
  let low = 0;
  let high = rows - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (offsets[middle]! <= y) low = middle;
    else high = middle - 1;
  }
  return Math.max(0, low);
}

export interface RowRange {
  first: number;
  last: number;
}

/** Rows that overlap [top, bottom] (list coordinates); an empty list gives first > last. */
export function rowsBetween(offsets: Float64Array, top: number, bottom: number): RowRange {
  const rows = offsets.length - 1;
  if (rows === 0) return { first: 0, last: -1 };
  return {
    first: rowAt(offsets, top),
    last: Math.max(rowAt(offsets, bottom), rowAt(offsets, top)),
  };
}

/** Heights of the space above the first rendered row and below the last one. */
export function spacers(offsets: Float64Array, range: RowRange): { before: number; after: number } {
  const rows = offsets.length - 1;
  if (rows === 0 || range.first > range.last) return { before: 0, after: 0 };
  const last = Math.min(range.last, rows - 1);
  return { before: offsets[range.first]!, after: offsets[rows]! - offsets[last + 1]! };
}
