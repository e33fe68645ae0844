import { describe, expect, it } from 'vitest';
import { rowOffsets, rowsBetween, spacers } from './grid-window.ts';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `id${i}`);

describe('rowOffsets', () => {
  it('uses the estimate for rows with no measured card', () => {
    expect([...rowOffsets(ids(7), 3, () => undefined, 100, 10)]).toEqual([0, 110, 220, 330]);
  });

  it('makes a row as tall as its tallest measured card', () => {
    const measured: Record<string, number> = { id1: 150, id2: 120, id4: 90 };
    expect([...rowOffsets(ids(6), 3, (id) => measured[id], 100, 10)]).toEqual([0, 160, 260]);
  });

  it('handles one column and an empty list', () => {
    expect([...rowOffsets(ids(2), 1, () => 50, 100, 0)]).toEqual([0, 50, 100]);
    expect([...rowOffsets([], 3, () => 50, 100, 10)]).toEqual([0]);
  });
});

describe('rowsBetween and spacers', () => {
  // 10 rows of 100 px with a 10 px gap: row r starts at r * 110.
  const offsets = rowOffsets(ids(30), 3, () => 100, 100, 10);

  it('finds the rows overlapping the range', () => {
    expect(rowsBetween(offsets, 0, 250)).toEqual({ first: 0, last: 2 });
    expect(rowsBetween(offsets, 115, 330)).toEqual({ first: 1, last: 3 });
    expect(rowsBetween(offsets, -500, -100)).toEqual({ first: 0, last: 0 });
    expect(rowsBetween(offsets, 5000, 6000)).toEqual({ first: 9, last: 9 });
  });

  it('leaves room for the rows that are not rendered', () => {
    expect(spacers(offsets, { first: 0, last: 2 })).toEqual({ before: 0, after: 770 });
    expect(spacers(offsets, { first: 3, last: 5 })).toEqual({ before: 330, after: 440 });
    expect(spacers(offsets, { first: 7, last: 9 })).toEqual({ before: 770, after: 0 });
  });

  it('is empty for an empty list', () => {
    const none = rowOffsets([], 3, () => 1, 1, 1);
    const range = rowsBetween(none, 0, 100);
    expect(range.first > range.last).toBe(true);
    expect(spacers(none, range)).toEqual({ before: 0, after: 0 });
  });
});
