// Reading the live-change log, as each database allows: what the hub (live-hub.ts) reads through,
// never comparing raw numbers. SQLite has one writer: a change is final once it is visible, in
// sequence order (live-log.sqlite.ts, docs/decisions/0022). PostgreSQL has many: a change is final
// once every transaction that could still commit before it has ended (live-log.postgres.ts,
// docs/decisions/0108). open-live.ts picks one by database.
import type { LoggedChange } from './live-changes.repository.ts';
import type { LogPosition } from './log-position.ts';

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
