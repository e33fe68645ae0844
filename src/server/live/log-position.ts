// Where a change stands in the live-change log, and how a live stream names it in `id:` (what the
// browser sends back as Last-Event-ID). SQLite has one writer, so its sequence number is the
// order (`id: 57`). On PostgreSQL writers commit in any order, so a change stands at its writing
// transaction's id, then its sequence number (`id: 812-57`): every change of a transaction whose
// id is below the oldest one still running is final, and a change that commits late comes after
// everything already delivered, even when its sequence number is lower (docs/decisions/0108).

export interface LogPosition {
  /** The writing transaction's id on PostgreSQL (xid8); 0 on SQLite. */
  xid: bigint;
  /** The change's sequence number; 0: before every change of that transaction. */
  seq: bigint;
}

/** Before every change: a fresh log. */
export const logStart: LogPosition = { xid: 0n, seq: 0n };

export function comparePositions(a: LogPosition, b: LogPosition): number {
  if (a.xid !== b.xid) return a.xid < b.xid ? -1 : 1;
  if (a.seq !== b.seq) return a.seq < b.seq ? -1 : 1;
  return 0;
}

/** The SSE `id:` of a position. */
export function formatPosition({ xid, seq }: LogPosition): string {
  return xid === 0n ? String(seq) : `${xid}-${seq}`;
}

/** A client's Last-Event-ID as a position; undefined when it names none (then: a reset). */
export function parsePosition(id: string): LogPosition | undefined {
  const match = /^(?:(\d{1,20})-)?(\d{1,19})$/.exec(id);
  if (!match) return undefined;
  return { xid: BigInt(match[1] ?? 0), seq: BigInt(match[2]!) };
}
