// The sender's outcomes, written in batches: those that finish in the same turn of the event loop
// go in one transaction (one sync on SQLite) instead of one each.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { recordOutcomes, type MessageRow, type Outcome } from './outbox.repository.ts';

export interface RecordedOutcome {
  message: MessageRow;
  outcome: Outcome;
}

/** Returns `record`: resolves once the batch holding this outcome is written. */
export function outcomeBatches(db: Kysely<Database>): (entry: RecordedOutcome) => Promise<void> {
  let pending: RecordedOutcome[] = [];
  let writing: Promise<void> | undefined;
  return (entry) => {
    pending.push(entry);
    writing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      const batch = pending;
      pending = [];
      writing = undefined;
      await recordOutcomes(db, batch);
    });
    return writing;
  };
}
