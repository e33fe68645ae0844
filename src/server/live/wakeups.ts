// What tells an instance's live hub to look for new changes. In-process: the instance's own
// writes. A networked source (PostgreSQL LISTEN/NOTIFY) would also carry other instances' writes;
// open-live.ts picks the source by database.

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
