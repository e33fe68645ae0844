// The live-change log on PostgreSQL, read in commit-safe order without making writers wait for
// one another (docs/decisions/0108). Each row carries its writing transaction's id (column `xid`,
// xid8, filled by its default). Sequence numbers are handed out when rows are written, not when
// they commit, so a reader that followed them could pass a number whose transaction commits
// later and never look back. Instead a change is read once it is final, that is once its
// transaction's id is below the oldest transaction still running (pg_snapshot_xmin of the
// reader's snapshot): it has committed, and every transaction that could still commit a change
// has a larger id. Read in (xid, seq) order, what is final never gains a row before what was
// already read. What has committed but is not final yet (an older transaction, of any database
// on the server, is still running) is reported as `waiting`, and the hub reads again shortly.
import { sql } from 'kysely';
import type { LiveChangeType } from '../../shared/live-change.schema.ts';
import type { Db } from '../db/database.ts';
import type { LiveLog, PositionedChange } from './live-log.ts';
import { comparePositions, logStart, type LogPosition } from './log-position.ts';

interface Row {
  xid: string;
  seq: string;
  type: LiveChangeType;
  registration_id: string;
}

const horizon = sql`pg_snapshot_xmin(pg_current_snapshot())`;

const positionOf = (row: { xid: string; seq: string }): LogPosition => ({
  xid: BigInt(row.xid),
  seq: BigInt(row.seq),
});

export function postgresLiveLog(db: Db): LiveLog {
  const { kysely } = db;

  async function head() {
    const { rows } = await sql<Pick<Row, 'xid' | 'seq'>>`
      select l.xid::text as xid, l.seq::text as seq from live_changes l
      where l.xid < ${horizon}
      order by l.xid desc, l.seq desc limit 1`.execute(kysely);
    return rows[0] ? positionOf(rows[0]) : logStart;
  }

  return {
    head,

    async read(after, limit) {
      // Only the final rows travel, and one flag says whether committed changes wait behind an
      // older transaction. (Reading the waiting rows too, and stopping at the first, sent up to
      // `limit` rows every few milliseconds for nothing while a transaction held the horizon:
      // under load, or while any other database on the server kept one open. Decision 0127.)
      // Final rows are a prefix of the (xid, seq) order, so `l.xid < horizon` bounds the index
      // scan. (The text aliases must not be what ORDER BY sees: `l.` keeps it on the index.)
      const position = sql`(${String(after.xid)}::xid8, ${String(after.seq)}::bigint)`;
      const { rows } = await sql<Row & { waiting: boolean }>`
        select l.xid::text as xid, l.seq::text as seq, l.type, l.registration_id, w.waiting
        from (
          select exists (
            select 1 from live_changes n
            where (n.xid, n.seq) > ${position} and n.xid >= ${horizon}
          ) as waiting
        ) w
        left join lateral (
          select l.xid, l.seq, l.type, l.registration_id from live_changes l
          where (l.xid, l.seq) > ${position} and l.xid < ${horizon}
          order by l.xid, l.seq limit ${limit}
        ) l on true
        order by l.xid, l.seq`.execute(kysely);
      const changes: PositionedChange[] = [];
      for (const row of rows) {
        if (row.seq === null) continue;
        changes.push({
          seq: Number(row.seq),
          type: row.type,
          registrationId: row.registration_id,
          position: positionOf(row),
        });
      }
      // A full batch: the hub reads on at once; what waits behind it is told on a later read.
      return { changes, waiting: changes.length < limit && rows[0]?.waiting === true };
    },

    async reaches(position) {
      if (position.xid === 0n) {
        // A stream that began on an empty log: whole while nothing is final yet. (Once anything
        // is, a reset; the log never empties again, so this is a fresh database's first minutes.)
        if (position.seq !== 0n) return false;
        return comparePositions(await head(), logStart) === 0;
      }
      // A position is one the log delivered: its row, final, still kept (pruning removes the
      // oldest first, so everything after it is kept too).
      const { rows } = await sql<{ found: boolean }>`
        select exists (
          select 1 from live_changes
          where xid = ${String(position.xid)}::xid8 and seq = ${String(position.seq)}::bigint
            and xid < ${horizon}
        ) as found`.execute(kysely);
      return rows[0]?.found === true;
    },

    async prune(before) {
      // Everything before the newest final change older than `before`, which stays: a stream
      // that had reached it is still whole, and the log never empties.
      const result = await sql`
        delete from live_changes
        where (xid, seq) < (
          select xid, seq from live_changes
          where changed_at < ${before} and xid < ${horizon}
          order by xid desc, seq desc limit 1
        )`.execute(kysely);
      return Number(result.numAffectedRows ?? 0);
    },
  };
}
