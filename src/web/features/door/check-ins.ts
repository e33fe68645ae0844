// Deciding at the door, as pure functions: the verdict from the server's answer, or from the list
// this phone holds when the server cannot be reached; what is queued meanwhile, and how the queue
// shows in the list until it is sent (docs/decisions/0052-door-offline.md).
import { clientErrorTable, errorTable } from '@shared/api-error.ts';
import type { Attendee, CheckInRequest, CheckInResult } from '@shared/door.schema.ts';

/** A check-in decided on this phone without the server, waiting to be sent. */
export interface QueuedCheckIn {
  kind: 'check-in';
  /** Its Idempotency-Key, the same on every attempt: a retry after a lost answer is no second entry. */
  key: string;
  /** By the QR's code or by the id (found by name), with the time of the scan. */
  request: CheckInRequest & { scanned_at: string };
  attendeeId: string;
  name: string;
  /** The account that let the person in. */
  by: string;
  /**
   * A request already carried it (the live attempt got no answer in time, or a 5xx): the server
   * may have it, so 'Desfazer' cannot simply drop it.
   */
  attempted?: boolean;
  /** Its place in the queue (IndexedDB's key), once stored. */
  order?: number;
}

/**
 * 'Desfazer' on a check-in the server has, or may have: pressed without the server, or while that
 * check-in was still queued after a request that carried it.
 */
export interface QueuedUndo {
  kind: 'undo';
  key: string;
  attendeeId: string;
  name: string;
  at: string;
  by: string;
  /** The queued check-in it undoes: dropped with it when the server did not count that one. */
  undoes?: string;
  order?: number;
}

export type QueuedAction = QueuedCheckIn | QueuedUndo;

export type Verdict =
  | { kind: 'admitted'; attendee: Attendee; offline: boolean }
  | { kind: 'already'; attendee: Attendee; at: string; by: string | null; offline: boolean }
  | { kind: 'invalid' }
  /** No answer from the server, and the code is not in the list this phone holds (or it has none). */
  | { kind: 'unverified' }
  | { kind: 'not_confirmed'; attendee?: Attendee }
  /** The person or the organizer cancelled the registration (decision 0130). */
  | { kind: 'cancelled'; attendee?: Attendee }
  /** The server refused the check-in for another reason: its own words. */
  | { kind: 'refused'; message: string }
  | { kind: 'undone'; attendee: Attendee };

/** What the door makes of a failed request, by its error's code (src/shared/api-error.ts). */
export type Failure =
  /** No answer (no network, too slow): the signal is gone, whatever the phone believes. */
  | 'no_answer'
  /** The session is gone: the page's query client has ended it (lib/live-query-client.ts). */
  | 'session'
  /** Another account signed in on this browser since the screen opened (decision 0210). */
  | 'other_account'
  | 'invalid'
  | 'not_confirmed'
  | 'cancelled'
  /** A passing failure (rate limit, the server's own trouble, a proxy's page): try again later. */
  | 'passing'
  /** Any other refusal: sending it again would be refused again. */
  | 'refused';

const failures: Readonly<Record<string, Failure>> = {
  [clientErrorTable.network.code]: 'no_answer',
  [clientErrorTable.timeout.code]: 'no_answer',
  [clientErrorTable.unavailable.code]: 'passing',
  [errorTable.rateLimited.code]: 'passing',
  [errorTable.internal.code]: 'passing',
  [errorTable.unauthorized.code]: 'session',
  [errorTable.otherAccount.code]: 'other_account',
  [errorTable.ticketNotFound.code]: 'invalid',
  [errorTable.attendeeNotConfirmed.code]: 'not_confirmed',
  [errorTable.registrationCancelled.code]: 'cancelled',
};

export function failureOf(code: string): Failure {
  return failures[code] ?? 'refused';
}

/**
 * The verdict from the list this phone holds (queued check-ins included). A code it does not hold
 * proves nothing: the list may not be loaded, or be older than the person's confirmation.
 */
export function decideLocally(attendee: Attendee | undefined): Verdict {
  if (!attendee) return { kind: 'unverified' };
  if (attendee.status !== 'confirmed') return { kind: 'not_confirmed', attendee };
  if (attendee.checked_in_at) {
    return {
      kind: 'already',
      attendee,
      at: attendee.checked_in_at,
      by: attendee.checked_in_by,
      offline: true,
    };
  }
  return { kind: 'admitted', attendee, offline: true };
}

/** The verdict from the server's 200 answer. */
export function verdictFromResult(result: CheckInResult): Verdict {
  if (result.result === 'checked_in') {
    return { kind: 'admitted', attendee: result.registration, offline: false };
  }
  return {
    kind: 'already',
    attendee: result.registration,
    at: result.checked_in_at,
    by: result.checked_in_by,
    offline: false,
  };
}

/** The list as the door sees it: the server's, with what is still queued on this phone applied. */
export function withQueued(list: readonly Attendee[], queue: readonly QueuedAction[]): Attendee[] {
  if (queue.length === 0) return list as Attendee[];
  const byId = new Map<string, QueuedAction[]>();
  for (const action of queue) {
    byId.set(action.attendeeId, [...(byId.get(action.attendeeId) ?? []), action]);
  }
  return list.map((attendee) => {
    const actions = byId.get(attendee.id);
    if (!actions) return attendee;
    return actions.reduce<Attendee>((current, action) => {
      if (action.kind === 'undo') return { ...current, checked_in_at: null, checked_in_by: null };
      // Checked in elsewhere first: the server's time stands (the conflict is reported on sending).
      if (current.checked_in_at) return current;
      return { ...current, checked_in_at: action.request.scanned_at, checked_in_by: action.by };
    }, attendee);
  });
}

/** What sending one queued check-in came to. */
export type SendOutcome =
  | { kind: 'sent' }
  /** The server decided otherwise: reported to the door, not hidden. */
  | { kind: 'conflict'; reason: 'elsewhere'; at: string; by: string }
  /** `invalid`: no such ticket on the server any more (the registration deleted meanwhile). */
  | { kind: 'conflict'; reason: 'invalid' | 'not_confirmed' | 'cancelled' }
  /** Any other refusal, in the server's own words when it gave some. */
  | { kind: 'conflict'; reason: 'refused'; message?: string }
  /** No answer, or a passing failure: keep it and try again later. */
  | { kind: 'retry' }
  | { kind: 'unauthorized' }
  /** Sent under another account's session: left queued for its own account (decision 0210). */
  | { kind: 'other_account' };

/** Classifies a queued check-in's answer: its result, or how it failed (and the server's words). */
export function sendOutcome(
  answer: CheckInResult | { failure: Failure; message?: string },
): SendOutcome {
  if ('result' in answer) {
    return answer.result === 'checked_in'
      ? { kind: 'sent' }
      : {
          kind: 'conflict',
          reason: 'elsewhere',
          at: answer.checked_in_at,
          by: answer.checked_in_by,
        };
  }
  switch (answer.failure) {
    case 'session':
      return { kind: 'unauthorized' };
    case 'other_account':
      return { kind: 'other_account' };
    case 'invalid':
    case 'not_confirmed':
    case 'cancelled':
      return { kind: 'conflict', reason: answer.failure };
    case 'refused':
      return { kind: 'conflict', reason: 'refused', message: answer.message };
    case 'no_answer':
    case 'passing':
      return { kind: 'retry' };
  }
}
