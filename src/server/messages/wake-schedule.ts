// When the sender looks for due messages without being told: every `pollMs` (retries that came
// due, claims that lapsed), and at the times asked for sooner than that (a retry's, a paused
// channel's probe). One timer, set for the soonest time asked; each time is kept until it has
// come.

export interface WakeScheduleOptions {
  pollMs: number;
  /** Asked times are rounded up to this grain: a burst of retries asks for a handful of times. */
  grainMs?: number;
  wake(): void;
}

export interface WakeSchedule {
  /** Wake at `at` (ms since the epoch), unless the poll comes first. */
  at(at: number): void;
  close(): void;
}

export function startWakeSchedule({
  pollMs,
  grainMs = 100,
  wake,
}: WakeScheduleOptions): WakeSchedule {
  const times = new Set<number>();
  let soonest: { at: number; timer: NodeJS.Timeout } | undefined;
  let closed = false;

  function setTimer() {
    let at = Infinity;
    for (const time of times) at = Math.min(at, time);
    if (at === Infinity || (soonest && soonest.at <= at)) return;
    if (soonest) clearTimeout(soonest.timer);
    const timer = setTimeout(
      () => {
        soonest = undefined;
        const now = Date.now();
        for (const time of times) if (time <= now) times.delete(time);
        wake();
        setTimer();
      },
      Math.max(0, at - Date.now()),
    );
    timer.unref();
    soonest = { at, timer };
  }

  const poll = setInterval(wake, pollMs);
  poll.unref();

  return {
    at(at) {
      // A time past the next poll is left to the poll (a poll comes within pollMs of it).
      if (closed || at >= Date.now() + pollMs) return;
      times.add(Math.ceil(at / grainMs) * grainMs);
      setTimer();
    },
    close() {
      closed = true;
      clearInterval(poll);
      if (soonest) clearTimeout(soonest.timer);
      times.clear();
    },
  };
}
