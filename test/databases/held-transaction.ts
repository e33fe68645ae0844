// A transaction the test keeps open: statements run inside it when asked, and it commits or rolls
// back when told. What a slow writer looks like to everyone else (one that took its live-change
// sequence number and has not committed yet), without a hook in the server's code.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';

export interface HeldTransaction {
  /** Runs `step` inside the transaction, now. */
  run<T>(step: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

class RolledBack extends Error {}

export function holdTransaction(db: Kysely<Database>): HeldTransaction {
  const queue: Array<{
    step: (trx: Transaction<Database>) => Promise<unknown>;
    settle: (outcome: { value: unknown } | { error: unknown }) => void;
  }> = [];
  let end: 'commit' | 'rollback' | undefined;
  let wake: (() => void) | undefined;
  const ended = db
    .transaction()
    .execute(async (trx) => {
      for (;;) {
        for (let item = queue.shift(); item; item = queue.shift()) {
          try {
            item.settle({ value: await item.step(trx) });
          } catch (error) {
            item.settle({ error });
          }
        }
        if (end === 'commit') return;
        if (end === 'rollback') throw new RolledBack();
        await new Promise<void>((resolve) => (wake = resolve));
      }
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  const poke = () => {
    wake?.();
    wake = undefined;
  };
  const finish = async (how: 'commit' | 'rollback') => {
    end ??= how;
    poke();
    await ended;
  };
  return {
    run<T>(step: (trx: Transaction<Database>) => Promise<T>) {
      return new Promise<T>((resolve, reject) => {
        queue.push({
          step,
          settle: (outcome) =>
            'error' in outcome ? reject(outcome.error) : resolve(outcome.value as T),
        });
        poke();
      });
    },
    commit: () => finish('commit'),
    rollback: () => finish('rollback'),
  };
}
