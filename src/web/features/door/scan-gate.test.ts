import { describe, expect, it } from 'vitest';
import { ScanGate } from './scan-gate.ts';

/** Feeds frames 66 ms apart (15 fps) and returns which were new scans. */
function scans(gate: ScanGate, frames: (string | null)[], start = 0): string[] {
  return frames.flatMap((value, i) => (gate.frame(value, start + i * 66) ? [value!] : []));
}

describe('ScanGate', () => {
  it('counts a code held in view once', () => {
    expect(scans(new ScanGate(800), Array(30).fill('A'))).toEqual(['A']);
  });

  it('counts it again after it was out of view for a moment', () => {
    const frames = [...Array(15).fill('A'), ...Array(15).fill(null), ...Array(15).fill('A')];
    expect(scans(new ScanGate(800), frames)).toEqual(['A', 'A']);
  });

  it('does not count it again after a short flicker (a frame that missed it)', () => {
    const frames = ['A', 'A', null, null, 'A', 'A'];
    expect(scans(new ScanGate(800), frames)).toEqual(['A']);
  });

  it('counts another code at once', () => {
    expect(scans(new ScanGate(800), ['A', 'A', 'B', 'B', 'A'])).toEqual(['A', 'B', 'A']);
  });
});
