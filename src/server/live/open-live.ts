// The one place that chooses how an instance reads the live-change log and hears of new changes,
// by database; and where every commit that logged a change wakes the hub (db/commit-wakes.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { PostgresListener } from '../db/postgres-listener.ts';
import { openLiveHub, type LiveHub } from './live-hub.ts';
import type { LiveLog } from './live-log.ts';
import { postgresLiveLog } from './live-log.postgres.ts';
import { sqliteLiveLog } from './live-log.sqlite.ts';
import { inProcessWakeups, notifiedWakeups, type Wakeups } from './wakeups.ts';

export function liveLogOf(db: Db): LiveLog {
  return db.kind === 'postgres' ? postgresLiveLog(db) : sqliteLiveLog(db);
}

function wakeupsFor(db: Db, listener: PostgresListener | undefined): Wakeups {
  switch (db.kind) {
    case 'sqlite':
      // One instance per database file: its own writes are all there is.
      return inProcessWakeups();
    case 'postgres':
      // Several instances share the database: each hears every commit through LISTEN/NOTIFY.
      if (!listener) throw new Error('PostgreSQL needs its LISTEN connection for live changes');
      return notifiedWakeups(listener);
  }
}

export async function openLive(
  db: Db,
  logger: FastifyBaseLogger,
  listener: PostgresListener | undefined,
): Promise<LiveHub> {
  const hub = await openLiveHub({
    db,
    log: liveLogOf(db),
    wakeups: wakeupsFor(db, listener),
    logger,
    // PostgreSQL: every instance's commit wakes every instance; under load each read of the log
    // takes what 25 ms of commits wrote, instead of each instance reading after every one.
    minGapMs: db.kind === 'postgres' ? 25 : 0,
  });
  const unsubscribe = db.wakes.on('live', () => hub.poke());
  return {
    ...hub,
    async close() {
      unsubscribe();
      await hub.close();
    },
  };
}
