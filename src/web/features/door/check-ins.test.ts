import { describe, expect, it } from 'vitest';
import { attendee } from '#test/builders/attendees.ts';
import { clientErrorTable, errorTable } from '@shared/api-error.ts';
import {
  decideLocally,
  failureOf,
  sendOutcome,
  verdictFromResult,
  withQueued,
  type QueuedCheckIn,
} from './check-ins.ts';

const at = '2025-12-06T12:31:00.000Z';

function queued(attendeeId: string, scannedAt = at): QueuedCheckIn {
  return {
    kind: 'check-in',
    key: crypto.randomUUID(),
    request: { registration_id: attendeeId, scanned_at: scannedAt },
    attendeeId,
    name: 'Ana',
    by: 'porta@exemplo.com',
  };
}

describe('deciding without the server', () => {
  it('lets a confirmed person in once, then says when and by whom they came in', () => {
    const ana = attendee();
    expect(decideLocally(ana)).toEqual({ kind: 'admitted', attendee: ana, offline: true });
    const [inside] = withQueued([ana], [queued(ana.id)]);
    expect(decideLocally(inside)).toEqual({
      kind: 'already',
      attendee: inside,
      at,
      by: 'porta@exemplo.com',
      offline: true,
    });
  });

  it('refuses an unconfirmed registration; a code not in its list is unverified, not invalid', () => {
    expect(decideLocally(undefined)).toEqual({ kind: 'unverified' });
    const pending = attendee({ status: 'pending' });
    expect(decideLocally(pending)).toEqual({ kind: 'not_confirmed', attendee: pending });
  });
});

describe('withQueued', () => {
  it('shows queued check-ins and undos in the list, and keeps a time the server already had', () => {
    const ana = attendee();
    const bruno = attendee({ checked_in_at: '2025-12-06T12:00:00.000Z', checked_in_by: 'b@x.com' });
    const carla = attendee();
    const list = [ana, bruno, carla];
    expect(withQueued(list, [])).toBe(list);
    const undo = {
      kind: 'undo' as const,
      key: 'u',
      attendeeId: carla.id,
      name: 'Carla',
      at,
      by: 'p',
    };
    const shown = withQueued(list, [queued(ana.id), queued(bruno.id), queued(carla.id), undo]);
    expect(shown[0]).toMatchObject({ checked_in_at: at, checked_in_by: 'porta@exemplo.com' });
    expect(shown[1]).toBe(bruno);
    expect(shown[2]).toMatchObject({ checked_in_at: null, checked_in_by: null });
  });
});

describe('the server’s answers', () => {
  it('turns a 200 into a verdict', () => {
    const ana = attendee({ checked_in_at: at, checked_in_by: 'p@x.com' });
    const base = { registration: ana, checked_in_at: at, checked_in_by: 'p@x.com' };
    expect(verdictFromResult({ result: 'checked_in', ...base })).toMatchObject({
      kind: 'admitted',
      offline: false,
    });
    expect(verdictFromResult({ result: 'already_checked_in', ...base })).toMatchObject({
      kind: 'already',
      at,
      by: 'p@x.com',
    });
  });

  it('classifies what sending a queued check-in came to', () => {
    const ana = attendee();
    const base = { registration: ana, checked_in_at: at, checked_in_by: 'x@y.com' };
    expect(sendOutcome({ result: 'checked_in', ...base })).toEqual({ kind: 'sent' });
    expect(sendOutcome({ result: 'already_checked_in', ...base })).toEqual({
      kind: 'conflict',
      reason: 'elsewhere',
      at,
      by: 'x@y.com',
    });
    const outcome = (code: string) => sendOutcome({ failure: failureOf(code) });
    expect(outcome(errorTable.ticketNotFound.code)).toEqual({
      kind: 'conflict',
      reason: 'invalid',
    });
    expect(outcome(errorTable.attendeeNotConfirmed.code)).toEqual({
      kind: 'conflict',
      reason: 'not_confirmed',
    });
    expect(outcome(errorTable.registrationCancelled.code)).toEqual({
      kind: 'conflict',
      reason: 'cancelled',
    });
    expect(
      sendOutcome({ failure: failureOf(errorTable.otherEdition.code), message: 'Outra.' }),
    ).toEqual({ kind: 'conflict', reason: 'refused', message: 'Outra.' });
    expect(outcome(errorTable.unauthorized.code)).toEqual({ kind: 'unauthorized' });
    for (const kind of [
      clientErrorTable.network,
      clientErrorTable.timeout,
      clientErrorTable.unavailable,
      errorTable.rateLimited,
      errorTable.internal,
    ]) {
      expect(outcome(kind.code), kind.code).toEqual({ kind: 'retry' });
    }
  });

  it('decides on the code, never on the status: a 409 is not always "not confirmed"', () => {
    // Both are 409s; only one of them says the registration is not confirmed.
    expect(errorTable.idempotencyKeyReused.status).toBe(errorTable.attendeeNotConfirmed.status);
    for (const kind of [
      errorTable.idempotencyKeyReused,
      errorTable.wrongRole,
      errorTable.validation,
      errorTable.crossSite,
    ]) {
      expect(failureOf(kind.code), kind.code).toBe('refused');
      expect(sendOutcome({ failure: failureOf(kind.code) })).toEqual({
        kind: 'conflict',
        reason: 'refused',
      });
    }
  });
});
