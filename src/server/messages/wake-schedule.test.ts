// The sender's schedule alone, on Vitest's fake clock: the poll, and the wake-ups asked for
// sooner than it, each once, with one timer for the soonest.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startWakeSchedule, type WakeSchedule } from './wake-schedule.ts';

let wakes: number[];
let schedule: WakeSchedule | undefined;

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
  wakes = [];
});
afterEach(() => {
  schedule?.close();
  vi.useRealTimers();
});

function start(pollMs = 5_000) {
  schedule = startWakeSchedule({ pollMs, grainMs: 100, wake: () => wakes.push(Date.now()) });
  return schedule;
}

describe('the wake schedule', () => {
  it('polls every pollMs', () => {
    start();
    vi.advanceTimersByTime(15_000);
    expect(wakes).toEqual([1_005_000, 1_010_000, 1_015_000]);
  });

  it('wakes once at a time asked for, rounded up to the grain', () => {
    start().at(1_001_250);
    vi.advanceTimersByTime(1_299);
    expect(wakes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(wakes).toEqual([1_001_300]);
    vi.advanceTimersByTime(3_000);
    expect(wakes).toEqual([1_001_300]);
  });

  it('wakes at each time asked for, soonest first, in whatever order they were asked', () => {
    const { at } = start();
    at(1_003_000);
    at(1_001_000);
    at(1_002_000);
    at(1_002_050);
    vi.advanceTimersByTime(4_000);
    expect(wakes).toEqual([1_001_000, 1_002_000, 1_002_100, 1_003_000]);
  });

  it('leaves a time past the next poll to the poll', () => {
    start().at(1_009_000);
    vi.advanceTimersByTime(9_999);
    expect(wakes).toEqual([1_005_000]);
  });

  it('wakes no more once closed', () => {
    const { at, close } = start();
    at(1_001_000);
    close();
    at(1_002_000);
    vi.advanceTimersByTime(20_000);
    expect(wakes).toEqual([]);
  });
});
