// The pages change at the instant registrations open or close, by each instance's own clock
// (decision 0233). A timer can fire a little before its instant by the wall clock (Node starts it
// from the event loop's cached time): it then waits out the rest for that same instant. Looking
// for the next instant again instead would skip this one once the clock passes it in between,
// leaving the pages as they were until the next save or restart.
import { nextWindowChange, type WindowSettings } from '../../shared/registration-window.ts';

/** setTimeout holds 24.8 days at most: a farther instant is waited for a day at a time. */
const dayMs = 24 * 60 * 60 * 1000;

export interface WindowTimerOptions {
  /** The current edition's settings, read each time the next instant is looked for. */
  settings: () => WindowSettings;
  /** Renders the pages again; called once per instant reached. */
  rerender: () => Promise<void>;
  onError: (error: unknown) => void;
  /** The wall clock, in ms (Date.now); a test gives its own. */
  now?: () => number;
}

export function windowTimer({ settings, rerender, onError, now = Date.now }: WindowTimerOptions) {
  let timer: NodeJS.Timeout | undefined;

  function waitFor(instant: number) {
    const wait = Math.min(Math.max(instant - now(), 0), dayMs);
    timer = setTimeout(() => {
      timer = undefined;
      if (instant > now()) return waitFor(instant);
      void rerender().catch(onError).finally(schedule);
    }, wait);
    timer.unref();
  }

  /** Looks for the next instant again: at start, after each one, after each change of settings. */
  function schedule() {
    clearTimeout(timer);
    timer = undefined;
    const next = nextWindowChange(settings(), new Date(now()));
    if (next !== null) waitFor(next.getTime());
  }

  return { schedule, cancel: () => clearTimeout(timer) };
}
