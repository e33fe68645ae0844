// Write transactions handed in by callers that may run side by side (every registration arriving
// at once). On SQLite they are grouped (decision 0105): what arrives together shares one
// BEGIN…COMMIT, and so one sync to disk, each piece of work in a savepoint of its own so that one
// that fails is undone alone; every caller hears back only once the commit holding its work is
// done. On PostgreSQL each runs in a transaction of its own, concurrently on the pool.
import { CompiledQuery, type ControlledTransaction, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

/**
 * One transaction's work. It must only talk to the database through `trx` and never wait on
 * anything else (a network call, a timer): on SQLite the others in its batch wait behind it.
 */
export type WriteWork<T> = (trx: Transaction<Database>) => Promise<T>;

export interface WriteStats {
  /** Handed in, waiting for a batch. */
  waiting: number;
  /** Taken into the batch being written now (0 when none is). */
  writing: number;
  /** Transactions committed (on SQLite, one per batch). */
  commits: number;
  /** Pieces of work committed. */
  written: number;
  /** The most pieces of work one commit has held. */
  largestBatch: number;
}

export interface WriteTransactions {
  /**
   * Runs `work` in a transaction: resolves with what it returned once that is committed (on disk,
   * on SQLite); rejects with what it threw, or with the commit's error, and then nothing it wrote
   * is kept.
   */
  run<T>(work: WriteWork<T>): Promise<T>;
  stats(): WriteStats;
  /** Waits until every piece of work handed in so far is settled. */
  settled(): Promise<void>;
}

/** PostgreSQL: a transaction per piece of work, as many at once as the pool allows. */
export function transactionEach(kysely: Kysely<Database>): WriteTransactions {
  const stats = { commits: 0, written: 0, largestBatch: 0 };
  const running = new Set<Promise<unknown>>();
  return {
    run(work) {
      const done = kysely
        .transaction()
        .execute(work)
        .then((value) => {
          stats.commits += 1;
          stats.written += 1;
          stats.largestBatch = 1;
          return value;
        });
      const tracked = done.catch(() => {}).finally(() => running.delete(tracked));
      running.add(tracked);
      return done;
    },
    stats: () => ({ ...stats, waiting: 0, writing: running.size }),
    async settled() {
      await Promise.all(running);
    },
  };
}

interface Pending {
  work: WriteWork<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

// Compiled once: Kysely's savepoint() builds and compiles its statement on every call, twice per
// piece of work.
const savepoint = CompiledQuery.raw('savepoint work');
const release = CompiledQuery.raw('release work');
const rollbackTo = CompiledQuery.raw('rollback to work');

export interface GroupCommitOptions {
  /**
   * The most pieces of work one transaction takes: bounds how long the writer lock is held (other
   * processes on the file, the panel's own writes wait behind it) and what one failed commit
   * turns into errors.
   */
  maxBatch?: number;
}

/**
 * SQLite (one connection, one writer, a synchronous driver): group commit. A piece of work handed
 * in while nothing is being written starts a batch at the end of this turn of the event loop
 * (setImmediate: after every request whose body arrived in the same turn has handed in its own);
 * work handed in while a batch is being written waits for the next one. So an idle server commits
 * each registration at once, and a busy one commits as many as arrived during the last commit.
 */
export function groupCommit(
  kysely: Kysely<Database>,
  { maxBatch = 256 }: GroupCommitOptions = {},
): WriteTransactions {
  const queue: Pending[] = [];
  let scheduled = false;
  let writing = 0;
  let current: Promise<void> | undefined;
  const stats = { commits: 0, written: 0, largestBatch: 0 };
  let idle: Array<() => void> = [];

  function schedule() {
    if (scheduled || current) return;
    if (queue.length === 0) {
      for (const wake of idle) wake();
      idle = [];
      return;
    }
    scheduled = true;
    setImmediate(startBatch);
  }

  function startBatch() {
    scheduled = false;
    const batch = queue.splice(0, maxBatch);
    writing = batch.length;
    current = writeBatch(batch).then((settle) => {
      // Idle before anyone hears back: what they hand in next starts the next batch.
      writing = 0;
      current = undefined;
      settle();
      schedule();
    });
  }

  /** Writes the batch; never throws. Returns what tells each caller how its work went. */
  async function writeBatch(batch: readonly Pending[]): Promise<() => void> {
    const outcomes: Outcome[] = [];
    let trx: ControlledTransaction<Database> | undefined;
    try {
      trx = await kysely.startTransaction().execute();
      for (const { work } of batch) {
        await trx.executeQuery(savepoint);
        try {
          outcomes.push({ ok: true, value: await work(trx) });
          await trx.executeQuery(release);
        } catch (error) {
          // Undoes this piece alone. Should SQLite have ended the whole transaction instead (a
          // full disk, an I/O error), the savepoint is gone, this throws, and the batch fails.
          await trx.executeQuery(rollbackTo);
          await trx.executeQuery(release);
          outcomes.push({ ok: false, error });
        }
      }
      await trx.commit().execute();
    } catch (error) {
      // Nothing of the batch is kept: every piece of work hears the error, none is answered as
      // written (a piece that failed on its own too: what it collided with is not there either).
      if (trx && !trx.isCommitted && !trx.isRolledBack) {
        await trx
          .rollback()
          .execute()
          .catch(() => {});
      }
      return () => batch.forEach(({ reject }) => reject(error));
    }
    stats.commits += 1;
    stats.largestBatch = Math.max(stats.largestBatch, batch.length);
    stats.written += outcomes.filter((outcome) => outcome.ok).length;
    return () =>
      batch.forEach(({ resolve, reject }, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) resolve(outcome.value);
        else reject(outcome.error);
      });
  }

  return {
    run<T>(work: WriteWork<T>) {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        schedule();
      });
    },
    stats: () => ({ ...stats, waiting: queue.length, writing }),
    settled() {
      if (!scheduled && !current && queue.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idle.push(resolve));
    },
  };
}
