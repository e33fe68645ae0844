// The pages change at the instant registrations close even when the timer fires a little early by
// the wall clock and the clock passes the instant before the next one is looked for (a loaded
// machine): the instant is waited out, not skipped. The clock is the test's; the timers are real.
import { describe, expect, it } from 'vitest';
import { windowTimer } from './window-timer.ts';

const closesAt = Date.parse('2026-12-01T12:00:00Z');
const settings = {
  registrationOpen: true,
  registrationOpensAt: null,
  registrationClosesAt: new Date(closesAt).toISOString(),
};

describe('the registrations window timer', () => {
  it('renders at the closing instant when its timer fires just before it', async () => {
    // 20 ms before the instant when armed, 1 ms before it when the timer fires, past it after.
    const readings = [closesAt - 20, closesAt - 20, closesAt - 1];
    const now = () => readings.shift() ?? closesAt + 5;
    let renders = 0;
    const timer = windowTimer({
      settings: () => settings,
      rerender: async () => void renders++,
      onError: (error) => {
        throw error;
      },
      now,
    });
    timer.schedule();
    try {
      await expect.poll(() => renders, { timeout: 2_000 }).toBe(1);
    } finally {
      timer.cancel();
    }
  });

  it('renders once at an instant reached on time, and waits for nothing after the last', async () => {
    let clock = closesAt - 30;
    let renders = 0;
    const timer = windowTimer({
      settings: () => settings,
      rerender: async () => {
        renders++;
      },
      onError: (error) => {
        throw error;
      },
      now: () => clock,
    });
    timer.schedule();
    clock = closesAt;
    try {
      await expect.poll(() => renders, { timeout: 2_000 }).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(renders).toBe(1);
    } finally {
      timer.cancel();
    }
  });
});
