// One per instance: when woken, reads the live-change log past the last change it delivered (only
// changes that are final: live-log.ts), re-reads the rows those changes touched (once for all its
// subscribers), and hands each subscriber `{position, change}` in order. Also answers a
// reconnecting panel: what it missed, or that the log no longer reaches back that far or that it
// missed too much to replay (reset).
import type { FastifyBaseLogger } from 'fastify';
import type { RegistrationChange } from '../../shared/live-change.schema.ts';
import type { Db } from '../db/database.ts';
import { findRegistrations } from '../registrations/registration-reads.repository.ts';
import type { LiveLog, PositionedChange } from './live-log.ts';
import type { LogPosition } from './log-position.ts';
import type { Wakeups } from './wakeups.ts';

export interface LiveMessage {
  position: LogPosition;
  change: RegistrationChange;
}

export type LiveListener = (message: LiveMessage) => void;

/** Where a stream starts: after `head`, having first sent `missed`; or a reset (reload the list). */
export type CatchUp =
  { head: LogPosition; missed: LiveMessage[] } | { head: LogPosition; reset: true };

export interface LiveHub {
  /** After a commit: look for new changes. Fire-and-forget; never throws (failures are logged). */
  poke(): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: LiveListener): () => void;
  /** For a client that has seen every change up to `seen` (undefined: none, a fresh start; null: a
   * position the log never gave). */
  catchUp(seen: LogPosition | null | undefined): Promise<CatchUp>;
  close(): Promise<void>;
}

export interface LiveHubOptions {
  db: Db;
  log: LiveLog;
  wakeups: Wakeups;
  logger: FastifyBaseLogger;
  /**
   * At least this long between the starts of two reads of the log: under load, each read takes
   * what several commits wrote (with several instances, every commit wakes every one of them).
   */
  minGapMs?: number;
  /**
   * While committed changes wait for an older transaction to end (PostgreSQL), the log is read
   * again after this pause, doubling up to `maxSettleMs`: that transaction may end without anyone
   * being told (a rollback, a transaction that logged nothing).
   */
  settleMs?: number;
  maxSettleMs?: number;
}

const batchSize = 500;

/**
 * At most this many missed changes are replayed to a stream that comes back; beyond, it gets
 * `reset` and loads the list again: one request instead of thousands of messages, each a row read
 * and a re-render (a panel back after a night away from a big event). Decision 0169.
 */
export const maxReplayedChanges = 1000;

export async function openLiveHub({
  db,
  log,
  wakeups,
  logger,
  minGapMs = 0,
  settleMs = 5,
  maxSettleMs = 100,
}: LiveHubOptions): Promise<LiveHub> {
  const listeners = new Set<LiveListener>();
  let delivered = await log.head();
  let draining: Promise<void> | null = null;
  /** Woken while a read was under way or not yet allowed: read (again) when it may. */
  let wanted = false;
  let lastStart = Number.NEGATIVE_INFINITY;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let immediate: NodeJS.Immediate | undefined;
  let settlePause = settleMs;

  /**
   * The changes as messages, rows re-read now; a change whose row is gone since is skipped, and
   * so is one to another edition's registration (panels and doors show the current edition).
   */
  async function toMessages(changes: readonly PositionedChange[]): Promise<LiveMessage[]> {
    const touched = changes.filter((c) => c.type !== 'deleted').map((c) => c.registrationId);
    const rows = new Map(
      (await findRegistrations(db.kysely, [...new Set(touched)], { currentEdition: true })).map(
        (r) => [r.id, r],
      ),
    );
    const messages: LiveMessage[] = [];
    for (const { position, type, registrationId } of changes) {
      if (type === 'deleted') {
        messages.push({ position, change: { type, id: registrationId } });
        continue;
      }
      const registration = rows.get(registrationId);
      // Deleted meanwhile: its deletion comes later in the log.
      if (registration) messages.push({ position, change: { type, registration } });
    }
    return messages;
  }

  function fanOut(message: LiveMessage) {
    for (const listener of listeners) {
      try {
        listener(message);
      } catch (error) {
        logger.error({ err: error }, 'live listener failed');
      }
    }
  }

  /** Reads and delivers what is final; true when committed changes are still waiting. */
  async function drain(): Promise<boolean> {
    for (;;) {
      const { changes, waiting } = await log.read(delivered, batchSize);
      if (changes.length > 0) {
        // No one to tell: nothing to re-read (a stream that opens later catches up on its own).
        if (listeners.size > 0) for (const message of await toMessages(changes)) fanOut(message);
        delivered = changes.at(-1)!.position;
        settlePause = settleMs;
      }
      if (waiting || changes.length < batchSize) return waiting;
    }
  }

  function fire() {
    timer = undefined;
    wake();
  }

  /**
   * Woken: read at the end of this turn of the event loop, so that every poke of the turn (each
   * registration of a group commit pokes once its commit is done) is answered by one read.
   */
  function wake() {
    if (closed) return;
    wanted = true;
    if (draining || immediate) return;
    immediate = setImmediate(start);
  }

  function start() {
    immediate = undefined;
    if (closed || draining || !wanted) return;
    // Woken: read as soon as the gap allows, not at a pending settle time.
    clearTimeout(timer);
    timer = undefined;
    const early = lastStart + minGapMs - performance.now();
    if (early > 0) {
      timer = setTimeout(fire, early);
      return;
    }
    wanted = false;
    lastStart = performance.now();
    draining = drain()
      .then((waiting) => {
        if (!waiting || closed) return;
        // Changes wait for an older transaction: look again, less often while nothing moves.
        timer = setTimeout(fire, settlePause);
        settlePause = Math.min(settlePause * 2, maxSettleMs);
      })
      .catch((error: unknown) => logger.error({ err: error }, 'reading live changes failed'))
      .finally(() => {
        draining = null;
        if (wanted) wake();
      });
  }

  await wakeups.start(wake);

  return {
    poke() {
      try {
        wakeups.poke();
      } catch (error) {
        logger.error({ err: error }, 'live poke failed');
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async catchUp(seen) {
      if (seen === undefined) return { head: await log.head(), missed: [] };
      if (seen === null || !(await log.reaches(seen)))
        return { head: await log.head(), reset: true };
      // Counted before any row is re-read: a gap too long costs one read of the log's ids.
      const batches: PositionedChange[][] = [];
      let count = 0;
      let head = seen;
      for (;;) {
        const { changes } = await log.read(head, batchSize);
        if (changes.length === 0) break;
        count += changes.length;
        if (count > maxReplayedChanges) return { head: await log.head(), reset: true };
        batches.push(changes);
        head = changes.at(-1)!.position;
        if (changes.length < batchSize) break;
      }
      const missed: LiveMessage[] = [];
      for (const changes of batches) missed.push(...(await toMessages(changes)));
      return { head, missed };
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      clearImmediate(immediate);
      listeners.clear();
      await wakeups.close();
      await draining;
    },
  };
}
