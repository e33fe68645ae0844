// When a check-in happened: now, or when an offline phone scanned the ticket (its `scanned_at`),
// so the server keeps the door's own times. A phone's clock may run a little ahead; a time far
// in the future or days old is a broken clock or a stale queue, and is refused.
import { checkInFieldMessages } from '../../shared/api-error.ts';

/** How far ahead of the server's clock a phone's may run. */
export const allowedSkewMs = 2 * 60_000;
/** How long a phone may hold a check-in before sending it. */
export const maxAgeMs = 7 * 24 * 60 * 60_000;

export function checkInTime(
  scannedAt: string | undefined,
  now: number,
): { at: string } | { problem: string } {
  if (scannedAt === undefined) return { at: new Date(now).toISOString() };
  const time = Date.parse(scannedAt);
  if (time > now + allowedSkewMs) return { problem: checkInFieldMessages.scannedAtFuture };
  if (time < now - maxAgeMs) return { problem: checkInFieldMessages.scannedAtTooOld };
  return { at: new Date(time).toISOString() };
}
