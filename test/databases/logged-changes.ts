// The live-change log as the live stream delivers it (docs/decisions/0108), for tests to compare
// streams with: each change with its stream `id:`. On PostgreSQL, once every committed change is
// final (no older transaction, of any database on the server, still running): what the streams
// have sent, or are about to.
import { sql } from 'kysely';
import type { LiveChangeType } from '../../src/shared/live-change.schema.ts';
import type { Db } from '../../src/server/db/database.ts';
import { formatPosition } from '../../src/server/live/log-position.ts';

/** Waits until every committed change is final (other tests' transactions hold the horizon). */
async function allFinal(db: Db): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await sql<{ waiting: boolean }>`
      select exists (
        select 1 from live_changes where xid >= pg_snapshot_xmin(pg_current_snapshot())
      ) as waiting`.execute(db.kysely);
    if (!rows[0]?.waiting) return;
    if (Date.now() > deadline) throw new Error('live changes still not final after 10 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export async function loggedChangesIn(db: Db) {
  if (db.kind === 'postgres') {
    await allFinal(db);
    const { rows } = await sql<{
      xid: string;
      seq: string;
      type: LiveChangeType;
      registration_id: string;
    }>`
      select l.xid::text as xid, l.seq::text as seq, l.type, l.registration_id
      from live_changes l order by l.xid, l.seq`.execute(db.kysely);
    return rows.map(({ xid, seq, type, registration_id }) => ({
      id: formatPosition({ xid: BigInt(xid), seq: BigInt(seq) }),
      seq: Number(seq),
      type,
      registration_id,
    }));
  }
  const rows = await db.kysely
    .selectFrom('live_changes')
    .select(['seq', 'type', 'registration_id'])
    .orderBy('seq')
    .execute();
  return rows.map((row) => ({ id: String(row.seq), ...row, seq: Number(row.seq) }));
}
