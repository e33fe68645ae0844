// Fan-out of registration changes to every open admin panel. This one is in-process (one
// instance, SQLite); a PostgreSQL LISTEN/NOTIFY implementation slots in behind the same interface.
import { EventEmitter } from 'node:events';
import type { RegistrationChange } from '../../shared/live-change.schema.ts';

export type { RegistrationChange };

export type ChangeListener = (change: RegistrationChange) => void;

export interface LiveUpdates {
  publish(change: RegistrationChange): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe(listener: ChangeListener): () => void;
  close(): Promise<void>;
}

export function createInProcessLiveUpdates(): LiveUpdates {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(change) {
      emitter.emit('change', change);
    },
    subscribe(listener) {
      emitter.on('change', listener);
      return () => emitter.off('change', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
