// The door's API calls. Errors arrive as ApiRequestError; the door reads their code.
import type { Attendee, CheckInRequest, CheckInResult } from '@shared/door.schema.ts';
import { api, withId } from '@shared/paths.ts';
import { ApiRequestError, apiRequest } from '@/lib/api-client.ts';
import { failureOf, type Failure } from './check-ins.ts';

/** Thousands of attendees on a slow connection are no stall. */
const listTimeoutMs = 120_000;
/**
 * A check-in answers in milliseconds; a door in a queue cannot wait longer than this for a weak
 * signal: past it the phone decides from its own list and sends the check-in later.
 */
export const checkInTimeoutMs = 2500;

export function listAttendees(signal?: AbortSignal): Promise<Attendee[]> {
  return apiRequest<Attendee[]>(api.doorAttendees, { signal, timeoutMs: listTimeoutMs });
}

/**
 * `key`: the Idempotency-Key, the same for every attempt at one check-in. A queued one carries its
 * `scanned_at`, read on this phone's clock: `Sent-At` tells the server that clock as it sends, so
 * the server reads the scan time on its own clock, however wrong the phone's (decision 0165).
 * `account`: who decided it; the server refuses it under another session (decision 0210).
 */
export function checkIn(
  request: CheckInRequest,
  key: string,
  account: string,
  timeoutMs = checkInTimeoutMs,
): Promise<CheckInResult> {
  const sentAt: Record<string, string> = request.scanned_at
    ? { 'sent-at': new Date().toISOString() }
    : {};
  return apiRequest<CheckInResult>(api.doorCheckIns, {
    method: 'POST',
    body: request,
    headers: { 'idempotency-key': key, 'door-account': account, ...sentAt },
    timeoutMs,
  });
}

export function undoCheckIn(registrationId: string, account: string): Promise<unknown> {
  return apiRequest<unknown>(withId(api.doorCheckIn, registrationId), {
    method: 'DELETE',
    headers: { 'door-account': account },
    timeoutMs: checkInTimeoutMs,
  });
}

/** How a door request failed; anything thrown that is no answer of the API counts as none. */
export function failureOfError(error: unknown): Failure {
  return error instanceof ApiRequestError ? failureOf(error.code) : 'no_answer';
}
