// One per instance: when woken, reads the live-change log past the last change it delivered,
// re-reads the rows those changes touched (once for all its subscribers), and hands each
// subscriber `{seq, change}` in order. Also answers a reconnecting panel: what it missed, or that
// the log no longer reaches back that far (reset).
import type { FastifyBaseLogger } from 'fastify';
import type { RegistrationChange } from '../../shared/live-change.schema.ts';
import type { Db } from '../db/database.ts';
import { findRegistrations } from '../registrations/registrations.repository.ts';
import { changesAfter, logBounds, type LoggedChange } from './live-changes.repository.ts';
import type { Wakeups } from './wakeups.ts';

export interface LiveMessage {
  seq: number;
  change: RegistrationChange;
}

export type LiveListener = (message: LiveMessage) => void;

/** Where a stream starts: after `head`, having first sent `missed`; or a reset (reload the list). */
export type CatchUp = { head: number; missed: LiveMessage[] } | { head: number; reset: true };

export interface LiveHub {
  /** After a commit: look for new changes. Fire-and-forget; never throws (failures are logged). */
  poke(): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: LiveListener): () => void;
  /** For a client that has seen every change up to `seenSeq` (undefined: none, a fresh start). */
  catchUp(seenSeq: number | undefined): Promise<CatchUp>;
  close(): Promise<void>;
}

export interface LiveHubOptions {
  db: Db;
  wakeups: Wakeups;
  log: FastifyBaseLogger;
}

const batchSize = 500;

export async function openLiveHub({ db, wakeups, log }: LiveHubOptions): Promise<LiveHub> {
  const listeners = new Set<LiveListener>();
  let delivered = (await logBounds(db.kysely)).head;
  let draining: Promise<void> | null = null;
  let wokenWhileDraining = false;
  let closed = false;

  /**
   * The changes as messages, rows re-read now; a change whose row is gone since is skipped, and
   * so is one to another edition's registration (panels and doors show the current edition).
   */
  async function toMessages(changes: readonly LoggedChange[]): Promise<LiveMessage[]> {
    const touched = changes.filter((c) => c.type !== 'deleted').map((c) => c.registrationId);
    const rows = new Map(
      (await findRegistrations(db.kysely, [...new Set(touched)], { currentEdition: true })).map(
        (r) => [r.id, r],
      ),
    );
    const messages: LiveMessage[] = [];
    for (const { seq, type, registrationId } of changes) {
      if (type === 'deleted') {
        messages.push({ seq, change: { type, id: registrationId } });
        continue;
      }
      const registration = rows.get(registrationId);
      // Deleted meanwhile: its deletion comes later in the log.
      if (registration) messages.push({ seq, change: { type, registration } });
    }
    return messages;
  }

  function fanOut(message: LiveMessage) {
    for (const listener of listeners) {
      try {
        listener(message);
      } catch (error) {
        log.error({ err: error }, 'live listener failed');
      }
    }
  }

  async function drain() {
    for (;;) {
      const changes = await changesAfter(db.kysely, delivered, batchSize);
      if (changes.length === 0) return;
      // Nobody listening (no panel open): the rows are not read back for no one.
      if (listeners.size > 0) for (const message of await toMessages(changes)) fanOut(message);
      delivered = changes.at(-1)!.seq;
      if (changes.length < batchSize) return;
    }
  }

  function wake() {
    if (closed) return;
    if (draining) {
      wokenWhileDraining = true;
      return;
    }
    draining = drain()
      .catch((error: unknown) => log.error({ err: error }, 'reading live changes failed'))
      .finally(() => {
        draining = null;
        if (wokenWhileDraining) {
          wokenWhileDraining = false;
          wake();
        }
      });
  }

  await wakeups.start(wake);

  return {
    poke() {
      try {
        wakeups.poke();
      } catch (error) {
        log.error({ err: error }, 'live poke failed');
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async catchUp(seenSeq) {
      const { head, oldest } = await logBounds(db.kysely);
      if (seenSeq === undefined) return { head, missed: [] };
      // Ahead of the log (another database, a restore) or behind what it still holds.
      if (seenSeq > head || seenSeq < oldest - 1) return { head, reset: true };
      const missed: LiveMessage[] = [];
      for (let after = seenSeq; after < head;) {
        const changes = await changesAfter(db.kysely, after, batchSize);
        const upToHead = changes.filter((c) => c.seq <= head);
        if (upToHead.length === 0) break;
        missed.push(...(await toMessages(upToHead)));
        after = upToHead.at(-1)!.seq;
      }
      return { head, missed };
    },
    async close() {
      closed = true;
      listeners.clear();
      await wakeups.close();
      await draining;
    },
  };
}
