// What tells an instance's live hub to look for new changes. In-process: the instance's own
// writes (SQLite: one instance). Notified (PostgreSQL): also every other instance's, told after
// their commits through the listener's coalesced NOTIFY, and a look every `backstopMs` for a
// commit whose instance died before telling. open-live.ts picks by database.
import { channels, type PostgresListener } from '../db/postgres-listener.ts';

export interface Wakeups {
  /** Starts calling `wake` whenever there may be new changes in the log. */
  start(wake: () => void): Promise<void>;
  /** This instance just committed a change. Must not throw. */
  poke(): void;
  close(): Promise<void>;
}

export function inProcessWakeups(): Wakeups {
  let wake: (() => void) | undefined;
  return {
    async start(listener) {
      wake = listener;
    },
    poke() {
      wake?.();
    },
    async close() {
      wake = undefined;
    },
  };
}

/**
 * Woken by every instance's commits, and after the listening connection comes back (what was
 * committed meanwhile is in the log: the hub reads past the last change it delivered).
 */
export function notifiedWakeups(
  listener: PostgresListener,
  { backstopMs = 1000 }: { backstopMs?: number } = {},
): Wakeups {
  let wake: (() => void) | undefined;
  let stop: Array<() => void> = [];
  let backstop: NodeJS.Timeout | undefined;
  return {
    async start(onWake) {
      wake = onWake;
      stop = [
        listener.on(channels.liveChanges, () => wake?.()),
        listener.onReconnected(() => wake?.()),
      ];
      backstop = setInterval(() => wake?.(), backstopMs);
      backstop.unref();
    },
    poke() {
      // Our own commit: read it at once, and tell the others (after the commit, never inside
      // the writing transaction, where NOTIFY would make every writer commit in turn).
      wake?.();
      listener.announce(channels.liveChanges);
    },
    async close() {
      clearInterval(backstop);
      for (const unsubscribe of stop) unsubscribe();
      wake = undefined;
    },
  };
}
