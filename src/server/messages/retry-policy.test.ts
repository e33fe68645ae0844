import { describe, expect, it } from 'vitest';
import { defaultRetryPolicy, giveUpAfterMs, nextAttemptAt } from './retry-policy.ts';

const created = '2025-12-01T10:00:00.000Z';
const start = Date.parse(created);

describe('the retry policy', () => {
  it('tries the first retry within a minute, whatever the jitter', () => {
    for (const random of [0, 0.5, 0.999]) {
      const at = Date.parse(nextAttemptAt(defaultRetryPolicy, 1, created, start, () => random)!);
      expect(at - start).toBeGreaterThan(0);
      expect(at - start).toBeLessThanOrEqual(60_000);
    }
  });

  it('doubles the wait after each try, up to an hour', () => {
    const waits = [1, 2, 3, 4, 12].map(
      (attempts) =>
        Date.parse(nextAttemptAt(defaultRetryPolicy, attempts, created, start, () => 1)!) - start,
    );
    expect(waits.slice(0, 4)).toEqual([40_000, 80_000, 160_000, 320_000]);
    expect(waits[4]).toBe(60 * 60_000);
  });

  it('spreads a burst that failed together', () => {
    const times = new Set(
      [0.1, 0.4, 0.7, 0.9].map((r) =>
        nextAttemptAt(defaultRetryPolicy, 3, created, start, () => r),
      ),
    );
    expect(times.size).toBe(4);
  });

  it('gives up once the message would be tried more than a day after it was queued', () => {
    const late = start + giveUpAfterMs - 1000;
    expect(nextAttemptAt(defaultRetryPolicy, 9, created, late, () => 0.5)).toBeNull();
    expect(nextAttemptAt(defaultRetryPolicy, 9, created, start + 60_000, () => 0.5)).not.toBeNull();
  });
});
