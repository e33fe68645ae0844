// What tells an instance's live hub to look for new changes. In-process: the instance's own
// writes. Notified: also every other instance's, through PostgreSQL LISTEN/NOTIFY (each change's
// transaction notifies at commit, live-changes.repository.ts). open-live.ts picks by database.
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
 * Woken by every instance's commits. After the listening connection comes back, woken too: the
 * hub reads the log past the last change it delivered, so what was missed meanwhile follows.
 */
export function notifiedWakeups(listener: PostgresListener): Wakeups {
  let wake: (() => void) | undefined;
  let stop: Array<() => void> = [];
  return {
    async start(onWake) {
      wake = onWake;
      stop = [
        listener.on(channels.liveChanges, () => wake?.()),
        listener.onReconnected(() => wake?.()),
      ];
    },
    poke() {
      // Our own commit: no need to wait for its notification's round trip.
      wake?.();
    },
    async close() {
      for (const unsubscribe of stop) unsubscribe();
      wake = undefined;
    },
  };
}
