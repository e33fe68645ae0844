// When a check-in happened: now, or when an offline phone scanned the ticket (its `scanned_at`),
// so the server keeps the door's own times. A phone's clock may be wrong by minutes or by years, and
// a check-in must never be lost to it (docs/decisions/0165): a phone that sends `Sent-At` (its clock
// as it sent the request) has its scan time read on that clock, and a time still in the future is
// taken as now: the person came in before the request arrived. Only a scan days old is refused (a
// stale queue).
import { checkInFieldMessages } from '../../shared/api-error.ts';

/** A clock this close to the server's is taken as right (the request's own transit time). */
export const allowedSkewMs = 2 * 60_000;
/** How long a phone may hold a check-in before sending it. */
export const maxAgeMs = 7 * 24 * 60 * 60_000;

/**
 * `sentAt`: the phone's clock when it sent the request (its `Sent-At` header), if it said; the
 * difference from `now` is that clock's error (give or take the transit time).
 */
export function checkInTime(
  scannedAt: string | undefined,
  now: number,
  sentAt?: string,
): { at: string } | { problem: string } {
  if (scannedAt === undefined) return { at: new Date(now).toISOString() };
  let time = Date.parse(scannedAt);
  const phoneNow = sentAt === undefined ? Number.NaN : Date.parse(sentAt);
  if (Number.isFinite(phoneNow) && Math.abs(now - phoneNow) > allowedSkewMs) {
    time += now - phoneNow;
  }
  time = Math.min(time, now);
  if (time < now - maxAgeMs) return { problem: checkInFieldMessages.scannedAtTooOld };
  return { at: new Date(time).toISOString() };
}
