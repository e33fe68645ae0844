// Reading the live-change log, as each database allows. SQLite has one writer: a change is final
// once it is visible, in sequence order (docs/decisions/0022). PostgreSQL has many: a change is
// final once every transaction that could still commit before it has ended (live-log.postgres.ts,
// docs/decisions/0108). The hub (live-hub.ts) reads through this and never compares raw numbers.
import type { Db } from '../db/database.ts';
import {
  changesAfter,
  logBounds,
  pruneChanges,
  type LoggedChange,
} from './live-changes.repository.ts';
import type { LogPosition } from './log-position.ts';
import { postgresLiveLog } from './live-log.postgres.ts';

export interface PositionedChange extends LoggedChange {
  position: LogPosition;
}

export interface LiveLog {
  /** The newest final change's position (logStart on an empty log): where a fresh reader starts. */
  head(): Promise<LogPosition>;
  /**
   * Final changes after `after`, in order, at most `limit`. `waiting`: some committed changes are
   * not final yet (an older transaction is still running): read again soon.
   */
  read(
    after: LogPosition,
    limit: number,
  ): Promise<{ changes: PositionedChange[]; waiting: boolean }>;
  /** Whether the log still holds every change after `position` (false: resend the whole list). */
  reaches(position: LogPosition): Promise<boolean>;
  /** Forgets changes made before `before` (ISO time), always keeping the newest. */
  prune(before: string): Promise<number>;
}

function sqliteLiveLog(db: Db): LiveLog {
  const { kysely } = db;
  return {
    async head() {
      return { xid: 0n, seq: BigInt((await logBounds(kysely)).head) };
    },
    async read(after, limit) {
      const changes = await changesAfter(kysely, Number(after.seq), limit);
      return {
        changes: changes.map((c) => ({ ...c, position: { xid: 0n, seq: BigInt(c.seq) } })),
        waiting: false,
      };
    },
    async reaches({ xid, seq }) {
      if (xid !== 0n) return false;
      const { head, oldest } = await logBounds(kysely);
      // Ahead of the log (another database, a restore) or behind what it still holds.
      return seq <= BigInt(head) && seq >= BigInt(oldest) - 1n;
    },
    prune(before) {
      return pruneChanges(kysely, before);
    },
  };
}

export function liveLogOf(db: Db): LiveLog {
  return db.kind === 'postgres' ? postgresLiveLog(db) : sqliteLiveLog(db);
}
