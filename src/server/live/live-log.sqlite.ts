// The live-change log on SQLite: one writer, so a change is final once it is visible, and its
// sequence number is its position (docs/decisions/0022).
import type { Db } from '../db/database.ts';
import { changesAfter, logBounds, pruneChanges } from './live-changes.repository.ts';
import type { LiveLog } from './live-log.ts';

export function sqliteLiveLog(db: Db): LiveLog {
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
