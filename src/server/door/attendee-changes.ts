// The door's view of a change to a registration (its live stream): the attendee as it is now, or
// that it left the list. A new registration still waiting for confirmation was never on it, so
// the door hears nothing of it.
import type { AttendeeChange } from '../../shared/door.schema.ts';
import type { RegistrationChange } from '../../shared/live-change.schema.ts';
import { toAttendee } from './attendees.repository.ts';

export function toAttendeeChange(change: RegistrationChange): AttendeeChange | undefined {
  if (change.type === 'deleted') return { type: 'removed', id: change.id };
  const { registration } = change;
  if (registration.status === 'confirmed') {
    return { type: 'upserted', attendee: toAttendee(registration) };
  }
  return change.type === 'created' ? undefined : { type: 'removed', id: registration.id };
}
