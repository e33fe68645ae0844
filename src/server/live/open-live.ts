// The one place that chooses how an instance hears of new live changes, by database.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { openLiveHub, type LiveHub } from './live-hub.ts';
import { inProcessWakeups, type Wakeups } from './wakeups.ts';

function wakeupsFor(db: Db): Wakeups {
  switch (db.kind) {
    case 'sqlite':
      // One instance per database file: its own writes are all there is.
      return inProcessWakeups();
    case 'postgres':
      // Several instances share the database: LISTEN/NOTIFY on a connection of its own
      // (db.postgres) belongs here. Until then, each instance hears only its own writes.
      return inProcessWakeups();
  }
}

export function openLive(db: Db, log: FastifyBaseLogger): Promise<LiveHub> {
  return openLiveHub({ db, wakeups: wakeupsFor(db), log });
}
